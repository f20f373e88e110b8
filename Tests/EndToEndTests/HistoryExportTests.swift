import CSQLite
import Foundation
import TestSupport
import Testing

@testable import RosterRepository

/// `export --history` and `import --history`: a roster moves to another machine whole, its players, its change
/// feed and every player's history the same byte for byte; a roster that is not empty, or a file that is wrong, is
/// refused with nothing written.
@Suite struct HistoryExportTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    @discardableResult
    private func run(_ arguments: [String], _ db: String = "roster.db", status: Int32 = 0) throws
        -> RosterProcess.Result
    {
        let result = try RosterProcess.run(["--db", db] + arguments, in: folder.url)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        return result
    }

    /// A night's feed of players 1…count (but `skipped`), with what `tweak` changes, imported with --prune.
    private func night(
        _ count: Int, skipping skipped: Set<Int> = [], tweak: (Int, inout [String: Any]) -> Void = { _, _ in }
    ) throws {
        var lines: [String] = []
        for number in 1...count where !skipped.contains(number) {
            var record: [String: Any] = [
                "ref": "P\(number)", "name": "Ángel Número \(number)",
                "position": ["GK", "CB", "CM", "ST"][number % 4],
                "goals": number % 30, "club": ["Arsenal", "Liverpool", "Real Madrid"][number % 3],
            ]
            if number % 3 == 0 { record["birth_date"] = "1990-0\(number % 9 + 1)-1\(number % 9)" }
            tweak(number, &record)
            let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
            lines.append(String(decoding: data, as: UTF8.self))
        }
        try folder.write(lines.joined(separator: "\n") + "\n", to: "night.ndjson")
        try run(["import", "--quiet", "--prune", "--max-prune", "100", "night.ndjson"])
    }

    /// Three nights, edits, an addition and a removal by hand, and another program's write.
    private func makeRoster() throws {
        try run(["init"])
        try night(30)
        try night(33) { number, record in
            if number % 7 == 0 { record["club"] = "Inter Miami" }
            if number % 5 == 0 { record["goals"] = number % 30 + 1 }
        }
        try run(["edit", "3", "--goals", "99", "--unset", "club"])
        try run(["add", "--name", "Hand Added", "--position", "CM", "--club", "Real Madrid"])
        try night(33, skipping: [2, 11]) { number, record in
            if number == 12 { record["name"] = "Renamed Twelve" }
        }
        try run(["remove", "5"])
        let connection = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READWRITE)
        try connection.execute("UPDATE players SET goals = goals + 1, nationality = 'Wales' WHERE id IN (6, 7)")
    }

    @Test func aRosterRestoredFromItsHistoryIsTheRoster() throws {
        try makeRoster()
        try run(["export", "--history", "--output", "history.ndjson"])
        let file = try String(contentsOfFile: folder.path("history.ndjson"), encoding: .utf8)
        let lines = file.split(separator: "\n")
        let feed = try run(["changes", "--since", "0", "--format", "ndjson"]).stdout
        // The first line is the start; the others are the feed's lines, exactly.
        #expect(lines.dropFirst().map { $0 + "\n" }.joined() == feed)
        #expect(
            lines[0].hasPrefix("{\"history_since\":\"")
                && lines[0].hasSuffix(
                    ",\"first_change\":1,\"last_change\":\(lines.count - 1),\"highest_id\":34,\"players_at_start\":0}")
        )
        #expect(try run(["export", "--history"]).stdout == file)

        try run(["init"], "copy.db")
        let restored = try run(["import", "--history", "history.ndjson"], "copy.db")
        #expect(restored.stderr.contains("Restored history.ndjson: \(lines.count - 1) changes"))
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        for command in [
            ["export"], ["export", "--format", "csv"], ["changes", "--since", "0", "--format", "ndjson"],
            ["changes", "--since", "2000-01-01", "--format", "json"], ["history", "3", "--format", "json"],
            ["history", "5", "--format", "json"], ["history", "7"], ["export", "--history"], ["stats"],
            ["query", "--club", "Arsenal"], ["query", "--at", today], ["stats", "--at", today],
        ] {
            #expect(try run(command, "copy.db").stdout == run(command).stdout, "\(command)")
        }
        // The ids go on as they would have: 34, the hand-added player's, was pruned by the third night; the next is 35.
        try run(["add", "--name", "Next One", "--position", "GK"])
        try run(["add", "--name", "Next One", "--position", "GK"], "copy.db")
        #expect(try run(["export"], "copy.db").stdout == run(["export"]).stdout)
        // The copy's history moves on as well.
        try run(["init"], "third.db")
        try folder.write(try run(["export", "--history"], "copy.db").stdout, to: "copy.ndjson")
        try run(["import", "--history", "--quiet", "copy.ndjson"], "third.db")
        #expect(try run(["export", "--history"], "third.db").stdout == run(["export", "--history"], "copy.db").stdout)
    }

    /// Dates every write made so far back to 2000, a minute apart, in their order.
    private func dateTheWritesBack(_ db: String = "roster.db") throws {
        let connection = try Connection(path: folder.path(db), flags: SQLITE_OPEN_READWRITE)
        try connection.execute(
            "UPDATE history_writes SET at = strftime('%Y-%m-%dT%H:%M:%fZ', '2000-01-01', '+' || id || ' minutes')")
    }

    /// Exports `db`'s history, restores it into a new roster `copy`, and checks that both answer the same.
    private func restoreAndCompare(_ db: String, into copy: String) throws {
        let file = try run(["export", "--history"], db).stdout
        try folder.write(file, to: "\(copy).ndjson")
        try run(["init"], copy)
        try run(["import", "--history", "--quiet", "\(copy).ndjson"], copy)
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        for command in [
            ["export", "--history"], ["export"], ["changes", "--since", "0", "--format", "ndjson"],
            ["history", "3", "--format", "json"], ["history", "8", "--format", "json"], ["history", "7"],
            ["query", "--at", today], ["stats", "--at", today], ["query", "--at", "2000-06-01"], ["stats"],
        ] {
            let (mine, theirs) = (
                try RosterProcess.run(["--db", copy] + command, in: folder.url),
                try RosterProcess.run(["--db", db] + command, in: folder.url)
            )
            #expect(mine.status == theirs.status && mine.stdout == theirs.stdout, "\(command)")
            #expect(mine.stderr == theirs.stderr, "\(command)")
        }
        // Before the history began: refused with the time it began, as the roster it came from.
        let refused = try run(["query", "--at", "2000-06-01"], copy, status: 1)
        #expect(refused.stderr.contains("2000-"), "\(refused.stderr)")
    }

    @Test func aHistoryPartlyForgottenIsRestoredWithThePlayersItStartsWith() throws {
        try makeRoster()
        try dateTheWritesBack()
        try run(["edit", "3", "--goals", "12"])
        try run(["edit", "9", "--club", "Inter Miami"])
        try run(["remove", "8"])
        try run(["history", "--forget-before", "2001-01-01"])
        let lines = try run(["export", "--history"]).stdout.split(separator: "\n")
        // Player 34 was added and removed before the start: the file holds no trace of it but the largest id.
        #expect(lines[0].contains(",\"highest_id\":34,\"players_at_start\":30}"), "\(lines[0])")
        #expect(lines.count == 1 + 30 + 3)
        try restoreAndCompare("roster.db", into: "copy.db")
        // The numbers and the ids go on as they would have.
        for db in ["roster.db", "copy.db"] { try run(["add", "--name", "Next One", "--position", "GK"], db) }
        #expect(try run(["show", "35"], "copy.db").stdout.contains("Next One"))
        try expectTheSameHistory("copy.db", "roster.db")
    }

    /// `export --history` of `one` and `other` the same but for the times of the changes made in each since.
    private func expectTheSameHistory(_ one: String, _ other: String) throws {
        func withoutTimes(_ db: String) throws -> String {
            try run(["export", "--history"], db).stdout.replacingOccurrences(
                of: #""at":"[^"]*""#, with: "\"at\":\"…\"", options: .regularExpression)
        }
        #expect(try withoutTimes(one) == withoutTimes(other))
        #expect(try run(["export"], one).stdout == run(["export"], other).stdout)
    }

    @Test func aHistoryAllForgottenIsRestoredWithItsNumbering() throws {
        try makeRoster()
        try dateTheWritesBack()
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        try run(["history", "--forget-before", today])
        let lines = try run(["export", "--history"]).stdout.split(separator: "\n")
        #expect(lines.count == 1 + 30)
        let first = try #require(
            lines[0].split(separator: ",").first { $0.hasPrefix("\"first_change\":") }?.split(separator: ":").last)
        try restoreAndCompare("roster.db", into: "copy.db")
        for db in ["roster.db", "copy.db"] { try run(["edit", "3", "--goals", "40"], db) }
        let next = try run(["export", "--history"], "copy.db").stdout.split(separator: "\n").last ?? ""
        #expect(next.hasPrefix("{\"number\":\(first),"), "\(next)")
        try expectTheSameHistory("copy.db", "roster.db")
    }

    @Test func aRosterThatIsNotEmptyIsRefused() throws {
        try makeRoster()
        try run(["export", "--history", "--output", "history.ndjson"])
        let refused = try run(["import", "--history", "history.ndjson"], status: 6)
        #expect(refused.stderr.contains("the roster is not empty"))
        // Players all removed leave a history: that roster is not empty either.
        try run(["init"], "emptied.db")
        try run(["add", "--name", "Gone", "--position", "GK"], "emptied.db")
        try run(["remove", "1"], "emptied.db")
        let before = try run(["changes", "--since", "0"], "emptied.db").stdout
        try run(["import", "--history", "history.ndjson"], "emptied.db", status: 6)
        #expect(try run(["changes", "--since", "0"], "emptied.db").stdout == before)
    }

    @Test func aWrongFileIsRefusedNamingItsLine() throws {
        try run(["init"])
        try run(["add", "--name", "One", "--position", "GK", "--goals", "3"])
        try run(["edit", "1", "--goals", "4"])
        try run(["remove", "1"])
        let lines = try run(["export", "--history"]).stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let cases: [(lines: [String], line: Int, problem: String)] = [
            (Array(lines.dropFirst()), 1, "the first line must be the history's start"),
            ([lines[0], lines[2], lines[1], lines[3]], 2, "change 2 comes where change 1 should"),
            ([lines[0], lines[1], lines[3]], 3, "change 3 comes where change 2 should"),
            ([lines[0], lines[1], lines[2]], 4, "the file ends before change 3"),
            ([lines[0], lines[1], "{\"number\":2,", lines[3]], 3, "line 3"),
            (
                [
                    lines[0], lines[1], lines[2].replacingOccurrences(of: "\"goals\":[3,4]", with: "\"goals\":[3,4.5]"),
                    lines[3],
                ], 3,
                "goals must be a whole number or null"
            ),
            (
                [
                    lines[0], lines[1],
                    lines[2].replacingOccurrences(of: "\"goals\":[3,4]", with: "\"goals\":[3,\"x\"]"), lines[3],
                ], 3,
                "change 2 is refused: CHECK constraint failed"
            ),
            (
                [lines[0], lines[1].replacingOccurrences(of: "\"id\":1", with: "\"id\":2"), lines[2], lines[3]], 3,
                "change 2 updates player 1, whom the roster does not have"
            ),
            (
                [
                    lines[0], lines[1], lines[2],
                    lines[1].replacingOccurrences(of: "\"number\":1", with: "\"number\":3"),
                ], 4,
                "change 3 adds player 1, whom the changes before it added"
            ),
        ]
        for (number, wrong) in cases.enumerated() {
            let name = "wrong\(number).ndjson"
            try folder.write(wrong.lines.joined(separator: "\n") + "\n", to: name)
            let db = "empty\(number).db"
            try run(["init"], db)
            let refused = try run(["import", "--history", name], db, status: 65)
            #expect(refused.stderr.contains("\(name), line \(wrong.line):"), "\(number): \(refused.stderr)")
            #expect(refused.stderr.contains(wrong.problem), "\(number): \(refused.stderr)")
            #expect(try run(["changes", "--since", "0"], db).stdout.isEmpty)
            #expect(try run(["export", "--format", "ndjson"], db).stdout.isEmpty)
        }
        // A dry run checks and writes nothing.
        try folder.write(lines.joined(separator: "\n") + "\n", to: "right.ndjson")
        try run(["init"], "dry.db")
        #expect(try run(["import", "--history", "--dry-run", "right.ndjson"], "dry.db").stderr.contains("dry run"))
        #expect(try run(["changes", "--since", "0"], "dry.db").stdout.isEmpty)
        // The options of a players' import and the filters of an export make no sense with a history.
        try run(["import", "--history", "--prune", "right.ndjson"], "dry.db", status: 64)
        try run(["export", "--history", "--format", "csv"], status: 64)
        try run(["export", "--history", "--club", "Arsenal"], status: 64)
    }
}
