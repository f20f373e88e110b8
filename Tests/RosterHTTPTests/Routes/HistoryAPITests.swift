import Foundation
import RosterModel
import RosterRepository
import Testing

@testable import RosterHTTP

/// The change feed and a player's history over HTTP, called in process on the sample roster (28 players added, one
/// change each).
@Suite struct HistoryAPITests {
    let fixture: ServeFixture

    init() throws {
        fixture = try ServeFixture()
        try fixture.write { players in
            var messi = try #require(try players.player(id: 1))
            messi.club = "Barcelona"
            try players.update(messi)
            try players.delete(id: 2)
        }
    }

    private func page(_ target: String) throws -> (changes: [[String: Any]], next: Int?) {
        let response = fixture.get(target)
        #expect(response.status == .ok, "\(ServeFixture.text(response))")
        let object = try ServeFixture.json(response)
        return (object["changes"] as? [[String: Any]] ?? [], object["next"] as? Int)
    }

    @Test func theFeedIsReadAPageAtATimeAndNarrowed() throws {
        var since = 0
        var numbers: [Int] = []
        while true {
            let (changes, next) = try page("/api/changes?since=\(since)&limit=8")
            if changes.isEmpty { break }
            numbers += changes.compactMap { $0["number"] as? Int }
            since = try #require(next)
        }
        #expect(numbers == Array(1...30))
        let transfers = try page("/api/changes?since=0&field=club&kind=updated")
        #expect(transfers.changes.map { $0["name"] as? String } == ["Lionel Messi"])
        #expect(transfers.next == 30)
        #expect(try page("/api/changes?since=2026-01-01&kind=removed").changes.map { $0["id"] as? Int } == [2])
        #expect(try page("/api/changes?since=0&until=2&player=1").changes.map { $0["number"] as? Int } == [1])
        // Past the latest change, a follower of another roster (or of this one before it was put back) is told so.
        #expect(try page("/api/changes?since=30").changes.isEmpty)
        let ahead = fixture.get("/api/changes?since=31")
        #expect(ahead.status == .notFound, "\(ServeFixture.text(ahead))")
        #expect(ServeFixture.text(ahead).contains("there is no change 31"))
    }

    @Test func aPlayersHistoryIsNewestFirstAndKeptAfterTheRemoval() throws {
        let messi = try ServeFixture.json(fixture.get("/api/players/1/history"))
        #expect((messi["changes"] as? [[String: Any]])?.map { $0["change"] as? String } == ["updated", "added"])
        let removed = try ServeFixture.json(fixture.get("/api/players/2/history"))
        #expect((removed["changes"] as? [[String: Any]])?.first?["change"] as? String == "removed")
        #expect(fixture.get("/api/players/999/history").status == .notFound)
        #expect(fixture.get("/api/players/x/history").status == .notFound)
    }

    @Test func mistakesAreAnsweredWithTheParameterNamed() throws {
        for (target, parameter) in [
            ("/api/changes", "since"), ("/api/changes?since=later", "since"), ("/api/changes?since=0&limit=0", "limit"),
            ("/api/changes?since=0&field=shirt", "field"), ("/api/changes?since=0&kind=moved", "kind"),
            ("/api/changes?since=0&player=me", "player"), ("/api/changes?since=0&page=2", "page"),
        ] {
            let response = fixture.get(target)
            #expect(response.status == .badRequest, "\(target)")
            let error = try? ServeFixture.problem(response)
            #expect(error?["parameter"] as? String == parameter, "\(target)")
        }
    }
}
