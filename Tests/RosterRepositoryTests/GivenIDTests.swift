import CSQLite
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// An id once given is never given again: removing the player with the largest id made the next new player take
/// it, so that a bookmarked player, a change list or a copy elsewhere came to mean another player.
@Suite struct GivenIDTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
        try database.write(madeBy: "test") { players in
            for name in ["Ada One", "Bea Two", "Cleo Three"] {
                try players.insert(Player(name: name, position: .striker))
            }
        }
    }

    private func addOne() throws -> Int64 {
        try database.write(madeBy: "test") { try $0.insert(Player(name: "New Player", position: .goalkeeper)) }
    }

    @Test func aRemovedPlayersIDIsNotGivenAgain() throws {
        try database.write(madeBy: "test") { try $0.delete(id: 3) }
        #expect(try addOne() == 4)
        try database.write(madeBy: "test") { try $0.delete(id: 4) }
        try database.write(madeBy: "test") { try $0.delete(id: 2) }
        #expect(try addOne() == 5)
    }

    @Test func anIDGivenAwayIsNotGivenAgain() throws {
        try database.write(madeBy: "test") { try $0.renumber(3, to: 10) }
        try database.write(madeBy: "test") { try $0.renumber(10, to: 7) }
        #expect(try addOne() == 11)
    }

    /// Another program's delete counts as any other: the change counter's triggers keep the mark.
    @Test func anotherProgramsRemovalCountsToo() throws {
        try database.connection.execute("DELETE FROM players WHERE id >= 2")
        #expect(try addOne() == 4)
    }

    /// A roster emptied and loaded again goes on after the ids it gave; the bulk load sets no trigger aside that
    /// keeps the mark.
    @Test func aBulkLoadIntoAnEmptiedRosterGoesOn() throws {
        try database.connection.execute("DELETE FROM players")
        let ids = try database.write(madeBy: "test") { players in
            try players.load { store in
                try ["Dora Four", "Eve Five"].map { try store.insert(Player(name: $0, position: .midfielder)) }
            }
        }
        #expect(ids == [4, 5])
    }

    /// Once the largest id allowed was given, a new player took the lowest free id, a removed player's, and each new
    /// one cost a scan of the table for a gap: no id is left to give now, and a new player must bring its own.
    @Test func noIDIsGivenOnceTheLargestWasGiven() throws {
        try database.write(madeBy: "test") { try $0.delete(id: 2) }
        _ = try database.write(madeBy: "test") {
            try $0.insert(Player(id: FieldRule.maximumID, name: "Last Id", position: .goalkeeper))
        }
        #expect(throws: IDsExhausted.self) { try addOne() }
        #expect(
            try database.write(madeBy: "test") {
                try $0.insert(Player(id: 2_000, name: "Own Id", position: .goalkeeper))
            } == 2_000)
    }

    /// A write without the change counter's row went ahead and gave a removed player's id again (the row keeps the
    /// largest id given); it is refused, saying to run `init`.
    @Test func aWriteWithoutTheCounterRowIsRefused() throws {
        try database.connection.execute("DELETE FROM players WHERE id = 3; DELETE FROM roster_changes")
        let error = #expect(throws: DatabaseError.self) { try addOne() }
        #expect(error?.message.contains("run 'rosterdb init'") == true)
    }

    /// `init` puts back the counter's row another program deleted; the mark starts again at the largest id in use.
    @Test func aRestoredCounterRowStartsAtTheLargestIDInUse() throws {
        try database.connection.execute("DELETE FROM players WHERE id = 3; DELETE FROM roster_changes")
        #expect(try database.restoreMissingObjects() == [ChangeCounter.rowName])
        #expect(try addOne() == 3)
        try database.write(madeBy: "test") { try $0.delete(id: 3) }
        #expect(try addOne() == 4)
    }
}
