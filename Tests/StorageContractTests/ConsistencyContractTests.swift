import RosterModel
import Testing

/// The bulk load, snapshots and the change counter, as every store must keep them.
@Suite struct ConsistencyContractTests {
    @Test(arguments: StorageEngine.all, [false, true])
    func aBulkLoadWithABadRecordLeavesTheStoreAsItWas(engine: StorageEngine, filled: Bool) throws {
        let fixture = try StoreFixture(engine)
        if filled { try fixture.add() }
        let before = try fixture.names([SortOrder(.name)], perPage: 100)
        #expect(throws: (any Error).self) {
            try fixture.store.write(madeBy: "test") { players in
                try players.load(building: { _, _ in }) { bulk in
                    for number in 1...100 {
                        try bulk.insert(Player(id: Int64(100 + number), name: "Loaded \(number)", position: .forward))
                    }
                    // The same id twice: the store refuses it, and the whole load goes.
                    try bulk.insert(Player(id: 150, name: "Loaded Again", position: .forward))
                }
            }
        }
        #expect(try fixture.names([SortOrder(.name)], perPage: 100) == before)
        // What the load set aside is back: a load that succeeds is found by name search and counted.
        try fixture.store.write(madeBy: "test") { players in
            try players.load(building: { _, _ in }) { bulk in
                for number in 1...100 {
                    try bulk.insert(Player(id: Int64(100 + number), name: "Loaded \(number)", position: .forward))
                }
            }
        }
        let loaded = PlayerCriteria([.names(["loaded"])], asOf: StoreFixture.asOf)
        #expect(try fixture.store.read { try $0.count(matching: loaded) } == 100)
        #expect(try fixture.store.read { try $0.count() } == before.count + 100)
    }

    @Test(arguments: StorageEngine.all) func aReadersSnapshotDoesNotSeeALaterWrite(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        try fixture.add()
        let writer = try fixture.openAgain()
        let (first, second) = try fixture.store.read { players in
            let first = try players.count()
            _ = try writer.write(madeBy: "test") {
                try $0.insert(Player(name: "Written Meanwhile", position: .forward))
            }
            return (first, try players.count())
        }
        #expect(first == StoreFixture.players.count)
        #expect(second == first)
        #expect(try fixture.store.read { try $0.count() } == first + 1)
    }

    @Test(arguments: StorageEngine.all) func theChangeCounterMovesOnEveryWrite(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        func counter() throws -> Int64 { try fixture.store.read { try $0.changeCounter() } }
        let start = try counter()
        let id = try fixture.store.write(madeBy: "test") { try $0.insert(Player(name: "Counted", position: .forward)) }
        let added = try counter()
        #expect(added > start)
        var player = try #require(try fixture.store.read { try $0.player(id: id) })
        player.goals = 1
        try fixture.store.write(madeBy: "test") { try $0.update(player) }
        let edited = try counter()
        #expect(edited > added)
        try fixture.store.write(madeBy: "test") { try $0.delete(id: id) }
        #expect(try counter() > edited)
        // Another store on the same place sees the writes too, and its reads tell a commit it did not make.
        let other = try fixture.openAgain()
        func otherVersion() throws -> (counter: Int64, data: Int64) {
            try other.read { players in (try players.changeCounter(), try players.dataVersion()) }
        }
        let seen = try otherVersion()
        _ = try fixture.store.write(madeBy: "test") {
            try $0.insert(Player(name: "Seen Elsewhere", position: .forward))
        }
        let now = try otherVersion()
        #expect(now.data != seen.data)
        #expect(now.counter > seen.counter)
        #expect(now.counter == (try counter()))
    }

    @Test(arguments: StorageEngine.all) func aStoreIsToldApartFromAnother(engine: StorageEngine) throws {
        // Opened once it exists, as a server opens a roster.
        let (fixture, other) = (try StoreFixture(engine), try StoreFixture(engine))
        let (store, again) = (try fixture.openAgain(), try fixture.openAgain())
        #expect(store.identity != nil)
        #expect(store.identity == again.identity)
        #expect(store.look().identity == store.identity)
        #expect(try other.openAgain().identity != store.identity)
    }
}
