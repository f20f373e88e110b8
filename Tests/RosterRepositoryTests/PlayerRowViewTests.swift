import CSQLite
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// Rows read where they lie (`PlayerRowView`): the values they hand out are those of the `Player` made of them, whatever
/// another tool wrote, and what no `Player` could hold stops the read with an error.
@Suite struct PlayerRowViewTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
    }

    /// Each row's values as `forEachValue` hands them out, text as its bytes.
    private func values() throws -> [[String]] {
        try database.read { players in
            var rows: [[String]] = []
            try players.forEachRow(matching: PlayerCriteria(), orderedBy: [SortOrder(.id)], limit: nil, offset: 0) {
                var row: [String] = []
                try $0.forEachValue { field, value in row.append(Self.described(field, value)) }
                rows.append(row)
            }
            return rows
        }
    }

    /// A field's value as text, its bytes listed for text: what both readings are compared by.
    private static func described(_ field: PlayerField, _ value: BorrowedFieldValue) -> String {
        switch value {
        case .unknown: "\(field.name)=?"
        case .integer(let number): "\(field.name)=\(number)"
        case .text(let bytes): "\(field.name)=\(Array(bytes))"
        case .position(let position): "\(field.name)=\(position.code)"
        case .date(let date): "\(field.name)=\(date)"
        }
    }

    private func players() throws -> [Player] {
        try database.read { players in
            var found: [Player] = []
            try players.forEachPlayer(matching: PlayerCriteria(), orderedBy: [SortOrder(.id)], limit: nil, offset: 0) {
                found.append($0)
            }
            return found
        }
    }

    /// The same values, read from the players made of the rows.
    private func valuesOfPlayers() throws -> [[String]] {
        try players().map { player in
            var row: [String] = []
            player.forEachValue { field, value in row.append(Self.described(field, value)) }
            return row
        }
    }

    @Test func aRowHandsOutWhatThePlayerMadeOfItHolds() throws {
        try database.write(madeBy: "test") { players in
            try players.insert(
                Player(
                    ref: "fpl:1", name: "Kevin \"KDB\" De Bruyne", position: .attackingMidfielder, goals: 7, assists: 9,
                    nationality: "Belgium", club: "Man City", birthDate: CalendarDate(year: 1991, month: 6, day: 28),
                    image: "C:\\kdb.png"))
            try players.insert(Player(name: "久保 建英", position: .rightWinger))
        }
        // Another tool's text in a spelling Swift's == holds equal to another (decomposed): handed out as stored.
        try database.connection.execute(
            "INSERT INTO players (name, position) VALUES (CAST(X'4D65CC8173756C' AS TEXT), 'ST')")
        let rows = try values()
        #expect(rows == (try valuesOfPlayers()))
        #expect(rows[2][2] == "name=\(Array("Me\u{301}sul".utf8))")
        #expect(
            rows[1] == [
                "id=2", "ref=?", "name=\(Array("久保 建英".utf8))", "position=RW", "goals=0", "assists=0", "nationality=?",
                "club=?", "birth_date=?", "image=?",
            ])
    }

    @Test(arguments: [
        ("position", "'XX'", "position 'XX', which is not a position"),
        ("birth_date", "'1991-02-30'", "birth_date '1991-02-30', which is not a date"),
        ("goals", "'abc'", "goals 'abc', which is not an integer"),
        ("assists", "1e19", "assists '1.0e+19', which is not an integer"),
        // Read as U+FFFD, an export gave back other bytes than stored, and a re-import found them unchanged.
        ("club", "CAST(X'43C3' AS TEXT)", "club 'C\\xC3', which is not UTF-8"),
        ("name", "CAST(X'41FF42' AS TEXT)", "name 'A\\xFFB', which is not UTF-8"),
        (
            "image", "CAST(X'4142434445464748ED9FBFEDA080' AS TEXT)",
            "image 'ABCDEFGH\u{D7FF}\\xED\\xA0\\x80', which is not UTF-8"
        ),
        ("goals", "2.5", "goals '2.5', which is not an integer"),
    ])
    func aValueNoPlayerCouldHoldIsAnErrorNamingThePlayer(column: String, value: String, problem: String) throws {
        _ = try database.write(madeBy: "test") { try $0.insert(Player(name: "Someone", position: .goalkeeper)) }
        try database.connection.execute(
            """
            PRAGMA ignore_check_constraints = ON;
            DROP TRIGGER players_text_is_utf8_update;
            UPDATE players SET \(column) = \(value);
            PRAGMA ignore_check_constraints = OFF;
            """)
        let error = try #require(throws: DatabaseError.self) { try values() }
        #expect(error.code == SQLITE_CORRUPT)
        #expect(
            error.message
                == "player 1 has \(problem); another program wrote it, and rosterdb cannot read that player until it "
                + "is corrected ('rosterdb edit 1') or removed ('rosterdb remove 1')")
        #expect(error.unreadableValue == DatabaseError.UnreadableValue(player: 1, description: problem))
        #expect(throws: DatabaseError.self) { try players() }
    }
}
