import Glibc
import TestSupport
import Testing

@testable import RosterRepository

@Suite struct FileIdentityTests {
    /// ext4 gives a new file the inode number of one just freed: a roster removed and made again had the identity of
    /// the one before, and a server read the old one on.
    @Test func aFileMadeAgainAtItsPathIsAnotherFile() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("a", to: "roster.db")
        let first = try #require(FileIdentity(path: path))
        #expect(FileIdentity(path: path) == first)
        #expect(unlink(path) == 0)
        _ = try folder.write("b", to: "roster.db")
        let second = try #require(FileIdentity(path: path))
        #expect(second != first)
        #expect(FileIdentity(path: folder.path("none")) == nil)
    }
}
