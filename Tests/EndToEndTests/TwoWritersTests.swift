import CSQLite
import Foundation
import Glibc
import TestSupport
import Testing

@testable import RosterRepository

/// Two writers of one roster: the second waits for the first, then writes.
@Suite struct TwoWritersTests {
    let folder: TemporaryDirectory
    let roster: String

    init() throws {
        folder = try TemporaryDirectory()
        roster = folder.path("roster.db")
        // Not the sample roster: with a few thousand players or fewer, the name search index the failure came from
        // does not show it.
        let players = (1...20_000).map { #"{"id":\#($0),"name":"Player \#($0)","position":"ST"}"# }
        let feed = try folder.write(players.joined(separator: "\n") + "\n", to: "players.ndjson")
        #expect(try RosterProcess.run(["--db", roster, "import", feed], in: folder.url).status == 0)
    }

    private static func sleeping(_ pid: Int32) -> Bool {
        guard let stat = FileBytes.read("/proc/\(pid)/stat") else { return false }
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return false }
        return text[text.index(close, offsetBy: 2)...].hasPrefix("S")
    }

    /// An import into a filled roster sets its UTF-8 triggers aside and makes them again, a change of the schema.
    /// A writer that waited for it failed at its first statement, which writes the name search index: SQLite's
    /// reload of the changed schema, run by that statement under the write lock, failed in FTS5's own statements
    /// ('no such table: players; another program removed it', exit 1), and `init` found nothing to restore.
    @Test(arguments: [
        ["add", "--name", "Second Writer", "--position", "GK"], ["edit", "3", "--goals", "7"], ["remove", "4"],
    ])
    func aWriterThatWaitsForAnImportWritesAfterIt(command: [String]) throws {
        let importing = try RunningRosterProcess(
            ["--db", roster, "import", "-", "--format", "ndjson"], in: folder.url)
        try importing.write(Data(#"{"id":1,"name":"Player 1","position":"ST","goals":99}"#.utf8 + [10]))
        // The import holds the write lock, with its triggers set aside, and waits for more input.
        #expect(importing.wait(upTo: 10) { importing.hasOpen(roster) && Self.sleeping(importing.pid) })
        let waiting = try RunningRosterProcess(["--db", roster, "--busy-timeout", "30"] + command, in: folder.url)
        #expect(waiting.wait(upTo: 10) { waiting.hasOpen(roster) && Self.sleeping(waiting.pid) })
        try importing.closeInput()
        let imported = try #require(importing.finish(within: 30))
        #expect(imported.status == 0, "\(imported.stderr)")
        try waiting.closeInput()
        let written = try #require(waiting.finish(within: 30))
        #expect(written.status == 0, "\(written.stderr)")
    }
}
