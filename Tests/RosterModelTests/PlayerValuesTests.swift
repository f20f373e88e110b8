import RosterModel
import Testing

/// `Player.hasValues(of:)`: the comparison an import makes with every stored row, byte for byte.
struct PlayerValuesTests {
    private let player = Player(
        id: 7, name: "Ángel Di María", position: .rightWinger, goals: 3, nationality: "Argentina",
        birthDate: CalendarDate(year: 1988, month: 2, day: 14))

    @Test func aPlayerHasItsOwnValuesAndACopysValues() {
        #expect(player.hasValues(of: player))
        var copy = player
        copy.name = "Ángel" + " Di María"
        #expect(player.hasValues(of: copy))
    }

    @Test func anyFieldThatDiffersMakesThemDiffer() {
        var other = player
        other.goals = 4
        #expect(!player.hasValues(of: other))
        other = player
        other.nationality = nil
        #expect(!player.hasValues(of: other))
        other = player
        other.club = "Benfica"
        #expect(!player.hasValues(of: other))
        other = player
        other.birthDate = CalendarDate(year: 1988, month: 2, day: 15)
        #expect(!player.hasValues(of: other))
        other = player
        other.name = "Ángel Di Marí"
        #expect(!player.hasValues(of: other))
    }

    @Test func textIsComparedByItsBytesNotAsEqualStrings() {
        var decomposed = player
        decomposed.name = "A\u{301}ngel Di Mari\u{301}a"
        // Swift's == treats the two spellings as one string; the stored bytes differ, so the row differs.
        #expect(decomposed.name == player.name)
        #expect(!player.hasValues(of: decomposed))
        // And so do the two players: an import or an edit that brings the other spelling writes it.
        #expect(decomposed != player)
        var same = decomposed
        same.name = "A\u{301}ngel Di Mari\u{301}a"
        #expect(same == decomposed)
        #expect(Set([player, decomposed]).count == 2)
    }
}
