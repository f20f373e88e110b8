import CSQLite
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

@Suite struct BulkLoadTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
    }

    private func schema() throws -> [String] {
        let statement = try database.connection.prepare(
            "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master ORDER BY name")
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(at: 0)) }
        return rows
    }

    private func hasObject(_ name: String) throws -> Bool {
        let statement = try database.connection.prepare("SELECT count(*) FROM sqlite_master WHERE name = ?")
        try statement.bind(name, at: 1)
        return try statement.firstRow { $0.int(at: 0) } == 1
    }

    private func searchCount(_ word: String) throws -> Int {
        var criteria = PlayerCriteria()
        criteria.filters = [.names([word])]
        return try database.read { try $0.count(matching: criteria) }
    }

    @Test func indexesAndTriggersComeBackAsTheyWereAndSearchSeesTheNewRows() throws {
        let before = try schema()
        try database.write(madeBy: "test") { players in
            try players.load { store in
                #expect(try schema().count == before.count - BulkLoad.suspendable.count)
                try store.insert(Player(name: "Kylian Mbappé", position: .striker))
                try store.insert(Player(name: "손흥민", position: .leftWinger))
            }
        }
        #expect(try schema() == before)
        #expect(try searchCount("mbap") == 1)
        #expect(try searchCount("손") == 1)
        let check = try database.connection.prepare("PRAGMA integrity_check")
        #expect(try check.firstRow { $0.text(at: 0) } == "ok")
    }

    @Test func aPlayerChangedOrRemovedDuringTheLoadIsSearchedAsTheTableHoldsIt() throws {
        try database.write(madeBy: "test") { players in
            try players.load { store in
                for number in 1...3 { try store.insert(Player(name: "Kylian Mbappé \(number)", position: .striker)) }
                let stored = try #require(try store.player(id: 1))
                var first = stored
                first.name = "Alex Scott"
                try store.update(first, from: stored)
                try store.delete(id: 2)
            }
        }
        #expect(try searchCount("alex") == 1)
        #expect(try searchCount("mbap") == 1)
        try database.connection.execute("INSERT INTO players_search (players_search) VALUES ('integrity-check')")
    }

    /// Only the triggers that check text is UTF-8 are set aside: they cost a load of names that are not ASCII a
    /// fifth of its instructions, and the validator checks the same rule. They are back once the load is done.
    @Test func aRosterThatHoldsPlayersIsWrittenThroughTheRepositoryItself() throws {
        _ = try database.write(madeBy: "test") { try $0.insert(Player(name: "Alex Scott", position: .centreBack)) }
        let before = try schema()
        try database.write(madeBy: "test") { players in
            try players.load { store throws in
                #expect(store === players)
                #expect(
                    try schema()
                        == before.filter { row in
                            !PlayerRepository.utf8Triggers.contains { row.hasPrefix("trigger \($0):") }
                        })
            }
        }
        #expect(try schema() == before)
    }

    @Test func theIdentityIndexReturnsWhenARecordNeedsIt() throws {
        try database.write(madeBy: "test") { players in
            try players.load { store in
                try store.insert(
                    Player(name: "Alex Scott", position: .centreBack, birthDate: CalendarDate(iso: "1984-10-14")))
                #expect(try !hasObject(BulkLoad.identityIndex))
                let matches = try store.players(sortName: "alex scott", birthDate: CalendarDate(iso: "1984-10-14"))
                #expect(matches.count == 1)
                #expect(try hasObject(BulkLoad.identityIndex))
            }
        }
        let plan = try database.connection.prepare(
            "EXPLAIN QUERY PLAN SELECT id FROM players WHERE sort_name = 'x' AND birth_date IS NULL")
        #expect(try plan.firstRow { $0.text(at: 3) }?.contains(BulkLoad.identityIndex) == true)
    }

    @Test func aFailedLoadLeavesTheSchemaAndRowsAsTheyWere() throws {
        struct Failure: Error {}
        let before = try schema()
        #expect(throws: Failure.self) {
            try database.write(madeBy: "test") { players in
                try players.load { store in
                    try store.insert(Player(name: "Temporary", position: .goalkeeper))
                    throw Failure()
                }
            }
        }
        #expect(try schema() == before)
        #expect(try database.read { try $0.count() } == 0)
        // The CHECK constraints hold again for the next writer.
        #expect(throws: DatabaseError.self) {
            try database.connection.execute("INSERT INTO players (name, position) VALUES ('X', 'WB')")
        }
    }

    @Test func aUsersOwnTriggersAndIndexesStayAndRunDuringABulkLoad() throws {
        // An audit trigger, and schema objects whose names need quoting or try to end the statement.
        try database.connection.execute(
            """
            CREATE TABLE audit (player_id INTEGER);
            CREATE TRIGGER audit_insert AFTER INSERT ON players BEGIN INSERT INTO audit VALUES (new.id); END;
            CREATE INDEX "we""ird" ON players (goals);
            CREATE INDEX "x"" ON players (id); DROP TABLE audit; --" ON players (assists);
            """)
        let before = try schema()
        try database.write(madeBy: "test") { players in
            try players.load { store in
                for number in 1...3 { try store.insert(Player(name: "Player \(number)", position: .goalkeeper)) }
                #expect(try hasObject("audit_insert"))
                #expect(try hasObject("we\"ird"))
            }
        }
        #expect(try schema() == before)
        let audited = try database.connection.prepare("SELECT count(*) FROM audit")
        #expect(try audited.firstRow { $0.int(at: 0) } == 3)
    }

    /// Past the largest id allowed there is none to give, and below it every id may have been given before (an id is
    /// never given twice): a new player without one is refused.
    @Test func aBulkLoadNeverGivesAnIdPastTheLargestAllowed() throws {
        try database.write(madeBy: "test") { players in
            try players.load { store in
                try store.insert(Player(id: 9_007_199_254_740_991, name: "Last", position: .goalkeeper))
                #expect(throws: IDsExhausted.self) { try store.insert(Player(name: "Next", position: .goalkeeper)) }
            }
        }
    }
}
