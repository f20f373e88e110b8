import CSQLite
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// What other programs can do to a roster behind rosterdb's back (the sqlite3 shell with CHECK constraints off, a
/// trigger of their own): rosterdb names the player and refuses, never crashes or reports a change it did not make.
@Suite struct OtherWritersTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
        try database.write { players in
            try players.insert(Player(name: "Lionel Messi", position: .rightWinger, goals: 20, assists: 15))
            try players.insert(Player(name: "Kylian Mbappé", position: .striker, goals: 31, assists: 7))
        }
    }

    private func names() throws -> [String] {
        try database.read { players in
            var names: [String] = []
            try players.forEachPlayer(matching: PlayerCriteria(), orderedBy: [SortOrder(.id)], limit: nil, offset: 0) {
                names.append($0.name)
            }
            return names
        }
    }

    @Test(arguments: [nil, StatsGrouping.line, .position, .nationality])
    func statsOverCountsThatAreNotIntegersNameThePlayer(grouping: StatsGrouping?) throws {
        try database.connection.execute(
            """
            PRAGMA ignore_check_constraints = ON;
            UPDATE players SET assists = 1e19 WHERE id = 2;
            PRAGMA ignore_check_constraints = OFF;
            """)
        // Read as an integer, 1e19 was the largest one, and goals plus assists overflowed (a crash).
        let error = try #require(throws: DatabaseError.self) {
            try database.read {
                try $0.groupStats(
                    matching: PlayerCriteria(), by: grouping, asOf: CalendarDate(year: 2026, month: 1, day: 1)!)
            }
        }
        #expect(error.message.hasPrefix("player 2 has assists '1.0e+19', which is not an integer; "))
    }

    @Test(arguments: [
        ("BEFORE INSERT", "player 3 could not be added"), ("BEFORE UPDATE", "player 1 could not be changed"),
        ("BEFORE DELETE", "player 2 could not be removed"),
    ])
    func aWriteThatAnotherProgramsTriggerSkipsIsAnError(timing: String, change: String) throws {
        try database.connection.execute(
            "CREATE TRIGGER skip \(timing) ON players BEGIN SELECT RAISE(IGNORE); END")
        let error = try #require(throws: DatabaseError.self) {
            try database.write { players in
                switch timing {
                case "BEFORE INSERT":
                    try players.insert(Player(name: "Jude Bellingham", position: .attackingMidfielder))
                case "BEFORE UPDATE": try players.update(Player(id: 1, name: "Leo Messi", position: .rightWinger))
                default: try players.delete(id: 2)
                }
            }
        }
        #expect(error.message.hasPrefix(change + ": a trigger on the players table that is not rosterdb's"))
        #expect(error.primaryCode == SQLITE_CONSTRAINT)
        #expect(try names() == ["Lionel Messi", "Kylian Mbappé"])
    }
}
