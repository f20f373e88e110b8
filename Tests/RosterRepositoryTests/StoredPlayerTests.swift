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

    /// The answer for `player` under `id`, as text: `same`, `absent`, or `other` and the player handed out.
    private func answer(_ player: Player, id: Int64 = 7) throws -> String {
        switch try database.read({ try $0.storedPlayer(comparedWith: player, id: id) }) {
        case .absent: "absent"
        case .same: "same"
        case .other(let stored): "other \(stored == self.stored ? "stored" : "\(stored)")"
        }
    }

    @Test func theSameValuesAreTheSame() throws {
        #expect(try answer(stored) == "same")
    }

    @Test func anotherValueHandsOutTheStoredPlayer() throws {
        var changed = stored
        changed.assists = 7
        #expect(try answer(changed) == "other stored")
        changed = stored
        changed.image = nil
        #expect(try answer(changed) == "other stored")
    }

    @Test func anIdNoPlayerHasIsAbsent() throws {
        var other = stored
        other.id = 8
        #expect(try answer(other, id: 8) == "absent")
    }
}
