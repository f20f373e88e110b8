import Foundation
import TestSupport
import Testing

/// A temporary folder holding `roster.db` with the sample roster (`init --sample`), and rosterdb run on it.
struct SampleRoster {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        #expect(try run(["init", "--sample"]).status == 0)
    }

    /// rosterdb with `arguments`, on the sample roster, in its folder.
    @discardableResult
    func run(_ arguments: [String]) throws -> RosterProcess.Result {
        try RosterProcess.run(["--db", "roster.db"] + arguments, in: folder.url)
    }
}
