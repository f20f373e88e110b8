import RosterModel
import Testing

@testable import RosterCLI

@Suite struct NDJSONRendererTests {
    @Test func oneObjectPerLineAndNothingElse() {
        let ndjson = render(
            [Fixtures.sa, Fixtures.neymar], PageInfo(page: 1, perPage: 20, total: 2),
            with: NDJSONRenderer())
        #expect(
            ndjson == """
                {"id":1,"ref":null,"name":"Jose\u{301} Sa\u{301}","position":"GK","goals":0,"assists":1,"nationality":"Portugal","club":"Wolverhampton Wanderers",\
                "birth_date":"1993-01-17","age":32,"image":null}
                {"id":11,"ref":null,"name":"Neymar 🇧🇷⚽","position":"LW","goals":3,"assists":7,"nationality":null,"club":null,\
                "birth_date":null,"age":null,"image":null}

                """)
    }

    @Test func aNewlineInANameStaysInsideItsLine() {
        let player = Player(id: 3, name: "Two\nLines", position: .striker)
        let ndjson = render([player], .all(total: 1), with: NDJSONRenderer())
        #expect(ndjson.split(separator: "\n").count == 1)
        #expect(ndjson.contains(#""name":"Two\nLines""#))
    }

    @Test func noPlayersIsNoText() {
        #expect(render([], PageInfo(page: 1, perPage: 20, total: 0), with: NDJSONRenderer()) == "")
    }
}
