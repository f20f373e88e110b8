import RosterModel
import Testing

@testable import RosterCLI

@Suite struct CSVRendererTests {
    @Test func headerThenOneRowPerPlayerWithAge() {
        let quirky = Player(
            id: 4, name: "Kevin \"KDB\", De Bruyne", position: .attackingMidfielder, goals: 6, assists: 18,
            nationality: " Belgium", image: "a\nb.png")
        let csv = render(
            [Fixtures.messi, Fixtures.kubo, quirky, Fixtures.neymar],
            PageInfo(page: 1, perPage: 20, total: 4), with: CSVRenderer())
        #expect(
            csv == """
                id,ref,name,position,goals,assists,nationality,club,birth_date,age,image
                10,,Lionel Messi,RW,20,15,Argentina,Inter Miami,1987-06-24,38,messi.png
                20,,久保 建英,RW,5,4,Japan,Real Sociedad,2001-06-04,24,
                4,,"Kevin ""KDB"", De Bruyne",AM,6,18," Belgium",,,,"a
                b.png"
                11,,Neymar 🇧🇷⚽,LW,3,7,,,,,

                """)
    }

    @Test func noPlayersIsJustTheHeader() {
        #expect(
            render([], PageInfo(page: 1, perPage: 20, total: 0), with: CSVRenderer())
                == "id,ref,name,position,goals,assists,nationality,club,birth_date,age,image\n")
    }
}
