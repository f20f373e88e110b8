import CSQLite
import Glibc
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// A new roster gets `RosterDatabase.pageSize`; a file whose page size is set already keeps it.
@Suite struct PageSizeTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func pageSize(_ path: String) throws -> Int {
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
        return try connection.prepare("PRAGMA page_size").firstRow { $0.int(at: 0) } ?? -1
    }

    @Test func aNewRosterHasSixteenKibibytePages() throws {
        let path = folder.path("new.db")
        _ = try RosterDatabase(path: path, mode: .createIfMissing)
        #expect(try pageSize(path) == 16_384)
    }

    @Test func anEmptyFileBecomesARosterWithSixteenKibibytePages() throws {
        let path = folder.path("empty.db")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(descriptor >= 0)
        close(descriptor)
        _ = try RosterDatabase(path: path, mode: .createIfMissing)
        #expect(try pageSize(path) == 16_384)
    }

    @Test func aFileWithPagesOfItsOwnKeepsThem() throws {
        let path = folder.path("small-pages.db")
        do {
            // As SQLite's default makes it, and as rosters were made before: 4 KiB pages, fixed by the first write.
            let other = try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            try other.execute("PRAGMA page_size = 4096; PRAGMA journal_mode = WAL")
        }
        let database = try RosterDatabase(path: path, mode: .createIfMissing)
        try database.write(madeBy: "test") { players in
            _ = try players.insert(Player(name: "Ada Hegerberg", position: .striker))
        }
        #expect(try pageSize(path) == 4_096)
        #expect(try database.read { try $0.count() } == 1)
    }
}
