import RosterModel
import Testing

@testable import RosterCLI

@Suite struct PlayerDetailViewTests {
    @Test func everythingKnown() {
        #expect(
            PlayerDetailView.render(Fixtures.messi, asOf: Fixtures.asOf) == """
                Lionel Messi
                ============

                ID:                 10
                Ref:                unknown
                Position:           RW (Right Winger)
                Nationality:        Argentina
                Club:               Inter Miami
                Born:               1987-06-24 (age 38)
                Goals:              20
                Assists:            15
                Goal contributions: 35
                Image:              messi.png

                """)
    }

    @Test func ageIsTakenOnTheAsOfDate() {
        let dayBefore = CalendarDate(year: 2025, month: 6, day: 23)!
        #expect(
            PlayerDetailView.render(Fixtures.messi, asOf: dayBefore)
                .contains("\nBorn:               1987-06-24 (age 37)\n"))
        let beforeBirth = CalendarDate(year: 1980, month: 1, day: 1)!
        #expect(
            PlayerDetailView.render(Fixtures.messi, asOf: beforeBirth)
                .contains("\nBorn:               1987-06-24\n"))
    }

    @Test func unknownValues() {
        #expect(
            PlayerDetailView.render(Player(name: "Nobody", position: .midfielder), asOf: Fixtures.asOf) == """
                Nobody
                ======

                ID:                 unknown
                Ref:                unknown
                Position:           MF (Midfielder)
                Nationality:        unknown
                Club:               unknown
                Born:               unknown
                Goals:              0
                Assists:            0
                Goal contributions: 0
                Image:              unknown

                """)
    }

    @Test(arguments: [
        (Fixtures.son, "손흥민\n======\n"),
        (Fixtures.kubo, "久保 建英\n=========\n"),
        (Fixtures.sa, "Jose\u{301} Sa\u{301}\n=======\n"),
        (Fixtures.neymar, "Neymar 🇧🇷⚽\n===========\n"),
    ])
    func headingIsUnderlinedToItsDisplayWidth(_ player: Player, _ heading: String) {
        #expect(PlayerDetailView.render(player, asOf: Fixtures.asOf).hasPrefix(heading + "\n"))
    }

    @Test func controlCharactersAreNotPrinted() {
        let player = Player(
            id: 1, name: "Two\nLines", position: .striker, nationality: "\u{1B}[31mRed", image: "a\u{2028}b")
        #expect(
            PlayerDetailView.render(player, asOf: Fixtures.asOf) == """
                Two?Lines
                =========

                ID:                 1
                Ref:                unknown
                Position:           ST (Striker)
                Nationality:        ?[31mRed
                Club:               unknown
                Born:               unknown
                Goals:              0
                Assists:            0
                Goal contributions: 0
                Image:              a?b

                """)
    }

    @Test func goalContributionsDoNotOverflow() {
        let player = Player(id: 1, name: "Max", position: .striker, goals: .max, assists: 1)
        #expect(
            PlayerDetailView.render(player, asOf: Fixtures.asOf)
                .contains("\nGoal contributions: 9223372036854775808\n"))
    }
}
