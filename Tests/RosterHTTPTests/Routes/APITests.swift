import CSQLite
import Foundation
import RosterFormats
import RosterModel
import RosterRepository
import RosterService
import Testing

@testable import RosterHTTP

/// The JSON API's handlers, called in process without a socket, on the sample roster.
@Suite struct APITests {
    let fixture: ServeFixture

    init() throws {
        fixture = try ServeFixture()
    }

    @Test func healthAnswersWithoutTheRoster() throws {
        let response = fixture.get("/api/health")
        #expect(response.status == .ok)
        #expect(ServeFixture.text(response) == "{\"ok\":true}\n")
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.headers["ETag"] == nil)
    }

    @Test func aPageIsTheQueryObjectWithNextAndPrevious() throws {
        let response = fixture.get("/api/players?position=FW&sort=goals:desc&per_page=5&page=2")
        #expect(response.status == .ok)
        let text = ServeFixture.text(response)
        // The query --format json object, byte for byte, then the links.
        let roster = try Roster(path: fixture.path, access: .read)
        var query = PlayerQuery(asOf: ServeFixture.day)
        query.filters.append(.positions([.forward]))
        query.sort = [SortOrder(.goals, descending: true)]
        query.paging = .page(2, perPage: 5)
        var expected = ""
        var index = 0
        try roster.run(
            query, begin: { expected = PageEncoding.opening($0) },
            row: { player in
                expected += PageEncoding.player(player, age: player.age(on: ServeFixture.day), index: index)
                index += 1
            })
        expected +=
            "],\"next\":\"/api/players?position=FW&sort=goals:desc&per_page=5&page=3\","
            + "\"prev\":\"/api/players?position=FW&sort=goals:desc&per_page=5&page=1\"}\n"
        #expect(text == expected)
        #expect(
            response.headers["Link"] == "</api/players?position=FW&sort=goals:desc&per_page=5&page=3>; "
                + "rel=\"next\", </api/players?position=FW&sort=goals:desc&per_page=5&page=1>; rel=\"prev\"")
        let last = try ServeFixture.json(fixture.get("/api/players?position=FW&per_page=5&page=3"))
        #expect(last["next"] is NSNull)
    }

    @Test(arguments: [
        ("/api/players?min_goal=3", "min_goal", "Unknown parameter 'min_goal'. Did you mean 'min_goals'?"),
        (
            "/api/players?min_goals=x", "min_goals",
            "The value 'x' is invalid for 'min_goals': expected a whole number from 0 to 1,000,000."
        ),
        ("/api/players?position=wizard", "position", "The value 'wizard' is invalid for 'position': unknown position"),
        (
            "/api/players?min_age=40&max_age=30", "min_age",
            "'min_age=40' is greater than 'max_age=30', so nothing could match."
        ),
        ("/api/players?sort=goalz", "sort", "unknown sort key 'goalz' (did you mean 'goals'?)"),
        ("/api/players?per_page=1001", "per_page", "expected a whole number from 1 to 1,000."),
        ("/api/players?page=1&page=2", "page", "'page' was given more than once; it takes one value."),
        ("/api/players?after=nonsense", "after", "not a page token"),
        ("/api/players?page=2&after=", "page", "'page' cannot be combined with 'after'"),
        ("/api/players?format=xml", "format", "expected one of json, ndjson or csv."),
        ("/api/players?format=csv&page=2", "page", "'page' cannot be combined with 'format=csv'"),
        ("/api/stats?by=team", "by", "The value 'team' is invalid for 'by'"),
        ("/api/stats?top=0", "top", "expected a whole number from 1 to 1,000."),
        ("/api/players/3?nationality=x", "nationality", "Unknown parameter 'nationality'."),
    ])
    func badParametersAre400WithTheCommandLinesWords(target: String, parameter: String, message: String) throws {
        let response = fixture.get(target)
        #expect(response.status == .badRequest)
        let error = try ServeFixture.problem(response)
        #expect(error["status"] as? Int == 400)
        #expect(error["parameter"] as? String == parameter)
        #expect((error["detail"] as? String)?.contains(message) == true, "\(error)")
    }

    @Test func theMessagesAreTheCommandLinesInTheQuerysSpelling() throws {
        var query = PlayerQuery(asOf: ServeFixture.day)
        let cli = #expect(throws: ParameterError.self) { try QueryParameter.minGoals.apply(["-1"], to: &query) }
        let error = try ServeFixture.problem(fixture.get("/api/players?min_goals=-1"))
        #expect(error["detail"] as? String == cli?.message(.query))
    }

    @Test func playersByIdAndAbsentOnes() throws {
        let found = try ServeFixture.json(fixture.get("/api/players/3?as_of=2026-06-01"))
        #expect(found["name"] as? String == "Kylian Mbappé")
        #expect(found["age"] as? Int == 27)
        for missing in ["/api/players/999", "/api/players/abc", "/api/players/0"] {
            let response = fixture.get(missing)
            #expect(response.status == .notFound)
            let error = try ServeFixture.problem(response)
            #expect(error["status"] as? Int == 404)
            #expect((error["detail"] as? String)?.hasPrefix("no player matches") == true)
        }
    }

    @Test func statsHaveTheCommandLinesShape() throws {
        let grouped = try ServeFixture.json(fixture.get("/api/stats?by=line"))
        #expect(grouped["by"] as? String == "line")
        let groups = try #require(grouped["groups"] as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == ["GK", "DF", "MF", "FW"])
        #expect(groups.map { $0["players"] as? Int } == [4, 5, 6, 13])
        let summary = try ServeFixture.json(fixture.get("/api/stats?position=FW"))
        #expect((summary["total"] as? [String: Any])?["players"] as? Int == 13)
        #expect(summary["top_scorers"] is [Any])
    }

    @Test func onlyGetAndHeadAreAnswered() throws {
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            let response = fixture.get("/api/players", method: method)
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers["Allow"] == "GET, HEAD")
        }
        #expect(fixture.get("/api/players", method: "HEAD").status == .ok)
        #expect(fixture.get("/nowhere").status == .notFound)
        #expect(fixture.get("/api/nowhere").status == .notFound)
        #expect(fixture.get("/api/players?x=%ZZ").status == .badRequest)
    }

    @Test func anETagHoldsUntilTheRosterChanges() throws {
        let first = fixture.get("/api/players?position=GK")
        let tag = try #require(first.headers["ETag"])
        let again = fixture.get("/api/players?position=GK", headers: ["If-None-Match": tag])
        #expect(again.status == .notModified)
        #expect(again.headers["ETag"] == tag)
        // The body of the 200 it stands for, which the server sends the length of and never the bytes.
        #expect(ServeFixture.text(again) == ServeFixture.text(first))
        #expect(
            fixture.get("/api/players?position=GK", headers: ["If-None-Match": "W/" + tag + ", \"x\""]).status
                == .notModified)
        // Any write, also one that touches no goalkeeper, is a new roster.
        try fixture.write { players in
            var player = try #require(try players.player(id: 3))
            player.goals += 1
            try players.update(player)
        }
        let changed = fixture.get("/api/players?position=GK", headers: ["If-None-Match": tag])
        #expect(changed.status == .ok)
        #expect(changed.headers["ETag"] != tag)
    }

    /// A server on 127.0.0.1 answered any `Host`: a page whose name an attacker points at 127.0.0.1 (DNS rebinding)
    /// could read the roster from the user's browser.
    @Test func onALoopbackAddressOnlyThisMachinesNamesAreAnswered() throws {
        let local = try ServeFixture { $0.acceptedHosts = ServeOptions.acceptedHosts(listeningOn: "127.0.0.1") }
        for host in ["attacker.example:8080", "attacker.example", "127.0.0.1.evil.example", "[::2]:80"] {
            let api = local.get("/api/players?format=csv", headers: ["Host": host])
            #expect(api.status == .misdirectedRequest, "\(host)")
            #expect(local.get("/", headers: ["Host": host]).status == .misdirectedRequest, "\(host)")
        }
        for host in ["localhost:8080", "LOCALHOST", "127.0.0.1", "127.0.0.1:8080", "[::1]:8080"] {
            #expect(local.get("/api/players", headers: ["Host": host]).status == .ok, "\(host)")
        }
        #expect(local.get("/api/players").status == .ok)
        // Not a name and a port; two Host fields (the first was taken).
        #expect(local.get("/api/players", headers: ["Host": "localhost:evil.example"]).status == .misdirectedRequest)
        var two = HTTPHeaders()
        two.add("Host", "localhost")
        two.add("Host", "evil.example")
        #expect(local.get("/api/players", headers: two).status == .misdirectedRequest)
    }

    /// `GET http://evil.example/api/players` with `Host: localhost` was answered 200: the target's authority names
    /// the host in place of the field, and was never checked.
    @Test func anAbsoluteTargetNamingAnotherHostIsMisdirected() throws {
        let local = try ServeFixture { $0.acceptedHosts = ServeOptions.acceptedHosts(listeningOn: "127.0.0.1") }
        for target in ["http://evil.example/api/players", "http://evil.example:8080/", "http://127.0.0.1.evil/"] {
            let response = local.get(target, headers: ["Host": "localhost"])
            #expect(response.status == .misdirectedRequest, "\(target)")
        }
        #expect(local.get("http://localhost:8080/api/players", headers: ["Host": "localhost:8080"]).status == .ok)
        #expect(local.get("http://127.0.0.1/", headers: ["Host": "localhost"]).status == .ok)
    }

    @Test func theNamesAcceptedFollowTheAddress() {
        #expect(
            ServeOptions.acceptedHosts(listeningOn: "127.0.0.2") == ["localhost", "127.0.0.1", "[::1]", "127.0.0.2"])
        #expect(ServeOptions.acceptedHosts(listeningOn: "::1") == ["localhost", "127.0.0.1", "[::1]"])
        #expect(ServeOptions.acceptedHosts(listeningOn: "localhost") == ["localhost", "127.0.0.1", "[::1]"])
        // IPv4's loopback mapped into IPv6 is reachable from this machine only, as 127.0.0.1 is.
        #expect(ServeOptions.acceptedHosts(listeningOn: "::ffff:127.0.0.1") != nil)
        for open in ["0.0.0.0", "::", "192.168.1.5", "fe80::1"] {
            #expect(ServeOptions.acceptedHosts(listeningOn: open) == nil, "\(open)")
        }
    }

    /// The first rows of a stream are read before its answer is sent: one that cannot be read made a 200 with no
    /// byte of body, which a client that does not check the chunked framing takes for an empty list.
    @Test func aStreamWhoseFirstRowCannotBeReadIsAnError() throws {
        var database: OpaquePointer?
        #expect(sqlite3_open(fixture.path, &database) == SQLITE_OK)
        defer { sqlite3_close(database) }
        let sql = "PRAGMA ignore_check_constraints = ON; UPDATE players SET goals = 1.5 WHERE id = 1"
        #expect(sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK)
        for format in ["ndjson", "csv"] {
            let response = fixture.get("/api/players?format=\(format)&sort=id")
            #expect(response.status == .internalServerError)
            let error = try ServeFixture.problem(response)
            #expect(
                (error["detail"] as? String)?.contains("player 1 has goals '1.5', which is not an integer") == true)
        }
    }

    /// Text another program stored that is not UTF-8 was answered as U+FFFD, other bytes than stored: it is a
    /// value rosterdb cannot read, named in a 500, as a page and as a stream.
    @Test func textThatIsNotUTF8IsAnErrorNamingThePlayer() throws {
        var database: OpaquePointer?
        #expect(sqlite3_open(fixture.path, &database) == SQLITE_OK)
        defer { sqlite3_close(database) }
        let sql =
            "DROP TRIGGER players_text_is_utf8_update; "
            + "UPDATE players SET club = CAST(X'43C3' AS TEXT) WHERE id = 1"
        #expect(sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK)
        for target in ["/api/players?sort=id", "/api/players?format=ndjson&sort=id", "/api/players/1"] {
            let response = fixture.get(target)
            #expect(response.status == .internalServerError, "\(target)")
            let error = try ServeFixture.problem(response)
            #expect((error["detail"] as? String)?.contains(#"player 1 has club 'C\xC3', which is not UTF-8"#) == true)
        }
    }

    /// The tag was compared before the request was read: `*` or any current tag turned a 400 or a 404 into 304.
    @Test func onlyAnAnswerThatExistsIsNotModified() throws {
        let tag = try #require(fixture.get("/api/players").headers["ETag"])
        for header in ["*", tag] {
            #expect(fixture.get("/api/players?per_page=abc", headers: ["If-None-Match": header]).status == .badRequest)
            #expect(fixture.get("/api/players/99999", headers: ["If-None-Match": header]).status == .notFound)
            #expect(fixture.get("/players/99999", headers: ["If-None-Match": header]).status == .notFound)
            #expect(fixture.get("/api/stats?by=x", headers: ["If-None-Match": header]).status == .badRequest)
            #expect(fixture.get("/api/players/3", headers: ["If-None-Match": header]).status == .notModified)
            #expect(
                fixture.get("/api/players?format=ndjson", headers: ["If-None-Match": header]).status == .notModified)
        }
    }

    /// A server read the file it opened until it stopped: a roster replaced by renaming a new file over it (a
    /// nightly rebuild) was served as it had been, and the old ETag, whose count the new file may reach too, got 304.
    @Test func aRosterReplacedByAnotherFileIsServedFromTheNewOne() throws {
        let old = fixture.get("/api/players")
        let tag = try #require(old.headers["ETag"])
        let replacement = fixture.folder.path("new.db")
        try RosterDatabase(path: replacement, mode: .createIfMissing).write(madeBy: "test") { players in
            try players.insert(Player(name: "Only In New", position: .striker))
        }
        // As a job replaces a roster: the new file, its log copied in, renamed over the old one, whose logs go.
        for suffix in ["-wal", "-shm"] {
            unlink(fixture.path + suffix)
            unlink(replacement + suffix)
        }
        #expect(rename(replacement, fixture.path) == 0)
        let new = fixture.get("/api/players", headers: ["If-None-Match": tag])
        #expect(new.status == .ok)
        #expect(try ServeFixture.json(new)["total"] as? Int == 1)
        #expect(new.headers["ETag"] != tag)
        let stats = try ServeFixture.json(fixture.get("/api/stats"))
        #expect((stats["total"] as? [String: Any])?["players"] as? Int == 1)
    }

    /// `/api/facets`: the clubs and nationalities of the players the list's filters leave, each group as
    /// `/api/stats?by=` writes it, read once per filter and change of the roster.
    @Test func facetsCountClubsAndNationalitiesForTheListsFilters() throws {
        let response = fixture.get("/api/facets?club_prefix=real&top=1")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        let tag = try #require(response.headers["ETag"])
        let body = try ServeFixture.json(response)
        #expect(body["as_of"] as? String == "2026-06-01")
        #expect((body["total"] as? [String: Any])?["players"] as? Int == 7)
        let facets = try #require(body["facets"] as? [[String: Any]])
        #expect(facets.map { $0["by"] as? String } == ["club", "nationality"])
        let clubs = try #require(facets[0]["groups"] as? [[String: Any]])
        #expect(clubs.map { $0["group"] as? String } == ["Real Madrid"])
        #expect(clubs.first?["players"] as? Int == 6)
        #expect((facets[0]["more"] as? Int, facets[0]["unknown"] as? Int) == (1, 0))
        let byClub = try ServeFixture.json(fixture.get("/api/stats?club_prefix=real&by=club&top=1"))
        #expect(
            NSDictionary(dictionary: clubs[0])
                == NSDictionary(dictionary: (byClub["groups"] as? [[String: Any]])?[0] ?? [:]))
        // Asked again while the roster is the same: nothing more is read or kept, and the tag holds.
        let kept = fixture.cache.count
        #expect(
            fixture.get("/api/facets?club_prefix=real&top=1", headers: ["If-None-Match": tag]).status == .notModified)
        #expect(ServeFixture.text(fixture.get("/api/facets?top=5&club_prefix=real")).contains("\"more\":0"))
        #expect(fixture.cache.count == kept)
        // The players without a club are counted apart, and the facets follow a write.
        let everyone = try ServeFixture.json(fixture.get("/api/facets"))
        let allClubs = try #require((everyone["facets"] as? [[String: Any]])?.first)
        #expect(allClubs["unknown"] as? Int == 1)
        #expect((allClubs["groups"] as? [[String: Any]])?.count == 10)
        try fixture.write { try $0.insert(Player(name: "Zed", position: .striker, club: "Real Madrid")) }
        let after = try ServeFixture.json(fixture.get("/api/facets?club_prefix=real&top=1"))
        let clubsAfter = (after["facets"] as? [[String: Any]])?.first?["groups"] as? [[String: Any]]
        #expect(clubsAfter?.first?["players"] as? Int == 7)
        // Bad parameters as the list's; the past roster (`--at`) is not served.
        for target in [
            "/api/facets?top=0", "/api/facets?min_goals=x", "/api/facets?sort=goals", "/api/facets?at=2026-01-01",
        ] {
            #expect(fixture.get(target).status == .badRequest, "\(target)")
        }
    }

    @Test func theTotalIsCountedOncePerChangeAndStaysRight() throws {
        let before = try ServeFixture.json(fixture.get("/api/players?position=GK"))
        #expect(before["total"] as? Int == 4)
        #expect(fixture.cache.count > 0)
        try fixture.write { try $0.insert(Player(name: "New Keeper", position: .goalkeeper)) }
        let after = try ServeFixture.json(fixture.get("/api/players?position=GK"))
        #expect(after["total"] as? Int == 5)
    }

    @Test(arguments: SortKey.allCases.flatMap { [$0.rawValue, $0.rawValue + ":desc"] } + ["club,goals:desc"])
    func followingNextSeesEveryPlayerOnce(sort: String) throws {
        var seen: [Int] = []
        var target: String? = "/api/players?sort=\(sort)&per_page=3&after="
        var pages = 0
        while let next = target, pages < 100 {
            let page = try ServeFixture.json(fixture.get(next))
            #expect(page["page"] is NSNull)
            #expect(page["total"] as? Int == 28)
            seen += (page["players"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            target = page["next"] as? String
            pages += 1
        }
        #expect(seen.count == 28)
        #expect(Set(seen).count == 28)
        let whole = try ServeFixture.json(fixture.get("/api/players?sort=\(sort)&per_page=1000"))
        #expect(seen == (whole["players"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int })
    }

    @Test func aTokenOfAnotherOrderIsRefused() throws {
        let page = try ServeFixture.json(fixture.get("/api/players?sort=goals&per_page=2&after="))
        let next = try #require(page["next"] as? String)
        let token = try #require(next.split(separator: "after=").last)
        let response = fixture.get("/api/players?sort=name&after=\(token)")
        #expect(response.status == .badRequest)
        let error = try ServeFixture.problem(response)
        #expect(
            (error["detail"] as? String)?.contains("this token belongs to the order 'goals:asc', not 'name:asc'")
                == true)
    }

    @Test func ndjsonAndCSVStreamEveryMatch() throws {
        let ndjson = fixture.get("/api/players?format=ndjson&position=FW&sort=goals:desc")
        #expect(ndjson.headers["Content-Type"] == "application/x-ndjson")
        guard case .stream = ndjson.body else {
            Issue.record("not streamed")
            return
        }
        let lines = ServeFixture.text(ndjson).split(separator: "\n")
        #expect(lines.count == 13)
        #expect(lines.first?.hasPrefix("{\"id\":19,") == true)
        let csv = fixture.get("/api/players?format=csv&nationality=france")
        #expect(csv.headers["Content-Type"] == "text/csv; charset=utf-8; header=present")
        let rows = ServeFixture.text(csv).split(separator: "\n")
        #expect(rows.first == "id,ref,name,position,goals,assists,nationality,club,birth_date,age,image")
        #expect(rows.count > 1)
    }

    @Test func corsAddsTheOriginAndAnswersPreflight() throws {
        let open = try ServeFixture { $0.cors = true }
        #expect(open.get("/api/health").headers["Access-Control-Allow-Origin"] == "*")
        let preflight = open.get("/api/players", method: "OPTIONS")
        #expect(preflight.status == .noContent)
        #expect(preflight.headers["Access-Control-Allow-Methods"] == "GET, HEAD")
        #expect(fixture.get("/api/health").headers["Access-Control-Allow-Origin"] == nil)
    }

    @Test func aQueryPastTheTimeLimitIs503() throws {
        let many = (0..<3_000).map { Player(name: "Player \($0)", position: .striker, goals: $0 % 50) }
        let slow = try ServeFixture(players: many) { $0.queryTimeLimit = 0.000_001 }
        let response = slow.get("/api/stats?by=nationality")
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Retry-After"] == "1")
        let error = try ServeFixture.problem(response)
        #expect((error["detail"] as? String)?.hasPrefix("The query took longer than") == true)
        // The worker answers the next request as ever.
        #expect(slow.get("/api/health").status == .ok)
    }

    /// `/api/players%2f19` was answered "There is nothing at /api/players/19", a route that exists.
    @Test func aPathIsNamedAsSent() throws {
        let response = fixture.get("/api/players%2f19")
        #expect(response.status == .notFound)
        let error = try ServeFixture.problem(response)
        #expect(
            error["detail"] as? String
                == "There is nothing at /api/players%2f19; see /api/players, /api/players/{id}, "
                + "/api/players/{id}/history, /api/stats, /api/facets, /api/changes and /api/health; the API is described at "
                + "/openapi.json.")
    }
}
