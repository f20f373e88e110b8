import CSQLite
import Foundation
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// Every roster the schema accepts, whoever wrote it, exports and imports back exactly, in every format: the rows
/// here are written by plain SQL at the edges of every rule.
@Suite struct RoundTripTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func run(_ arguments: [String]) throws -> RosterProcess.Result {
        try RosterProcess.run(arguments, in: folder.url)
    }

    /// Every column of every row, in id order, as text.
    private func rows(_ name: String) throws -> [String] {
        let connection = try Connection(path: folder.path(name), flags: SQLITE_OPEN_READONLY)
        let statement = try connection.prepare(
            "SELECT quote(id), quote(name), quote(position), quote(goals), quote(assists), quote(nationality), "
                + "quote(birth_date), quote(image) FROM players ORDER BY id")
        var rows: [String] = []
        while try statement.step() {
            rows.append((0..<8).map { statement.text(at: Int32($0)) }.joined(separator: "|"))
        }
        return rows
    }

    @Test(arguments: ["json", "ndjson", "csv"])
    func aRosterWrittenByAnotherToolAtEveryEdgeComesBackExactly(format: String) throws {
        #expect(try run(["--db", "source.db", "init"]).status == 0)
        let connection = try Connection(path: folder.path("source.db"), flags: SQLITE_OPEN_READWRITE)
        let insert = try connection.prepare(
            "INSERT INTO players (id, name, position, goals, assists, nationality, birth_date, image) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        let rows: [[DatabaseValue]] = [
            [
                .integer(1), .text(String(repeating: "é", count: 200)), .text("GK"), .integer(0), .integer(1_000_000),
                .text(String(repeating: "n", count: 100)), .text("1850-01-01"),
                .text(String(repeating: "i", count: 2048)),
            ],
            [
                .integer(9_007_199_254_740_991), .text("손흥민 \"Sonny\", the 7"), .text("LW"), .integer(1_000_000),
                .integer(0), .null, .text(CalendarDate.latestToday().description), .null,
            ],
            [
                .integer(42), .text("a\u{200B}b, c;d"), .text("RWB"), .integer(3), .integer(4),
                .text("Côte d'Ivoire"), .null, .text(" x.png".dropFirst().description),
            ],
            [
                .integer(43), .text("⚽ Bot 🇯🇵"), .text("CF"), .integer(0), .integer(0), .text("日本"),
                .text("2000-02-29"), .text("https://example.org/a?b=c&d=\"e\""),
            ],
        ]
        for row in rows {
            insert.reset()
            try insert.bind(row)
            try insert.run()
        }
        let before = try self.rows("source.db")
        let export = try run(["--db", "source.db", "export", "--format", format, "--output", "roster.\(format)"])
        #expect(export.status == 0, "\(export.stderr)")
        let imported = try run(["--db", "copy.db", "import", "roster.\(format)"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try self.rows("copy.db") == before)
        // And the copy exports to the same bytes.
        #expect(
            try run(["--db", "copy.db", "export", "--format", format]).stdout
                == (try String(contentsOfFile: folder.path("roster.\(format)"), encoding: .utf8)))
    }
}
