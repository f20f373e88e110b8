import RosterModel
import Testing

/// Add, show, edit and remove, as every store must do them.
@Suite struct KeepingContractTests {
    @Test(arguments: StorageEngine.all) func aPlayerAddedIsShownEditedAndRemoved(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        let id = try fixture.store.write(madeBy: "test") {
            try $0.insert(Player(name: "Zoë Example", position: .striker, goals: 3))
        }
        var shown = try #require(try fixture.store.read { try $0.player(id: id) })
        #expect(shown.name == "Zoë Example")
        #expect(shown.goals == 3)
        #expect(try fixture.store.read { try $0.players(sortName: NameFolding.fold("ZOE example")) }.map(\.id) == [id])

        shown.goals = 4
        shown.club = "Arsenal"
        try fixture.store.write(madeBy: "test") { try $0.update(shown) }
        #expect(try fixture.store.read { try $0.player(id: id) } == shown)

        try fixture.store.write(madeBy: "test") { try $0.delete(id: id) }
        #expect(try fixture.store.read { try $0.player(id: id) } == nil)
        #expect(try fixture.store.read { try $0.count() } == 0)
    }

    @Test(arguments: StorageEngine.all) func aPlayerIsFoundByRefAndByNameAndBirthDate(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        let ids = try fixture.add()
        let withRef = try fixture.store.write(madeBy: "test") {
            try $0.insert(Player(ref: "P-1", name: "Ref Holder", position: .forward))
        }
        #expect(try fixture.store.read { try $0.ids(ofRef: "P-1") } == [withRef])
        #expect(try fixture.store.read { try $0.ids(ofRef: "P-2") }.isEmpty)
        let namesakes = try fixture.store.read {
            try $0.players(sortName: "ivo keeper", birthDate: StoreFixture.date(1997), excluding: nil)
        }
        #expect(namesakes.map(\.id) == [ids[9]])
        let others = try fixture.store.read {
            try $0.players(sortName: "ivo keeper", birthDate: StoreFixture.date(1997), excluding: ids[9])
        }
        #expect(others.isEmpty)
    }

    @Test(arguments: StorageEngine.all) func aWriteThatThrowsLeavesTheStoreAsItWas(engine: StorageEngine) throws {
        struct Refused: Error {}
        let fixture = try StoreFixture(engine)
        try fixture.add()
        #expect(throws: Refused.self) {
            try fixture.store.write(madeBy: "test") { players in
                try players.delete(id: 1)
                try players.insert(Player(name: "Never Kept", position: .forward))
                throw Refused()
            }
        }
        #expect(try fixture.store.read { try $0.count() } == StoreFixture.players.count)
        #expect(try fixture.store.read { try $0.players(sortName: "never kept") }.isEmpty)
    }

    @Test(arguments: StorageEngine.all) func aDryRunIsRolledBack(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        let counted = try fixture.store.write(commit: false, madeBy: "test") { players in
            try players.insert(Player(name: "Dry Run", position: .forward))
            return try players.count()
        }
        #expect(counted == 1)
        #expect(try fixture.store.read { try $0.count() } == 0)
    }

    @Test(arguments: StorageEngine.all) func aTakenIDIsAStorageError(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        _ = try fixture.store.write(madeBy: "test") { try $0.insert(Player(id: 7, name: "First", position: .forward)) }
        let error = #expect(throws: (any Error).self) {
            _ = try fixture.store.write(madeBy: "test") {
                try $0.insert(Player(id: 7, name: "Second", position: .forward))
            }
        }
        let categorized = try #require(error as? any StorageError)
        #expect(categorized.category == .failure)
        #expect(try fixture.store.read { try $0.player(id: 7) }?.name == "First")
    }
}
