import Foundation
import RosterModel
import RosterService
import Testing

@testable import RosterHTTP

/// The tokens `serve` asks for (`Authorization: Bearer`), called in process without a socket, on the sample roster.
@Suite struct TokenAPITests {
    let fixture: ServeFixture
    let writer: String
    let reader: String

    init() throws {
        fixture = try ServeFixture { $0.write = true }
        let roster = try Roster(path: fixture.path, access: .write)
        writer = try roster.createToken(name: "writer", readOnly: false)
        reader = try roster.createToken(name: "reader", readOnly: true)
    }

    private func post(token: String?, worker: RosterRoutes? = nil) -> HTTPResponse {
        var fields: HTTPHeaders = ["Content-Type": "application/json"]
        if let token { fields.add("Authorization", "Bearer \(token)") }
        let request = HTTPRequest(
            method: "POST", rawTarget: "/api/players", headers: fields,
            body: HTTPRequestBody(Array(#"{"name":"Cole Palmer","position":"AM"}"#.utf8)))
        return (worker ?? fixture.worker).respond(to: request)
    }

    private func count() throws -> Int { try Roster(path: fixture.path, access: .read).count() }

    @Test func aWriteWithoutAGoodTokenIs401AndWritesNothing() throws {
        let missing = post(token: nil)
        #expect(missing.status == .unauthorized)
        #expect(missing.headers["WWW-Authenticate"] == #"Bearer realm="rosterdb""#)
        let wrong = post(token: "rdb_" + String(repeating: "x", count: 43))
        #expect(wrong.status == .unauthorized)
        #expect(wrong.headers["WWW-Authenticate"] == #"Bearer realm="rosterdb", error="invalid_token""#)
        #expect(try ServeFixture.problem(wrong)["type"] as? String == "/problems/token-needed")
        #expect(try count() == 28)
    }

    @Test func aReadOnlyTokenThatWritesIs403() throws {
        let response = post(token: reader)
        #expect(response.status == .forbidden)
        #expect(ServeFixture.text(response).contains("'reader' is read-only"))
        #expect(try count() == 28)
    }

    @Test func aTokenThatMayWriteWrites() throws {
        #expect(post(token: writer).status == .created)
        #expect(try count() == 29)
        var fields: HTTPHeaders = [:]
        fields.add("Authorization", "Bearer \(writer)")
        let delete = fixture.worker.respond(
            to: HTTPRequest(method: "DELETE", rawTarget: "/api/players/29", headers: fields))
        #expect(delete.status == .noContent)
        #expect(try count() == 28)
    }

    @Test func aTokenRevokedWhileServingIsRefusedAtOnce() throws {
        #expect(post(token: writer).status == .created)
        try Roster(path: fixture.path, access: .write).revokeToken(name: "writer")
        #expect(post(token: writer).status == .unauthorized)
        #expect(try count() == 29)
    }

    @Test func readsNeedNoTokenUnlessRequired() throws {
        #expect(fixture.get("/api/players").status == .ok)
        let strict = try RosterRoutes(
            options: {
                var o = fixture.options
                o.requireToken = true
                return o
            }(), cache: fixture.cache)
        func get(_ target: String, _ token: String?) -> HTTPResponse {
            var fields: HTTPHeaders = [:]
            if let token { fields.add("Authorization", "Bearer \(token)") }
            return strict.respond(to: HTTPRequest(method: "GET", rawTarget: target, headers: fields))
        }
        #expect(get("/api/players", nil).status == .unauthorized)
        #expect(get("/api/players/1", "wrong").status == .unauthorized)
        #expect(get("/api/players", reader).status == .ok)
        #expect(get("/api/stats", writer).status == .ok)
        #expect(get("/api/health", nil).status == .ok)
        let page = get("/", nil)
        #expect(page.status == .unauthorized)
        #expect(page.headers["Content-Type"]?.hasPrefix("text/html") == true)
    }

    @Test(arguments: [
        ([String](), nil as String??), (["Bearer abc"], .some("abc")), (["bearer   abc "], .some("abc")),
        (["Basic abc"], .some(nil)), (["Bearer"], .some(nil)), (["Bearer a", "Bearer b"], .some(nil)),
    ])
    func theBearerTokenIsReadFromTheOneAuthorizationField(values: [String], expected: String??) {
        #expect(RosterRoutes.bearerToken(values) == expected)
    }
}
