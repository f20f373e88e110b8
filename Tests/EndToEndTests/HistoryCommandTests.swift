import CSQLite
import Foundation
import TestSupport
import Testing

@testable import RosterRepository

/// `history` and `changes` as a user runs them, over three nightly imports, hand edits, another program's write and
/// a refused import: every committed change has its history, and nothing else does.
@Suite struct HistoryCommandTests {
    let folder: TemporaryDirectory
    let roster: String

    init() throws {
        folder = try TemporaryDirectory()
        roster = folder.path("roster.db")
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> RosterProcess.Result {
        try RosterProcess.run(["--db", roster] + arguments, in: folder.url)
    }

    /// Imports `lines` (NDJSON records) as the night's feed, with `--prune`.
    private func night(_ lines: [String], _ extra: [String] = []) throws -> RosterProcess.Result {
        try folder.write(lines.joined(separator: "\n") + "\n", to: "night.ndjson")
        return try run(["import", "--quiet", "--prune", "--max-prune", "100", "night.ndjson"] + extra)
    }

    private func feed(_ arguments: [String] = ["--since", "0"]) throws -> [[String: Any]] {
        let result = try run(["changes"] + arguments + ["--format", "ndjson"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
        }
    }

    static let salah = #"{"ref":"S","name":"Mohamed Salah","position":"RW","goals":29,"club":"Liverpool"}"#
    static let haaland = #"{"ref":"H","name":"Erling Haaland","position":"ST","goals":27,"club":"Manchester City"}"#
    static let saka = #"{"ref":"K","name":"Bukayo Saka","position":"RW","goals":16,"club":"Arsenal"}"#

    @Test func nightsEditsAndRemovalsAreEachKeptOnceAndInOrder() throws {
        #expect(try night([Self.salah, Self.haaland]).status == 0)
        // The same feed again: nothing changes, and no history is written.
        #expect(try night([Self.salah, Self.haaland]).status == 0)
        #expect(try feed().count == 2)
        // A transfer and a goal; Haaland leaves the feed.
        let moved = Self.salah.replacingOccurrences(of: "Liverpool", with: "Al-Hilal").replacingOccurrences(
            of: "29", with: "30")
        #expect(try night([moved, Self.saka]).status == 0)
        #expect(try run(["edit", "Bukayo Saka", "--goals", "17"]).status == 0)

        let entries = try feed()
        #expect(
            entries.map { $0["change"] as? String } == ["added", "added", "updated", "added", "removed", "updated"])
        #expect(entries.map { $0["number"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(entries[2]["made_by"] as? String == "import night.ndjson")
        let fields = try #require(entries[2]["fields"] as? [String: [Any]])
        #expect(fields["club"]?.compactMap { $0 as? String } == ["Liverpool", "Al-Hilal"])
        #expect(fields["goals"]?.compactMap { $0 as? Int } == [29, 30])
        #expect(entries[5]["made_by"] as? String == "edit")

        // Transfers: the club field only.
        let transfers = try feed(["--since", "0", "--field", "club", "--kind", "updated"])
        #expect(transfers.map { $0["name"] as? String } == ["Mohamed Salah"])
        // The feed goes on from a number.
        #expect(try feed(["--since", "4"]).map { $0["number"] as? Int } == [5, 6])
        let page = try run(["changes", "--since", "0", "--limit", "2", "--format", "json"])
        #expect(page.stdout.hasSuffix(",\"next\":2}\n"))

        // A player's timeline, newest first, for people; a removed player by id.
        let timeline = try run(["history", "Mohamed Salah"])
        #expect(timeline.status == 0)
        #expect(timeline.stdout.contains("Mohamed Salah (id 1): 2 changes, newest first"))
        #expect(timeline.stdout.contains("club   Liverpool → Al-Hilal"))
        let removed = try run(["history", "2", "--format", "ndjson"])
        #expect(removed.stdout.split(separator: "\n").count == 2)
        #expect(removed.stdout.hasPrefix(#"{"number":5,"#))
        #expect(try run(["history", "99"]).status == 1)
    }

    @Test func aRefusedImportLeavesNoHistoryAndAnotherProgramIsNamed() throws {
        #expect(try night([Self.salah]).status == 0)
        // An invalid record: nothing imported, nothing in the history.
        #expect(try night([Self.haaland, #"{"name":"No Position"}"#]).status == 65)
        #expect(try feed().count == 1)
        // Another program's write is recorded as such.
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try connection.execute("UPDATE players SET club = 'Roma' WHERE ref = 'S'")
        let entries = try feed()
        #expect(entries.count == 2)
        #expect(entries[1]["made_by"] is NSNull)
        #expect(try run(["history", "1"]).stdout.contains("another program"))
    }

    @Test func forgettingKeepsTheNewerChangesAndRefusesAFollowerThatMissedSome() throws {
        #expect(try night([Self.salah]).status == 0)
        #expect(try night([Self.salah, Self.haaland]).status == 0)
        let today = try #require(try feed().first?["at"] as? String).prefix(10)
        // The changes of today stay when forgetting before today.
        let kept = try run(["history", "--forget-before", String(today)])
        #expect(kept.status == 0)
        #expect(kept.stdout.hasPrefix("Forgot 0 changes made before \(today)"))
        #expect(try feed().count == 2)
        // Before a day not begun: refused.
        #expect(try run(["history", "--forget-before", "9999-01-01"]).status == 64)
        // The first night, dated back by another program, is forgotten.
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try connection.execute("UPDATE history_writes SET at = '2000-01-01T00:00:00.000Z' WHERE first_change = 1")
        #expect(try run(["history", "--forget-before", String(today)]).stdout.hasPrefix("Forgot 1 change made before"))
        let refused = try run(["changes", "--since", "0"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the changes after 0 are no longer kept: the history starts at change 2"))
        #expect(try feed(["--since", "1"]).map { $0["name"] as? String } == ["Erling Haaland"])
        // Past the latest change (2): a copy of another roster, or of this one before it was put back.
        #expect(try feed(["--since", "2"]).isEmpty)
        let ahead = try run(["changes", "--since", "3"])
        #expect(ahead.status == 1)
        #expect(ahead.stderr.contains("there is no change 3: this roster's latest change is 2;"), "\(ahead.stderr)")
    }

    /// Dates the writes of the history: the first on `first`, the others on `later`.
    private func date(first: String, later: String) throws {
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try connection.execute(
            """
            UPDATE history_start SET at = '\(first)T09:00:00.000Z';
            UPDATE history_writes SET at = CASE WHEN id = 1 THEN '\(first)T10:00:00.000Z' ELSE '\(later)T10:00:00.000Z' END
            """)
    }

    @Test func theRosterAsItWasAnswersQueriesShowAndStats() throws {
        #expect(try night([Self.salah, Self.haaland]).status == 0)
        let moved = Self.salah.replacingOccurrences(of: "Liverpool", with: "Al-Hilal")
        #expect(try night([moved, Self.saka]).status == 0)
        #expect(try run(["edit", "Bukayo Saka", "--name", "Bukayo Saka Jr"]).status == 0)
        try date(first: "2026-11-01", later: "2026-11-20")

        // On 10 November: Salah at Liverpool, Haaland there, Saka not yet.
        let then = try run(["query", "--at", "2026-11-10", "--sort", "goals:desc", "--format", "csv"])
        #expect(then.status == 0, "\(then.stderr)")
        #expect(
            then.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[2] } == [
                "Mohamed Salah", "Erling Haaland",
            ])
        #expect(then.stdout.contains("Liverpool"))
        #expect(
            try run(["query", "--at", "2026-11-10", "--club", "liverpool", "--format", "csv"]).stdout.contains("Salah"))
        #expect(try run(["query", "--at", "2026-11-10", "--name", "erling"]).stdout.contains("Haaland"))
        #expect(try run(["query", "--name", "erling"]).stdout.contains("No players match."))
        let shown = try run(["show", "2", "--at", "2026-11-10", "--format", "json"])
        #expect(shown.stdout.contains(#""name":"Erling Haaland""#))
        #expect(try run(["show", "3", "--at", "2026-11-10"]).status == 1)
        #expect(try run(["stats", "--at", "2026-11-10", "--format", "json"]).stdout.contains(#""players":2,"#))
        // Today's roster is as it is.
        #expect(try run(["query", "--format", "csv"]).stdout.contains("Bukayo Saka Jr"))
        // Before the history began: refused with its start.
        let before = try run(["query", "--at", "2026-10-31"])
        #expect(before.status == 1)
        #expect(before.stderr.contains("it starts at 2026-11-01T09:00:00.000Z"))
        // After today: the roster of a day to come is not known, whichever command asks.
        for command in [["query"], ["show", "1"], ["stats"]] {
            let later = try run(command + ["--at", "9999-12-31"])
            #expect(later.status == 64, "\(command): \(later.stderr)")
            #expect(later.stderr.contains("9999-12-31 is after today"), "\(command): \(later.stderr)")
            #expect(later.stdout.isEmpty)
        }
    }

