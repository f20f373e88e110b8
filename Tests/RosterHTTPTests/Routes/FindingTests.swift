import Foundation
import RosterModel
import Testing

@testable import RosterHTTP

/// Finding players on the sample roster: ties in name order, suggestions for a nationality or club no player has,
/// and clubs by the start of their name, in the JSON API and on the web page.
@Suite struct FindingTests {
    let fixture: ServeFixture

    init() throws {
        fixture = try ServeFixture()
    }

    private func players(_ target: String) throws -> [[String: Any]] {
        let page = try ServeFixture.json(fixture.get(target))
        return page["players"] as? [[String: Any]] ?? []
    }

    /// The four goalkeepers, all without goals, come from A to Z whichever way the goals run, and so do the pages a
    /// token walks.
    @Test(arguments: ["goals", "goals:desc"])
    func equalGoalsListTheirPlayersByName(sort: String) throws {
        let names = try players("/api/players?position=GK&sort=\(sort)").compactMap { $0["name"] as? String }
        #expect(names.count == 4)
        #expect(names == names.sorted { NameFolding.fold($0) < NameFolding.fold($1) }, "\(names)")
        var walked: [String] = []
        var target: String? = "/api/players?position=GK&sort=\(sort)&per_page=1&after="
        while let next = target, walked.count < 10 {
            let page = try ServeFixture.json(fixture.get(next))
            walked += (page["players"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            target = page["next"] as? String
        }
        #expect(walked == names)
    }

    /// A token of the first format held the values of an order whose ties ended on the id alone: it is refused as
    /// such, not read as a position in today's order.
    @Test func aTokenOfTheEarlierFormatIsRefusedWithItsOwnMessage() throws {
        let text = Data("1;goals:desc;i0.i25.".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let response = fixture.get("/api/players?sort=goals:desc&after=\(text)")
        #expect(response.status == .badRequest)
        let error = try ServeFixture.problem(response)
        #expect(error["parameter"] as? String == "after")
        #expect((error["detail"] as? String)?.contains("a page token of an earlier rosterdb") == true, "\(error)")
    }

    @Test func anEmptyListSuggestsTheNearestClubsAndNationalities() throws {
        let page = try ServeFixture.json(fixture.get("/api/players?club=manchester%20united&nationality=brasil"))
        #expect(page["total"] as? Int == 0)
        let suggestions = try #require(page["suggestions"] as? [[String: Any]], "\(page)")
        #expect(suggestions.count == 2)
        #expect(suggestions.first?["field"] as? String == "nationality")
        #expect(suggestions.first?["given"] as? String == "brasil")
        #expect(suggestions.first?["values"] as? [String] == ["Brazil"])
        #expect(suggestions.last?["field"] as? String == "club")
        #expect(suggestions.last?["values"] as? [String] == ["Manchester City"])
        // A club some player has: the other filters emptied the list, and nothing is suggested.
        let combined = try ServeFixture.json(fixture.get("/api/players?club=arsenal&position=GK"))
        #expect(combined["total"] as? Int == 0)
        #expect(combined["suggestions"] == nil)
        #expect(try ServeFixture.json(fixture.get("/api/players?club=arsenal"))["suggestions"] == nil)
    }

    @Test func theListPageLinksToEachSuggestion() throws {
        let response = fixture.get("/?club=manchester+united&position=ST")
        #expect(response.status == .ok)
        let page = ServeFixture.text(response)
        #expect(page.contains("No players match."))
        #expect(
            page.contains(
                "did you mean <a href=\"/?position=ST&amp;club=Manchester%20City\">Manchester City</a>?")
                || page.contains(
                    "did you mean <a href=\"/?club=Manchester%20City&amp;position=ST\">Manchester City</a>?"),
            "\(page)")
    }

    @Test func clubsAreFoundByTheStartOfTheirName() throws {
        let clubs = try players("/api/players?club_prefix=MAN&per_page=100").compactMap { $0["club"] as? String }
        #expect(clubs.count == 2)
        #expect(clubs.allSatisfy { $0 == "Manchester City" })
        let real = Set(
            try players("/api/players?club_prefix=r%C3%A9al&per_page=100").compactMap { $0["club"] as? String })
        #expect(real == ["Real Madrid", "Real Sociedad"])
        // Several prefixes match in the alternative; a prefix of nothing matches nothing.
        let both = Set(
            try players("/api/players?club_prefix=bar&club_prefix=bay&per_page=100").compactMap {
                $0["club"] as? String
            })
        #expect(both == ["Barcelona", "Bayern Munich"])
        #expect(try players("/api/players?club_prefix=zz").isEmpty)
        // The web page's form sends it.
        let page = ServeFixture.text(fixture.get("/?club_prefix=man"))
        #expect(page.contains("name=\"club_prefix\" value=\"man\""))
        #expect(page.contains("Erling Haaland"))
        #expect(!page.contains("Harry Kane"))
    }
}
