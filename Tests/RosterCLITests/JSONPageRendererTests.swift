import Foundation
import RosterModel
import Testing

@testable import RosterCLI

@Suite struct JSONPageRendererTests {
    @Test func pageWithPlayers() {
        let json = render(
            [Fixtures.messi, Fixtures.son], PageInfo(page: 2, perPage: 20, total: 271),
            with: JSONPageRenderer())
        #expect(
            json == """
                {"page":2,"per_page":20,"total":271,"pages":14,"players":[\
                {"id":10,"ref":null,"name":"Lionel Messi","position":"RW","goals":20,"assists":15,"nationality":"Argentina","club":"Inter Miami",\
                "birth_date":"1987-06-24","age":38,"image":"messi.png"},\
                {"id":7,"ref":null,"name":"손흥민","position":"LW","goals":17,"assists":10,"nationality":"South Korea","club":"Los Angeles FC",\
                "birth_date":"1992-07-08","age":32,"image":null}]}

                """)
    }

    @Test func emptyPage() {
        #expect(
            render([], PageInfo(page: 1, perPage: 20, total: 0), with: JSONPageRenderer())
                == #"{"page":1,"per_page":20,"total":0,"pages":0,"players":[]}"# + "\n")
        #expect(
            render([], PageInfo(page: 20, perPage: 20, total: 271), with: JSONPageRenderer())
                == #"{"page":20,"per_page":20,"total":271,"pages":14,"players":[]}"# + "\n")
    }

    @Test func everyPlayerParsesBack() throws {
        let json = render(Fixtures.all, .all(total: 6), with: JSONPageRenderer())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["page"] as? Int == 1)
        #expect(object["per_page"] as? Int == 6)
        #expect(object["pages"] as? Int == 1)
        let players = try #require(object["players"] as? [[String: Any]])
        #expect(players.map { $0["name"] as? String } == Fixtures.all.map(\.name))
        #expect(players.last?["age"] is NSNull)
    }
}