    /// Another program that deletes the history's start, or its table: the commands say what to run, and `init` puts
    /// them back, the history starting anew.
    @Test func whatAnotherProgramRemovedOfTheHistoryIsPutBackByInit() throws {
        #expect(try night([Self.salah]).status == 0)
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try connection.execute("DELETE FROM history_start")
        let broken = try run(["history", "1"])
        #expect(broken.status == 1)
        #expect(
            broken.stderr.contains("run 'rosterdb init' on the roster to restore it (the history then starts anew)"))
        #expect(try run(["init"]).stdout.contains("the history's start (the history starts anew)"))
        try connection.execute("DROP TABLE player_history")
        #expect(try run(["edit", "1", "--goals", "1"]).stderr.contains("run 'rosterdb init' to restore it"))
        #expect(try run(["init"]).stdout.contains("player_history"))
        #expect(try run(["edit", "1", "--goals", "1"]).status == 0)
        #expect(try feed(["--since", "1"]).map { $0["number"] as? Int } == [2])
        // Without the values of then, the roster as it was is told from the restoring on only.
        try connection.execute("UPDATE history_start SET at = '2026-11-01T00:00:00.000Z'")
        #expect(try run(["query", "--at", "2026-11-02"]).status == 0)
        try connection.execute("DROP TABLE player_versions")
        #expect(try run(["query", "--at", "2026-11-02"]).stderr.contains("run 'rosterdb init' to restore it"))
        #expect(try run(["init"]).stdout.contains("player_versions"))
        #expect(try run(["query", "--at", "2026-11-02"]).stderr.contains("the history does not reach back"))
        #expect(try feed(["--since", "1"]).map { $0["number"] as? Int } == [2])
    }

    @Test func commandLineMistakesAreUsageErrors() throws {
        #expect(try run(["init"]).status == 0)
        #expect(try run(["changes"]).stderr.contains("Missing option '--since'."))
        #expect(try run(["changes", "--since", "yesterday"]).status == 64)
        #expect(try run(["history"]).status == 64)
        #expect(try run(["history", "1", "--forget-before", "2026-01-01"]).status == 64)
    }
}
