import Foundation
import RosterRepository
import TestSupport
import Testing

/// `rosterdb token` and the tokens `serve` asks for, as a user runs them: the built binary, and curl.
@Suite struct TokenCommandTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        #expect(try run(["init", "--sample"]).status == 0)
    }

    private func run(_ arguments: [String]) throws -> RosterProcess.Result {
        try RosterProcess.run(["--db", "roster.db"] + arguments, in: folder.url)
    }

    private func create(_ name: String, readOnly: Bool = false) throws -> String {
        let result = try run(["token", "create", "--name", name] + (readOnly ? ["--read-only"] : []))
        #expect(result.status == 0)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    @Test func aTokenIsPrintedOnceAndOnlyItsHashIsKept() throws {
        let token = try create("nightly")
        #expect(token.hasPrefix("rdb_") && token.count == 47)
        #expect(try create("other") != token)
        let list = try run(["token", "list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("nightly  read-write"))
        #expect(!list.stdout.contains(token))
        let json = try run(["token", "list", "--format", "json"]).stdout
        #expect(json.hasPrefix(#"{"tokens":[{"name":"nightly","read_only":false,"created":""#))
        // Neither the file nor its log holds the token's text; the roster holds its hash.
        for file in ["roster.db", "roster.db-wal"] {
            let bytes = FileBytes.read(folder.path(file)) ?? []
            #expect(!String(decoding: bytes, as: UTF8.self).contains(token.dropFirst(4)))
        }
        let stored = try RosterDatabase(path: folder.path("roster.db"), mode: .existing).read { try $0.tokens() }
        #expect(stored.map(\.name) == ["nightly", "other"])
        #expect(stored.allSatisfy { $0.hash.count == 64 && !token.contains($0.hash) })
    }

    @Test func namesAreUniqueAndMistakesHaveTheirExitCodes() throws {
        _ = try create("ci")
        let taken = try run(["token", "create", "--name", "ci"])
        #expect(taken.status == 65)
        #expect(taken.stderr.contains("a token named 'ci' exists already"))
        #expect(try run(["token", "create", "--name", "a b"]).status == 64)
        #expect(try run(["token", "create"]).status == 64)
        #expect(try run(["token", "drop", "ci"]).status == 64)
        let unknown = try run(["token", "revoke", "nope"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "Error: no token is named 'nope' (token list shows them)\n")
        #expect(try run(["token", "revoke", "ci"]).status == 0)
        #expect(try run(["token", "list", "--format", "json"]).stdout == "{\"tokens\":[]}\n")
    }

    @Test func serveAsksWritesForATokenAndRefusesARevokedOneAtOnce() throws {
        let writer = try create("writer")
        let reader = try create("reader", readOnly: true)
        let server = try ServeTests.Server(["--write"], in: folder)
        func post(_ token: String?) throws -> String {
            try ServeTests.curl(
                [
                    "-o", "/dev/null", "-w", "%{http_code}", "-H", "Content-Type: application/json", "-X", "POST",
                    "-d", #"{"name":"Cole Palmer","position":"AM"}"#,
                ]
                    + (token.map { ["-H", "Authorization: Bearer \($0)"] } ?? []) + [server.url("/api/players")]
            ).out
        }
        #expect(try post(nil) == "401")
        #expect(try post("rdb_wrong") == "401")
        #expect(try post(reader) == "403")
        #expect(try post(writer) == "201")
        let headers = try ServeTests.curl(["-D", "-", "-o", "/dev/null", "-X", "DELETE", server.url("/api/players/1")])
        #expect(headers.out.contains("WWW-Authenticate: Bearer realm=\"rosterdb\""))
        #expect(
            try ServeTests.curl(["-o", "/dev/null", "-w", "%{http_code}", server.url("/api/players")]).out == "200")
        #expect(try run(["token", "revoke", "writer"]).status == 0)
        #expect(try post(writer) == "401")
        #expect(server.stop() == 0)
        #expect(try run(["query", "--format", "json"]).stdout.contains("Cole Palmer"))
    }

    @Test func requireTokenAsksReadsForOne() throws {
        let reader = try create("reader", readOnly: true)
        let server = try ServeTests.Server(["--require-token"], in: folder)
        func get(_ target: String, _ token: String?) throws -> String {
            try ServeTests.curl(
                ["-o", "/dev/null", "-w", "%{http_code}"]
                    + (token.map { ["-H", "Authorization: Bearer \($0)"] } ?? []) + [server.url(target)]
            ).out
        }
        #expect(try get("/api/players", nil) == "401")
        #expect(try get("/api/players", reader) == "200")
        #expect(try get("/api/health", nil) == "200")
        #expect(server.stop() == 0)
    }

    @Test func writesBeyondThisMachineNeedATokenInTheRoster() throws {
        for address in ["0.0.0.0", "::"] {
            let refused = try run(["serve", "--write", "--bind", address, "--port", "0"])
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("serve --write on \(address) would let anyone"))
        }
        _ = try create("writer")
        let server = try ServeTests.Server(["--write", "--bind", "0.0.0.0"], in: folder)
        #expect(server.stop() == 0)
    }
}
