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
        try database.write(madeBy: "test") { try $0.insert(stored) }
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

    /// Lookups in ascending id order step through the table; gaps, a step back, ids past the end and writes between
    /// lookups answer as single lookups do, and nothing stays open once the walk ends.
    @Test func aWalkAnswersAsSingleLookupsDo() throws {
        let ids: [Int64] = [2, 3, 5, 40, 41, 90]
        try database.write(madeBy: "test") { players in
            for id in ids {
                var player = stored
                player.id = id
                player.ref = "p\(id)"
                try players.insert(player)
            }
        }
        func player(_ id: Int64, goals: Int = 12) -> Player {
            var player = stored
            player.id = id
            player.ref = id == 7 ? "p7" : "p\(id)"
            player.goals = goals
            return player
        }
        try database.write(madeBy: "test") { players in
            func answer(_ id: Int64, goals: Int = 12) throws -> String {
                switch try players.storedPlayer(comparedWith: player(id, goals: goals), id: id) {
                case .absent: "absent"
                case .same: "same"
                case .other(let other): "other \(other.id!)"
                }
            }
            #expect(try answer(1) == "absent")
            #expect(try answer(2) == "same")
            #expect(try answer(3, goals: 13) == "other 3")
            #expect(try answer(4) == "absent")
            #expect(try answer(5) == "same")
            #expect(try answer(7) == "same")
            #expect(try answer(40) == "same")  // 33 ids ahead: a seek, not a walk
            let changed = player(41, goals: 30)
            #expect(try answer(41, goals: 30) == "other 41")
            try players.update(changed)
            #expect(try answer(41, goals: 30) == "same")  // the write ended the walk; the row is read anew
            #expect(try answer(90) == "same")
            #expect(try answer(3) == "same")  // a step back
            #expect(try answer(91) == "absent")
            #expect(try answer(1_000) == "absent")  // past the last row
            players.endWalk()
            try players.connection.execute("CREATE INDEX walk_ended ON players (goals)")
        }
    }

    /// An update from the stored player writes what changed and the keys folded from it, and nothing else: the
    /// image another program changed meanwhile (unseen by `stored`) stays as that program left it.
    @Test func anUpdateFromTheStoredPlayerWritesOnlyWhatChanged() throws {
        try database.connection.execute("UPDATE players SET image = 'other.png' WHERE id = 7")
        var changed = stored
        changed.goals = 13
        changed.club = "Los Angeles FC"
        try database.write(madeBy: "test") { try $0.update(changed, from: stored) }
        let row = try database.connection.prepare("SELECT goals, club, club_key, image FROM players WHERE id = 7")
            .firstRow { "\($0.int(at: 0)) \($0.text(at: 1)) \($0.text(at: 2)) \($0.text(at: 3))" }
        #expect(row == "13 Los Angeles FC los angeles fc other.png")
        try database.write(madeBy: "test") { try $0.update(stored, from: stored) }
        #expect(try database.read { try $0.player(id: 7) }?.goals == 13)
    }
}
