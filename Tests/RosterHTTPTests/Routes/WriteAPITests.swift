import Foundation
import RosterModel
import RosterRepository
import RosterService
import Testing

@testable import RosterHTTP

/// The API's writes (`serve --write`), called in process without a socket, on the sample roster.
@Suite struct WriteAPITests {
    let fixture: ServeFixture

    init() throws {
        fixture = try ServeFixture { $0.write = true }
    }

    /// The response to `method target` with `body` of `type`, and `headers`.
    private func send(
        _ method: String, _ target: String, _ body: String? = nil, type: String? = "application/json",
        headers: [(String, String)] = [], to worker: RosterRoutes? = nil
    ) -> HTTPResponse {
        var fields: HTTPHeaders = [:]
        if let type { fields.add("Content-Type", type) }
        for (name, value) in headers { fields.add(name, value) }
        let request = HTTPRequest(
            method: method, rawTarget: target, headers: fields, body: body.map { HTTPRequestBody(Array($0.utf8)) })
        return (worker ?? fixture.worker).respond(to: request)
    }

    private func roster() throws -> Roster { try Roster(path: fixture.path, access: .read) }

    // MARK: - POST /api/players

    @Test func postAddsThePlayerAndSaysWhere() throws {
        let response = send(
            "POST", "/api/players",
            #"{"name": "Cole Palmer", "position": "AM", "goals": 15, "birth_date": "2002-05-06", "club": "Chelsea"}"#)
        #expect(response.status == .created)
        #expect(response.headers["Location"] == "/api/players/29")
        let body = try ServeFixture.json(response)
        #expect(body["id"] as? Int == 29)
        #expect(body["goals"] as? Int == 15)
        #expect(try roster().player(id: 29)?.name == "Cole Palmer")
        // The answer is the player as a read gives it.
        #expect(ServeFixture.text(fixture.get("/api/players/29")) == ServeFixture.text(response))
    }

    @Test func postRefusesAnInvalidPlayerNamingEachFieldAndValue() throws {
        let response = send("POST", "/api/players", #"{"name": "A", "position": "ST", "goals": -1, "shirt": 9}"#)
        #expect(response.status == .badRequest)
        let error = try ServeFixture.problem(response)
        let problems = try #require(error["problems"] as? [[String: Any]])
        #expect(problems.map { $0["field"] as? String } == ["goals", "shirt"])
        #expect(problems.first?["value"] as? String == "-1")
        #expect(problems.first?["message"] as? String == "must not be negative, got -1")
        #expect(try roster().count() == 28)
    }

    @Test func postTakesTheJSONTypesAsAnImportDoes() throws {
        let response = send("POST", "/api/players", #"{"name": "A", "position": "ST", "goals": "3"}"#)
        #expect(response.status == .badRequest)
        #expect(ServeFixture.text(response).contains("expected a whole number, got a string"))
        let malformed = send("POST", "/api/players", #"{"name": "A", "position": "ST",}"#)
        #expect(malformed.status == .badRequest)
        #expect(ServeFixture.text(malformed).contains("not one JSON object"))
        #expect(send("POST", "/api/players", nil).status == .badRequest)
        #expect(try roster().count() == 28)
    }

    @Test func postRefusesADuplicateWithConflictUnlessAllowed() throws {
        let messi = try #require(try roster().findPlayer("Lionel Messi"))
        let body = #"{"name": "LIONEL MESSI", "position": "RW", "birth_date": "\#(messi.birthDate!)"}"#
        let refused = send("POST", "/api/players", body)
        #expect(refused.status == .conflict)
        #expect(ServeFixture.text(refused).contains("give allow_duplicate=1 to have both"))
        #expect(try roster().count() == 28)
        #expect(send("POST", "/api/players?allow_duplicate=1", body).status == .created)
        #expect(try roster().count() == 29)
    }

    @Test func aWriteMustSayItsBodyIsJSONSoThatNoFormCanPostIt() throws {
        for type in ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x", nil] {
            let request = HTTPRequest(
                method: "POST", rawTarget: "/api/players", headers: type.map { ["Content-Type": $0] } ?? [:])
            // Refused before the body is read.
            let early = try #require(fixture.worker.respond(beforeBody: request))
            #expect(early.status == .unsupportedMediaType)
            let response = send("POST", "/api/players", #"{"name": "A", "position": "ST"}"#, type: type)
            #expect(response.status == .unsupportedMediaType)
        }
        let json = HTTPRequest(
            method: "POST", rawTarget: "/api/players", headers: ["Content-Type": "application/json; charset=utf-8"])
        #expect(fixture.worker.respond(beforeBody: json) == nil)
        #expect(try roster().count() == 28)
    }

    // MARK: - PATCH and DELETE /api/players/{id}

    @Test func patchSetsClearsAndAddsLikeEdit() throws {
        let before = try #require(try roster().player(id: 3))
        let response = send("PATCH", "/api/players/3", #"{"club": "Real Madrid", "image": null, "add_goals": 2}"#)
        #expect(response.status == .ok)
        let after = try #require(try roster().player(id: 3))
        #expect(after.club == "Real Madrid")
        #expect(after.image == nil)
        #expect(after.goals == before.goals + 2)
        #expect(try ServeFixture.json(response)["goals"] as? Int == Int(after.goals))
    }

    @Test func patchRefusesWhatEditRefuses() throws {
        let before = try #require(try roster().player(id: 3))
        for body in [
            #"{"name": null}"#, #"{"id": 4}"#, #"{"add_goals": 1.5}"#, #"{"goals": -3}"#, #"{"shirt": 9}"#, "{}",
            #"{"add_goals": -100000000}"#,
        ] {
            #expect(send("PATCH", "/api/players/3", body).status == .badRequest, "\(body)")
        }
        // Taking away more than there is: the count's range, as `edit --add-goals` says it.
        let response = send("PATCH", "/api/players/3", #"{"add_goals": -\#(before.goals + 1)}"#)
        #expect(response.status == .badRequest)
        #expect(ServeFixture.text(response).contains("would be below 0"))
        #expect(try roster().player(id: 3) == before)
    }

    @Test func patchAndDeleteOfNoPlayerAre404() throws {
        for target in ["/api/players/999", "/api/players/abc", "/api/players/0"] {
            #expect(send("PATCH", target, #"{"goals": 1}"#).status == .notFound)
            #expect(send("DELETE", target, type: nil).status == .notFound)
        }
    }

    @Test func deleteRemovesThePlayer() throws {
        let response = send("DELETE", "/api/players/3", type: nil)
        #expect(response.status == .noContent)
        #expect(fixture.get("/api/players/3").status == .notFound)
        #expect(send("DELETE", "/api/players/3", type: nil).status == .notFound)
        #expect(try roster().count() == 27)
    }

    // MARK: - Methods

    @Test func withoutWriteTheWritesAre405WithAllow() throws {
        let readOnly = try ServeFixture()
        for (method, target) in [("POST", "/api/players"), ("PATCH", "/api/players/3"), ("DELETE", "/api/players/3")] {
            let request = HTTPRequest(
                method: method, rawTarget: target, headers: ["Content-Type": "application/json"],
                body: HTTPRequestBody(Array(#"{"goals": 1}"#.utf8)))
            let response = readOnly.worker.respond(to: request)
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers["Allow"] == "GET, HEAD")
            #expect(ServeFixture.text(response).contains("serve --write"))
            // Answered before any of the body is read.
            #expect(readOnly.worker.respond(beforeBody: request)?.status == .methodNotAllowed)
        }
        #expect(try Roster(path: readOnly.path, access: .read).count() == 28)
    }

    @Test func withWriteEachRouteSaysItsMethods() throws {
        let put = send("PUT", "/api/players/3", "{}")
        #expect(put.status == .methodNotAllowed)
        #expect(put.headers["Allow"] == "GET, HEAD, PATCH, DELETE")
        #expect(send("DELETE", "/api/players", type: nil).headers["Allow"] == "GET, HEAD, POST")
        #expect(send("GET", "/api/import", type: nil).headers["Allow"] == "POST")
        #expect(send("POST", "/api/stats", "{}").headers["Allow"] == "GET, HEAD")
    }

    // MARK: - If-Match

    @Test func ifMatchWritesOnlyOverTheVersionRead() throws {
        let tag = try #require(fixture.get("/api/players/3").headers["ETag"])
        #expect(send("PATCH", "/api/players/3", #"{"add_goals": 1}"#, headers: [("If-Match", tag)]).status == .ok)
        let goals = try #require(try roster().player(id: 3)).goals
        // The roster changed since the tag was read: nothing is written.
        for write in [
            send("PATCH", "/api/players/3", #"{"add_goals": 1}"#, headers: [("If-Match", tag)]),
            send("DELETE", "/api/players/3", type: nil, headers: [("If-Match", tag)]),
            send("POST", "/api/players", #"{"name": "A", "position": "ST"}"#, headers: [("If-Match", tag)]),
            send("POST", "/api/import", "name,position\nA,ST\n", type: "text/csv", headers: [("If-Match", tag)]),
        ] {
            #expect(write.status == .preconditionFailed)
        }
        #expect(try roster().player(id: 3)?.goals == goals)
        #expect(try roster().count() == 28)
        // A tag of the current version, from another answer (a list, gzipped), and `*`, write.
        let listTag = try #require(
            fixture.get("/api/players?per_page=1", headers: ["Accept-Encoding": "gzip"]).headers["ETag"])
        #expect(listTag.contains("-gzip"))
        #expect(send("PATCH", "/api/players/3", #"{"add_goals": 1}"#, headers: [("If-Match", listTag)]).status == .ok)
        #expect(send("PATCH", "/api/players/3", #"{"add_goals": 1}"#, headers: [("If-Match", "*")]).status == .ok)
        // A weak tag never matches (RFC 9110 §13.1.1), nor one of no version of ours.
        let current = try #require(fixture.get("/api/players/3").headers["ETag"])
        for other in ["W/" + current, "\"x\""] {
            let response = send("PATCH", "/api/players/3", #"{"add_goals": 1}"#, headers: [("If-Match", other)])
            #expect(response.status == .preconditionFailed)
        }
        #expect(try roster().player(id: 3)?.goals == goals + 2)
        // A write's answer carries the tag of the roster just after it, which the next write can name.
        let written = send("PATCH", "/api/players/3", #"{"add_goals": 1}"#, headers: [("If-Match", "*")])
        let next = try #require(written.headers["ETag"])
        #expect(next == fixture.get("/api/players/3").headers["ETag"])
        #expect(send("DELETE", "/api/players/3", type: nil, headers: [("If-Match", next)]).status == .noContent)
    }

    // MARK: - POST /api/import

    @Test func importIsAllOrNothingWithTheReportOfImport() throws {
        let feed = "ref,name,position,goals\nN1,New One,ST,3\nN2,New Two,GK,0\n"
        let dry = send("POST", "/api/import?format=csv&dry_run=1", feed, type: "text/csv")
        #expect(dry.status == .ok)
        let dryReport = try ServeFixture.json(dry)
        #expect(dryReport["status"] as? String == "dry_run")
        #expect(dryReport["added"] as? Int == 2)
        #expect(try roster().count() == 28)

        let invalid = send("POST", "/api/import", feed + "N3,New Three,XX,1\n", type: "text/csv")
        #expect(invalid.status == .badRequest)
        let refused = try ServeFixture.json(invalid)
        #expect(refused["status"] as? String == "refused_invalid")
        let rejected = try #require(refused["rejected"] as? [[String: Any]])
        #expect(rejected.first?["field"] as? String == "position")
        #expect(rejected.first?["value"] as? String == "XX")
        #expect(try roster().count() == 28)

        let done = send("POST", "/api/import", feed, type: "text/csv")
        #expect(done.status == .ok)
        #expect(try ServeFixture.json(done)["status"] as? String == "committed")
        #expect(try roster().count() == 30)

        // The format from the type; a prune that would remove too much is refused as `import --prune` is.
        let ndjson = #"{"ref": "N1", "name": "New One", "position": "ST", "goals": 4}"# + "\n"
        let pruned = send("POST", "/api/import?prune=1", ndjson, type: "application/x-ndjson")
        #expect(pruned.status == .conflict)
        #expect(try ServeFixture.json(pruned)["status"] as? String == "refused_prune")
        #expect(try roster().count() == 30)
    }

    @Test func importTakesTheOptionsOfImportAsParameters() throws {
        let feed = #"{"squad": [{"code": "Q1", "player": "Mapped Name", "pos": "Striker"}]}"#
        let response = send(
            "POST", "/api/import?records=squad&map=ref=code&map=name=player&map=position=pos", feed)
        #expect(response.status == .ok)
        #expect(try roster().findPlayer("Mapped Name").ref == "Q1")
        for (target, parameter) in [
            ("/api/import?prune=1&only=goals", "only"), ("/api/import?max_prune=5", "max_prune"),
            ("/api/import?format=xml", "format"), ("/api/import?lookup=club=teams.csv:id:name", "lookup"),
        ] {
            let refused = send("POST", target, feed)
            #expect(refused.status == .badRequest)
            let error = try ServeFixture.problem(refused)
            #expect(error["parameter"] as? String == parameter)
        }
        #expect(send("POST", "/api/import", "a,b\n1,2\n", type: "text/plain").status == .unsupportedMediaType)
    }

    // MARK: - The write lock

    @Test func aWriteWaitsForTheLockThenIs503WithRetryAfter() throws {
        let fixture = try ServeFixture {
            $0.write = true
            $0.busyTimeout = 0.2
        }
        var response: HTTPResponse?
        try fixture.write { _ in
            response = send("PATCH", "/api/players/3", #"{"add_goals": 1}"#, to: fixture.worker)
        }
        #expect(response?.status == .serviceUnavailable)
        #expect(response?.headers["Retry-After"] == "1")
        // Once the lock is free, the same write is taken.
        #expect(send("PATCH", "/api/players/3", #"{"add_goals": 1}"#, to: fixture.worker).status == .ok)
    }
}
