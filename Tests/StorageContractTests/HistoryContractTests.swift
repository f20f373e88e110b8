import RosterModel
import Testing

/// The history as every store must keep it: each change of a player, numbered in commit order without gaps, in the
/// transaction of the change, with what made it; nothing for what changed nothing or was rolled back.
@Suite struct HistoryContractTests {
    private func changes(_ fixture: StoreFixture, _ criteria: HistoryCriteria = HistoryCriteria()) throws
        -> [HistoryEntry]
    {
        var entries: [HistoryEntry] = []
        try fixture.store.read { try $0.forEachChange(matching: criteria, limit: nil) { entries.append($0) } }
        return entries
    }

    @Test(arguments: StorageEngine.all) func everyChangeIsKeptWithItsFieldsAndMaker(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        let id = try fixture.store.write(madeBy: "add") {
            try $0.insert(Player(name: "Zoë Example", position: .striker, goals: 3, club: "Arsenal"))
        }
        var player = try #require(try fixture.store.read { try $0.player(id: id) })
        player.goals = 4
        player.club = "Chelsea"
        try fixture.store.write(madeBy: "edit") { try $0.update(player) }
        try fixture.store.write(madeBy: "remove") { try $0.delete(id: id) }

        let entries = try changes(fixture)
        #expect(entries.map(\.kind) == [.added, .updated, .removed])
        #expect(entries.map(\.madeBy) == ["add", "edit", "remove"])
        #expect(entries.map(\.playerID) == [id, id, id])
        #expect(entries.map(\.name) == ["Zoë Example", "Zoë Example", "Zoë Example"])
        // Numbered one after the other, in time order.
        let first = entries[0].number
        #expect(entries.map(\.number) == [first, first + 1, first + 2])
        #expect(entries.map(\.time) == entries.map(\.time).sorted())
        #expect(
            entries[0].fields == [
                FieldChange(.name, before: nil, after: .text("Zoë Example")),
                FieldChange(.position, before: nil, after: .position(.striker)),
                FieldChange(.goals, before: nil, after: .integer(3)),
                FieldChange(.assists, before: nil, after: .integer(0)),
                FieldChange(.club, before: nil, after: .text("Arsenal")),
            ])
        #expect(
            entries[1].fields == [
                FieldChange(.goals, before: .integer(3), after: .integer(4)),
                FieldChange(.club, before: .text("Arsenal"), after: .text("Chelsea")),
            ])
        #expect(entries[2].fields.map(\.field) == [.name, .position, .goals, .assists, .club])
        #expect(entries[2].fields.allSatisfy { $0.after == nil })
        #expect(try fixture.store.read { try $0.historyStart() }.lastNumber == first + 2)
    }

    @Test(arguments: StorageEngine.all) func nothingChangedOrRolledBackLeavesNoHistory(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        let ids = try fixture.add()
        let before = try changes(fixture).count
        #expect(before == StoreFixture.players.count)
        // The same values written again: no change.
        let player = try #require(try fixture.store.read { try $0.player(id: ids[0]) })
        try fixture.store.write(madeBy: "edit") { try $0.update(player) }
        // A dry run, and a write that fails half-way.
        try fixture.store.write(commit: false, madeBy: "remove") { try $0.delete(id: ids[1]) }
        struct Failed: Error {}
        #expect(throws: Failed.self) {
            try fixture.store.write(madeBy: "remove") { players in
                try players.delete(id: ids[2])
                throw Failed()
            }
        }
        #expect(try changes(fixture).count == before)
        // The numbers rolled back are given again: no gap.
        try fixture.store.write(madeBy: "remove") { try $0.delete(id: ids[3]) }
        let entries = try changes(fixture)
        #expect(entries.last?.number == entries[entries.count - 2].number + 1)
    }

    @Test(arguments: StorageEngine.all) func twoWritersNumberTheirChangesInCommitOrder(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        let other = try fixture.openAgain()
        try fixture.store.write(madeBy: "first") { try $0.insert(Player(name: "One", position: .striker)) }
        try other.write(madeBy: "second") { try $0.insert(Player(name: "Two", position: .striker)) }
        try fixture.store.write(madeBy: "first") { try $0.insert(Player(name: "Three", position: .striker)) }
        let entries = try changes(fixture)
        #expect(entries.map(\.name) == ["One", "Two", "Three"])
        #expect(entries.map(\.madeBy) == ["first", "second", "first"])
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $1.number == $0.number + 1 })
    }

    @Test(arguments: StorageEngine.all) func theCriteriaSelectChanges(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        let ids = try fixture.add()
        var player = try #require(try fixture.store.read { try $0.player(id: ids[0]) })
        player.club = "Chelsea"
        try fixture.store.write(madeBy: "edit") { try $0.update(player) }
        player.goals = 9
        try fixture.store.write(madeBy: "edit") { try $0.update(player) }
        let all = try changes(fixture)
        let firstEdit = all[all.count - 2].number

        #expect(
            try changes(fixture, HistoryCriteria(afterNumber: firstEdit - 1)).map(\.number) == [
                firstEdit, firstEdit + 1,
            ])
        #expect(
            try changes(fixture, HistoryCriteria(throughNumber: 2)).map(\.number) == [all[0].number, all[1].number])
        #expect(try changes(fixture, HistoryCriteria(fields: [.club], kinds: [.updated])).map(\.number) == [firstEdit])
        #expect(try changes(fixture, HistoryCriteria(playerID: ids[0])).count == 3)
        #expect(try changes(fixture, HistoryCriteria(kinds: [.removed])).isEmpty)
        var limited: [Int64] = []
        try fixture.store.read {
            try $0.forEachChange(matching: HistoryCriteria(), limit: 2) { limited.append($0.number) }
        }
        #expect(limited == [all[0].number, all[1].number])
        #expect(try changes(fixture, HistoryCriteria(since: "9999-01-01")).isEmpty)
        #expect(try changes(fixture, HistoryCriteria(before: "2000-01-01")).isEmpty)
    }

    @Test(arguments: StorageEngine.all) func forgettingDropsTheOlderChangesAndMovesTheStart(engine: StorageEngine)
        throws
    {
        let fixture = try StoreFixture(engine)
        try fixture.add()
        let last = try fixture.store.read { try $0.historyStart() }.lastNumber
        let forgotten = try fixture.store.write(madeBy: "forget") { try $0.forgetHistory(before: "9999-01-01") }
        #expect(forgotten == StoreFixture.players.count)
        #expect(try changes(fixture).isEmpty)
        let start = try fixture.store.read { try $0.historyStart() }
        #expect(start.time == "9999-01-01")
        #expect(start.firstNumber == last + 1)
        // Numbers go on from where they were: one is never given twice.
        try fixture.store.write(madeBy: "add") { try $0.insert(Player(name: "After", position: .striker)) }
        #expect(try changes(fixture).map(\.number) == [last + 1])
    }
}
