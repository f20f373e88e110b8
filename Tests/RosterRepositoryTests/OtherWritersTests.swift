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
        try database.write(madeBy: "test") { players in
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

    @Test(arguments: [[], [StatsGrouping.age], [.nationality, .club]])
    func statsOverCountsThatAreNotIntegersNameThePlayer(groupings: Set<StatsGrouping>) throws {
        try database.connection.execute(
            """
            PRAGMA ignore_check_constraints = ON;
            UPDATE players SET assists = 1e19 WHERE id = 2;
            PRAGMA ignore_check_constraints = OFF;
            """)
        // Read as an integer, 1e19 was the largest one, and goals plus assists overflowed (a crash).
        let error = try #require(throws: DatabaseError.self) { try tally(by: groupings) }
        #expect(error.message.hasPrefix("player 2 has assists '1.0e+19', which is not an integer; "))
    }

    /// SQL's GROUP BY counted such a player in a group of its own, and its date functions read an impossible date as
    /// another day.
    @Test(arguments: [
        ("position = 'XX'", "position 'XX', which is not a position"),
        ("birth_date = '1999-02-30'", "birth_date '1999-02-30', which is not a date"),
    ])
    func statsOverAPositionOrDateThatIsNoneNameThePlayer(change: String, problem: String) throws {
        try database.connection.execute(
            "PRAGMA ignore_check_constraints = ON; UPDATE players SET \(change) WHERE id = 2; "
                + "PRAGMA ignore_check_constraints = OFF;")
        for groupings in [[], [StatsGrouping.age], [.nationality, .club]] as [Set<StatsGrouping>] {
            let error = try #require(throws: DatabaseError.self) { try tally(by: groupings) }
            #expect(error.message.hasPrefix("player 2 has \(problem); "))
        }
    }

    /// Summed as they were, they made wrong figures, and two large ones an overflow that named no one.
    @Test(arguments: [("goals", "-500"), ("assists", "5000000"), ("goals", "9223372036854775807")])
    func countsOutsideTheirRangeNameThePlayer(field: String, value: String) throws {
        try database.connection.execute(
            "PRAGMA ignore_check_constraints = ON; UPDATE players SET \(field) = \(value) WHERE id = 2; "
                + "PRAGMA ignore_check_constraints = OFF;")
        let message = "player 2 has \(field) '\(value)', which is not from 0 to 1,000,000; "
        let fromStats = try #require(throws: DatabaseError.self) { try tally(by: []) }
        #expect(fromStats.message.hasPrefix(message))
        let fromRead = try #require(throws: DatabaseError.self) { try database.read { try $0.player(id: 2) } }
        #expect(fromRead.message.hasPrefix(message))
    }

    private func tally(by groupings: Set<StatsGrouping>) throws -> StatsTally {
        try database.read {
            try $0.tally(matching: PlayerCriteria(), by: groupings, asOf: CalendarDate(year: 2026, month: 1, day: 1)!)
        }
    }

    @Test(arguments: [
        ("BEFORE INSERT", "player 3 could not be added"), ("BEFORE UPDATE", "player 1 could not be changed"),
        ("BEFORE DELETE", "player 2 could not be removed"),
    ])
    func aWriteThatAnotherProgramsTriggerSkipsIsAnError(timing: String, change: String) throws {
        try database.connection.execute(
            "CREATE TRIGGER skip \(timing) ON players BEGIN SELECT RAISE(IGNORE); END")
        let error = try #require(throws: DatabaseError.self) {
            try database.write(madeBy: "test") { players in
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

    /// Without the unique index another program dropped, two players can hold one ref: a lookup by it would pick
    /// either, and an import would overwrite the wrong player.
    @Test func aRefHeldTwiceIsAnErrorNamingBothPlayers() throws {
        try database.connection.execute(
            "DROP INDEX players_by_ref; UPDATE players SET ref = 'R1';")
        let error = try #require(throws: DatabaseError.self) { try database.read { try $0.player(ref: "R1") } }
        #expect(error.message.hasPrefix("the ref 'R1' is held by players 1 and 2, though refs are unique"))
        #expect(try database.read { try $0.player(ref: "R2") } == nil)
    }

    @Test func aRosterWithNothingMissingHasNothingRestored() throws {
        #expect(try database.restoreMissingObjects() == [])
    }

    /// Indexes, triggers, the name search index and the change counter's row that another program removed are put
    /// back as the migrations make them: the search finds the players again, and the counter moves on from a count
    /// above any it had.
    @Test func whatAnotherProgramRemovedIsRestored() throws {
        let counter = try database.read { try $0.changeCounter() }
        try database.connection.execute(
            """
            DROP TABLE players_search; DROP INDEX players_by_ref; DROP INDEX players_unfolded;
            DROP TRIGGER players_change_counted_update; DELETE FROM roster_changes;
            """)
        let lost = try #require(throws: DatabaseError.self) { try database.read { try $0.changeCounter() } }
        #expect(lost.message.hasPrefix("the roster's change counter has lost its row"))
        var criteria = PlayerCriteria()
        criteria.filters = [.names(["mbap"])]
        let gone = try #require(throws: DatabaseError.self) { try database.read { try $0.count(matching: criteria) } }
        #expect(gone.description.hasPrefix("no such index: players_unfolded; another program removed it: run "))

        let restoredNames = try database.restoreMissingObjects()
        // Tables first, the triggers after the indexes, the counter's row last.
        #expect(restoredNames.first == "players_search" && restoredNames.last == "the change counter")
        #expect(
            Set(restoredNames) == [
                "players_search", "players_by_ref", "players_unfolded", "players_change_counted_update",
                "the change counter",
            ])
        #expect(restoredNames.firstIndex(of: "players_change_counted_update")! > 2)
        #expect(try database.read { try $0.count(matching: criteria) } == 1)
        let restored = try database.read { try $0.changeCounter() }
        #expect(restored > counter + 1_000_000)
        try database.write(madeBy: "test") { try $0.update(Player(id: 1, name: "Leo Messi", position: .rightWinger)) }
        #expect(try database.read { try $0.changeCounter() } == restored + 1)
        #expect(try database.restoreMissingObjects() == [])
    }

    /// The unique index on refs cannot be made while two players hold one ref: nothing is restored.
    @Test func anIndexThatCannotBeMadeRestoresNothing() throws {
        try database.connection.execute(
            "DROP INDEX players_by_ref; DROP INDEX players_by_birth_date; UPDATE players SET ref = 'R1'")
        let error = try #require(throws: DatabaseError.self) { try database.restoreMissingObjects() }
        #expect(error.message.hasPrefix("cannot restore players_by_ref: UNIQUE constraint failed"))
        try database.connection.execute("UPDATE players SET ref = NULL WHERE id = 2")
        #expect(Set(try database.restoreMissingObjects()) == ["players_by_ref", "players_by_birth_date"])
    }

    /// A write another program's trigger refuses (`RAISE(ABORT, …)`) is named with its player.
    @Test func aWriteAnotherProgramsTriggerRefusesNamesThePlayer() throws {
        try database.connection.execute(
            "CREATE TRIGGER keep BEFORE DELETE ON players BEGIN SELECT RAISE(ABORT, 'keep everyone'); END")
        let error = try #require(throws: DatabaseError.self) {
            try database.write(madeBy: "test") { try $0.delete(id: 2) }
        }
        #expect(error.message == "player 2 could not be removed: keep everyone")
    }
}
