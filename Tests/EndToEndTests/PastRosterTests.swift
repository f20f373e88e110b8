import CSQLite
import Foundation
import TestSupport
import Testing

@testable import RosterRepository

/// `--at` against what the roster was: each day's answers kept as the days went by, then asked again with `--at`
/// on the roster whose history made them, on a roster restored from that history (`import --history`), and on a
/// roster whose values of then were made by the migration from its history alone.
@Suite struct PastRosterTests {
    let folder: TemporaryDirectory
    let roster: String

    init() throws {
        folder = try TemporaryDirectory()
        roster = folder.path("roster.db")
    }

    @discardableResult
    private func run(_ arguments: [String], on path: String? = nil) throws -> RosterProcess.Result {
        let result = try RosterProcess.run(["--db", path ?? roster] + arguments, in: folder.url)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    private func night(_ lines: [String]) throws {
        try folder.write(lines.joined(separator: "\n") + "\n", to: "night.ndjson")
        try run(["import", "--quiet", "--prune", "--max-prune", "100", "night.ndjson"])
    }

    /// The answers `--at` must give back: every player in two orders, a name search for each name the days used, a
    /// club and the stats.
    private static let questions: [[String]] = [
        ["query", "--all", "--format", "csv"],
        ["query", "--all", "--format", "csv", "--sort", "goals:desc"],
        ["query", "--name", "haaland", "--format", "csv"],
        ["query", "--name", "erling", "--format", "csv"],
        ["query", "--name", "saka", "--format", "csv"],
        ["query", "--name", "junior", "--format", "csv"],
        ["query", "--name", "salah", "--format", "csv"],
        ["query", "--club", "liverpool", "--format", "csv"],
        ["show", "1", "--format", "json"],
        ["stats", "--by", "club", "--format", "csv"],
    ]

    private func answers(at day: String? = nil, on path: String? = nil) throws -> [String] {
        try Self.questions.map { question in
            let result = try RosterProcess.run(
                ["--db", path ?? roster] + question + (day.map { ["--at", $0] } ?? []), in: folder.url)
            return "\(result.status)\n\(result.stdout)"
        }
    }

    /// The number of the last write made so far.
    private func lastWrite() throws -> Int64 {
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READONLY)
        return try connection.prepare("SELECT max(id) FROM history_writes").firstRow { $0.int64(at: 0) } ?? 0
    }

    @Test func everyDayIsAnsweredAsItWasAnsweredThen() throws {
        let salah = #"{"ref":"S","name":"Mohamed Salah","position":"RW","goals":29,"club":"Liverpool"}"#
        let haaland = #"{"ref":"H","name":"Erling Haaland","position":"ST","goals":27,"club":"Manchester City"}"#
        let saka = #"{"ref":"K","name":"Bukayo Saka","position":"RW","goals":16,"club":"Arsenal"}"#
        let odegaard = #"{"ref":"O","name":"Martin Ødegaard","position":"AM","goals":8,"club":"Arsenal"}"#
        var days: [(day: String, lastWrite: Int64, answers: [String])] = []

        // 1 November: four players.
        try night([salah, haaland, saka, odegaard])
        days.append(("2026-11-01", try lastWrite(), try answers()))
        // 2 November: Salah moves and scores, Haaland leaves the feed, Saka is renamed by hand.
        try night([salah.replacingOccurrences(of: "Liverpool", with: "Al-Hilal"), saka, odegaard])
        try run(["edit", "Bukayo Saka", "--name", "Bukayo Saka Junior", "--add-goals", "2"])
        days.append(("2026-11-02", try lastWrite(), try answers()))
        // 3 November: another program renames Ødegaard and gives Salah a goal; Haaland comes back under a new id.
        let other = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try other.execute(
            "UPDATE players SET name = 'Martin Odegaard', goals = goals + 1 WHERE ref = 'O'; "
                + "UPDATE players SET goals = goals + 1 WHERE ref = 'S'")
        try night([salah, haaland, saka.replacingOccurrences(of: "16", with: "18"), odegaard])
        days.append(("2026-11-03", try lastWrite(), try answers()))

        // Each write dated on its day.
        var first: Int64 = 1
        for (day, last, _) in days {
            try other.execute(
                "UPDATE history_writes SET at = '\(day)T12:00:00.000Z' WHERE id BETWEEN \(first) AND \(last)")
            first = last + 1
        }
        try other.execute("UPDATE history_start SET at = '2026-11-01T00:00:00.000Z'")

        func expectDays(on path: String, _ how: String) throws {
            for (day, _, expected) in days {
                let asked = try answers(at: day, on: path)
                for (index, question) in Self.questions.enumerated() {
                    #expect(asked[index] == expected[index], "\(how): \(question) --at \(day)")
                }
            }
        }
        try expectDays(on: roster, "the roster that made the history")

        // The same history restored into another roster.
        try run(["export", "--history", "--output", "history.ndjson"])
        let restored = folder.path("restored.db")
        try run(["import", "--history", "history.ndjson"], on: restored)
        try expectDays(on: restored, "a roster restored from the history")

        // A roster whose values of then the migration made from its history, as for a roster of before them.
        let migrated = folder.path("migrated.db")
        try other.execute("VACUUM INTO '\(migrated)'")
        let older = try Connection(path: migrated, flags: SQLITE_OPEN_READWRITE)
        // As before migration 0015: without the values of then, nor the tables of the migrations after it.
        try older.execute(
            "DROP TABLE player_versions; DROP TABLE api_tokens; DELETE FROM schema_migrations WHERE version >= 15")
        try expectDays(on: migrated, "a roster migrated to keep the values of then")
    }
}
