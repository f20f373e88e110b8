import CSQLite
import RosterModel
import Testing
import TestSupport

@testable import RosterRepository

@Suite struct BulkLoadTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
    }

    private func schema() throws -> [String] {
        let statement = try database.connection.prepare("SELECT type || ' ' || name || ': ' || sql FROM sqlite_master ORDER BY name")
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(at: 0)) }
        return rows
    }

    private func searchCount(_ word: String) throws -> Int {
        var criteria = PlayerCriteria()
        criteria.nameWords = [word]
        return try database.read { try $0.count(matching: criteria) }
    }

    @Test func indexesAndTriggersComeBackAsTheyWereAndSearchSeesTheNewRows() throws {
        let before = try schema()
        try database.write { players in
            try players.withIndexesSuspended {
                #expect(try schema().count < before.count)
                try players.insert(Player(name: "Kylian Mbappé", position: .striker))
                try players.insert(Player(name: "손흥민", position: .leftWinger))
            }
        }
        #expect(try schema() == before)
        #expect(try searchCount("mbap") == 1)
        #expect(try searchCount("손") == 1)
        let check = try database.connection.prepare("PRAGMA integrity_check")
        #expect(try check.firstRow { $0.text(at: 0) } == "ok")
    }

    @Test func theIdentityIndexReturnsWhenARecordNeedsIt() throws {
        try database.write { players in
            try players.withIndexesSuspended {
                try players.insert(Player(name: "Alex Scott", position: .centreBack, birthDate: CalendarDate(iso: "1984-10-14")))
                #expect(players.suspendedSchema.contains { $0.name == PlayerRepository.identityIndex })
                let matches = try players.players(name: "Alex Scott", birthDate: CalendarDate(iso: "1984-10-14"))
                #expect(matches.count == 1)
                #expect(!players.suspendedSchema.contains { $0.name == PlayerRepository.identityIndex })
            }
        }
        let plan = try database.connection.prepare(
            "EXPLAIN QUERY PLAN SELECT id FROM players WHERE name = 'x' AND birth_date IS NULL")
        #expect(try plan.firstRow { $0.text(at: 3) }?.contains(PlayerRepository.identityIndex) == true)
    }

    @Test func aFailedLoadLeavesTheSchemaAndRowsAsTheyWere() throws {
        struct Failure: Error {}
        let before = try schema()
        #expect(throws: Failure.self) {
            try database.write { players in
                try players.withIndexesSuspended {
                    try players.insert(Player(name: "Temporary", position: .goalkeeper))
                    throw Failure()
                }
            }
        }
        #expect(try schema() == before)
        #expect(try database.read { try $0.count() } == 0)
        #expect(database.players.suspendedSchema.isEmpty)
    }
}
