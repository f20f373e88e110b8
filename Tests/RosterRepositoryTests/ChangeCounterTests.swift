import CSQLite
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// The change counter moves exactly when the players change, whoever changes them.
@Suite struct ChangeCounterTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
    }

    private var counter: Int64 {
        get throws { try database.read { try $0.changeCounter() } }
    }

    @Test func everyWriteMovesItAndReadsDoNot() throws {
        let start = try counter
        let id = try database.write(madeBy: "test") { try $0.insert(Player(name: "Alex Scott", position: .centreBack)) }
        let added = try counter
        #expect(added > start)
        _ = try database.read { try $0.count() }
        #expect(try counter == added)
        try database.write(madeBy: "test") { players in
            var player = try players.player(id: id)!
            player.goals = 3
            try players.update(player)
        }
        let updated = try counter
        #expect(updated > added)
        try database.write(madeBy: "test") { try $0.delete(id: id) }
        #expect(try counter > updated)
    }

    @Test func anotherToolsWritesMoveItToo() throws {
        let start = try counter
        let other = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READWRITE)
        try other.execute("INSERT INTO players (name, position) VALUES ('Other', 'ST')")
        let inserted = try counter
        #expect(inserted > start)
        try other.execute("UPDATE players SET goals = 1")
        #expect(try counter > inserted)
    }

    @Test func aBulkLoadCountsAsOneChange() throws {
        let start = try counter
        try database.write(madeBy: "test") { players in
            try players.load { store in
                for index in 0..<50 { try store.insert(Player(name: "P\(index)", position: .striker)) }
            }
        }
        #expect(try counter == start + 1)
        // The counting trigger is back after the load.
        _ = try database.write(madeBy: "test") { try $0.insert(Player(name: "One more", position: .goalkeeper)) }
        #expect(try counter == start + 2)
    }

    @Test func aTimeLimitStopsALongQuery() throws {
        try database.write(madeBy: "test") { players in
            for index in 0..<200 { try players.insert(Player(name: "P\(index)", position: .striker, goals: index)) }
        }
        // A cross join of the roster with itself three times: far longer than a millisecond.
        let statement = try database.connection.prepare(
            "SELECT count(*) FROM players a, players b, players c WHERE a.goals + b.goals + c.goals = -1")
        #expect {
            try database.withTimeLimit(seconds: 0.001) { _ = try statement.firstRow { $0.int(at: 0) } }
        } throws: { error in
            (error as? DatabaseError)?.exceededTimeLimit == true
                && "\(error)" == "the query stopped after its time limit of 0.001 s"
        }
        // Without a limit the connection works as before.
        #expect(try database.read { try $0.count() } == 200)
    }
}
