import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// `storedPlayer(comparedWith:id:)`: what an import learns of the row under a record's id, read where it lies.
@Suite struct StoredPlayerTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase
    let stored = Player(
        id: 7, ref: "p7", name: "Son Heung-min", position: .leftWinger, goals: 12, assists: 6,
        nationality: "South Korea", club: "Tottenham", birthDate: CalendarDate(year: 1992, month: 7, day: 8),
        image: "son.png")

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
        try database.write { try $0.insert(stored) }
    }

    private func compare(_ player: Player, id: Int64 = 7) throws -> StoredPlayer {
        try database.read { try $0.storedPlayer(comparedWith: player, id: id) }
    }

    @Test func theSameValuesAreTheSameWithoutReadingThePlayer() throws {
        guard case .same = try compare(stored) else {
            Issue.record("expected .same")
            return
        }
    }

    @Test func anotherValueHandsOutTheStoredPlayer() throws {
        var changed = stored
        changed.assists = 7
        guard case .other(let player) = try compare(changed) else {
            Issue.record("expected .other")
            return
        }
        #expect(player == stored)
        changed = stored
        changed.image = nil
        guard case .other = try compare(changed) else {
            Issue.record("expected .other for a value made unknown")
            return
        }
    }

    @Test func anIdNoPlayerHasIsAbsent() throws {
        var other = stored
        other.id = 8
        guard case .absent = try compare(other, id: 8) else {
            Issue.record("expected .absent")
            return
        }
    }
}
