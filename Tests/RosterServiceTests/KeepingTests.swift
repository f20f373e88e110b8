import RosterFormats
import RosterModel
import RosterService
import TestSupport
import Testing

@testable import RosterRepository

/// `add`, `edit` and `remove` in the service: the import's rules, all or nothing.
@Suite struct KeepingTests {
    let sample: SampleRoster
    var roster: Roster { sample.roster }

    init() throws {
        sample = try SampleRoster()
    }

    @Test func addReadsValuesAsAnImportRecordAndGivesTheNextId() throws {
        let player = try roster.add([
            .name: " Cole Palmer ", .position: "attacking midfielder", .goals: "15",
            .birthDate: "2002-05-06", .club: "Chelsea",
        ])
        #expect(
            player
                == Player(
                    id: 29, name: "Cole Palmer", position: .attackingMidfielder, goals: 15,
                    club: "Chelsea", birthDate: CalendarDate(iso: "2002-05-06")))
        #expect(try roster.player(id: 29) == player)
    }

    @Test func addRefusesWithEveryProblemInTheImportsWords() throws {
        let error = #expect(throws: InvalidPlayer.self) {
            try roster.add([.name: "A", .position: "ST", .goals: "-1", .nationality: "\u{200B}"])
        }
        #expect(error?.problems.map(\.field) == ["goals", "nationality"])
        #expect(error?.problems.first?.message == "must not be negative, got '-1'")
        #expect(try roster.count() == 28)
    }

    @Test func editSetsClearsAndAddsInOneWrite() throws {
        var edit = PlayerEdit()
        edit.values = [.position: .cell("CF")]
        edit.cleared = [.image]
        edit.increments = [.goals: 2, .assists: -1]
        let (found, after, _) = try roster.edit("Kylian Mbappé", edit)
        let before = try #require(found.player)
        #expect((before.goals, before.assists, before.position) == (31, 7, .striker))
        #expect((after.goals, after.assists, after.position, after.image) == (33, 6, .centreForward, nil))
        #expect(try roster.player(id: 3) == after)
    }

    /// The same name in other bytes (decomposed) is a change: stored, and reported field by field.
    @Test func anEditToAnotherSpellingOfTheSameTextIsAChange() throws {
        var edit = PlayerEdit()
        edit.values = [.name: .cell("Kylian Mbappe\u{301}")]
        let (found, after, _) = try roster.edit("3", edit)
        let before = try #require(found.player)
        #expect(Array(after.name.utf8) == Array("Kylian Mbappe\u{301}".utf8))
        #expect(before != after)
        #expect(PlayerField.allCases.filter { before[$0] != after[$0] } == [.name])
        let stored = try #require(try roster.player(id: 3))
        #expect(Array(stored.name.utf8) == Array(after.name.utf8))
    }

    @Test func removeResolvesEveryNameFirst() throws {
        #expect(throws: LookupError.self) { try roster.remove(["3", "Nobody"]) }
        #expect(try roster.count() == 28)
        let dry = try roster.remove(["1", "2"], dryRun: true)
        #expect(dry.removed.map(\.id) == [1, 2])
        #expect(try roster.count() == 28)
        #expect(try roster.remove(["1", "lionel messi", "2"]).removed.map(\.id) == [1, 2])
        #expect(try roster.count() == 26)
    }

    /// A number names an id only: `remove 3` run twice removed player 3, then a player called "3".
    @Test func digitsNameAnIdAndNeverAPlayerCalledSo() throws {
        let called3 = try roster.add([.name: "3", .position: "GK"])
        // Names are compared ignoring spacing, and so are digits.
        #expect(try roster.remove([" 3 "]).removed.map { $0.text(.name) } == ["Kylian Mbappé"])
        let error = #expect(throws: LookupError.self) { try roster.remove(["3"]) }
        #expect(error?.description == "no player has the id 3")
        guard case .noSuchID(_, let named) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(named.map(\.id) == [called3.id])
        var edit = PlayerEdit()
        edit.values = [.goals: .cell("1")]
        #expect(throws: LookupError.self) { try roster.edit("3", edit) }
        #expect(throws: LookupError.self) { try roster.findPlayer("03") }
        #expect(try roster.player(id: called3.id!) == called3)
        #expect(try roster.findPlayer("\(called3.id!)") == called3)
    }

    /// Runs SQL on the roster as another program would, with CHECK constraints off.
    private func otherProgram(_ sql: String) throws {
        try RosterDatabase(path: sample.folder.path("roster.db"), mode: .existing).connection.execute(
            "PRAGMA ignore_check_constraints = ON; \(sql); PRAGMA ignore_check_constraints = OFF")
    }

    /// Correcting a player that could not be read checks what any edit checks, and no more: neither its namesake
    /// born the same day (a duplicate from before, as for any edit that keeps name and birth date) nor its own ref
    /// refuses it, and the player itself is never read for those checks.
    @Test func aPlayerThatCouldNotBeReadIsCorrectedAsAnyOther() throws {
        let mbappe = try #require(try roster.player(id: 3))
        _ = try roster.add(
            [.name: mbappe.name, .position: "GK", .birthDate: mbappe.birthDate?.description ?? ""],
            allowDuplicate: true)
        try otherProgram("UPDATE players SET goals = 'many', ref = 'MBA' WHERE id = 3")

        var edit = PlayerEdit()
        edit.values = [.goals: .cell("40"), .ref: .cell("MBA")]
        let (before, after, _) = try roster.edit("3", edit)
        guard case .unreadable(3, let texts, let problem) = before else {
            Issue.record("\(before)")
            return
        }
        #expect(problem == "goals 'many', which is not an integer")
        #expect(texts.values[.goals] == "many" && texts.values[.name] == "Kylian Mbappé" && texts.notUTF8.isEmpty)
        #expect(after.goals == 40 && after.ref == "MBA")
        #expect(try roster.player(id: 3) == after)

        // A new name and birth date another player has are refused as for any edit.
        try otherProgram("UPDATE players SET goals = -1 WHERE id = 3")
        let messi = try #require(try roster.player(id: 1))
        edit.values = [
            .goals: .cell("1"), .name: .cell(messi.name), .birthDate: .cell(messi.birthDate?.description ?? ""),
        ]
        #expect(throws: DuplicatePlayer.self) { try roster.edit("3", edit) }
        #expect(try roster.remove(["03"]).removed.map(\.id) == [3])
    }

    /// An edit made a duplicate `add` refuses, and an import then found two players by that name and birth date.
    @Test func anEditThatMakesADuplicateIsRefusedUnlessAllowed() throws {
        let messi = try #require(try roster.player(id: 1))
        var edit = PlayerEdit()
        edit.values = [.name: .cell("LIONEL MESSI"), .birthDate: .cell(messi.birthDate?.description ?? "")]
        let error = #expect(throws: DuplicatePlayer.self) { try roster.edit("3", edit) }
        #expect(error?.existing.map(\.id) == [1])
        #expect(try roster.player(id: 3)?.name == "Kylian Mbappé")
        #expect(try roster.edit("3", edit, allowDuplicate: true).after.name == "LIONEL MESSI")
        // Other changes to either of the two are no new duplicate.
        var goals = PlayerEdit()
        goals.increments = [.goals: 1]
        #expect(try roster.edit("3", goals).after.goals == 32)
    }
}
