import Glibc
import RosterModel
import RosterService
import Testing

@testable import RosterHTTP

/// The API's writes over real sockets: bodies received in pieces within the limit, and writes from many clients at
/// once. Every client reads with a timeout (`TestClient`), so that no test waits for ever.
@Suite struct WriteServerTests {
    /// A server with `--write` on a sample roster, on a port the system picks.
    private func start(maximumBodyBytes: Int = 64 << 20, threads: Int = 4) throws -> (ServeFixture, HTTPServer) {
        let fixture = try ServeFixture { $0.write = true }
        var configuration = HTTPServerConfiguration()
        configuration.threads = threads
        configuration.maximumBodyBytes = maximumBodyBytes
        let (options, cache) = (fixture.options, fixture.cache)
        // One writer for every worker, as `serve` has: the workers' writes share commits.
        let writer = RosterWriter(path: options.path, busyTimeout: options.busyTimeout)
        let server = try HTTPServer.start(configuration) {
            try RosterRoutes(options: options, cache: cache, writer: writer)
        }
        return (fixture, server)
    }

    /// `method target` with `body` as JSON, by its length or (`chunked`) in chunks of 1,000 bytes.
    private func send(
        _ client: TestClient, _ method: String, _ target: String, _ body: [UInt8], chunked: Bool = false
    ) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        head += chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(body.count)\r\n\r\n"
        try client.send(head)
        guard chunked else { return try client.send(bytes: body) }
        var offset = 0
        while offset < body.count {
            let piece = body[offset..<min(offset + 1_000, body.count)]
            try client.send(String(piece.count, radix: 16) + "\r\n")
            try client.send(bytes: Array(piece) + Array("\r\n".utf8))
            offset += piece.count
        }
        try client.send("0\r\n\r\n")
    }

    /// A player object padded with white space to `size` bytes.
    private static func player(_ name: String, size: Int = 0) -> [UInt8] {
        let object = Array(#"{"name": "\#(name)", "position": "ST"}"#.utf8)
        return object + [UInt8](repeating: UInt8(ascii: " "), count: max(0, size - object.count))
    }

    @Test(arguments: [false, true])
    func aBodyWithinTheLimitIsTakenInPiecesAndOneOverItIs413(chunked: Bool) throws {
        let (fixture, server) = try start(maximumBodyBytes: 300_000)
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        // Larger than what a body keeps in memory: the rest goes to a file.
        try send(client, "POST", "/api/players", Self.player("Within", size: 299_000), chunked: chunked)
        let created = try client.readResponse()
        #expect(created.status == 201)
        #expect(created.headers["Location"] == "/api/players/29")
        // The connection stays open for the next request, which is one byte too large.
        try send(client, "POST", "/api/players", Self.player("Over", size: 300_001), chunked: chunked)
        let refused = try client.readResponse()
        #expect(refused.status == 413)
        #expect(refused.text.contains("300,000 bytes"))
        #expect(client.isClosedByServer())
        #expect(try Roster(path: fixture.path, access: .read).count() == 29)
    }

    @Test func aBodyTheServerWillNotReadIsAnsweredAtOnce() throws {
        // The roster stays: the server looks for its tokens before it refuses the body.
        let (fixture, server) = try start()
        defer {
            server.stop()
            withExtendedLifetime(fixture) {}
        }
        let client = try TestClient(port: server.port)
        // Announced, never sent: the answer cannot wait for it.
        try client.send(
            "POST /api/players HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 1000000\r\n\r\n"
        )
        #expect(try client.readResponse().status == 415)
    }

    /// 8 clients add 1 to one player's goals 500 times each, at once: every increment is kept.
    @Test func concurrentIncrementsAreNeverLost() throws {
        let (fixture, server) = try start()
        defer { server.stop() }
        let before = try #require(try Roster(path: fixture.path, access: .read).player(id: 3)).goals
        let (clients, increments) = (8, 500)
        let body = Array(#"{"add_goals": 1}"#.utf8)
        let statuses = Self.statuses(ofClients: clients, on: server.port) { client, _ in
            var statuses: [Int] = []
            for _ in 0..<increments {
                try send(client, "PATCH", "/api/players/3", body)
                statuses.append(try client.readResponse().status)
            }
            return statuses
        }
        #expect(statuses.count == clients * increments)
        #expect(statuses.allSatisfy { $0 == 200 })
        let after = try #require(try Roster(path: fixture.path, access: .read).player(id: 3)).goals
        #expect(after == before + clients * increments)
    }

    /// 8 clients at once, each sending increments between imports that write a new player and are then refused (a
    /// prune of every other player, over its limit): the writes share commits, and every refused import is undone
    /// alone (its player is not left) while every increment is kept.
    @Test func aRefusedWriteAmongOthersAtOnceIsUndoneAlone() throws {
        let (fixture, server) = try start()
        defer { server.stop() }
        let before = try #require(try Roster(path: fixture.path, access: .read).player(id: 3)).goals
        let (clients, rounds) = (8, 60)
        let increment = Array(#"{"add_goals": 1}"#.utf8)
        let statuses = Self.statuses(ofClients: clients, on: server.port) { connection, client in
            var statuses: [Int] = []
            for round in 0..<rounds {
                try send(connection, "PATCH", "/api/players/3", increment)
                statuses.append(try connection.readResponse().status)
                let feed = #"{"name":"Refused \#(client) \#(round)","position":"ST"}"# + "\n"
                try send(connection, "POST", "/api/import?format=ndjson&prune=1", Array(feed.utf8))
                statuses.append(try connection.readResponse().status)
            }
            return statuses
        }
        #expect(statuses.count == clients * rounds * 2)
        #expect(statuses.filter { $0 == 200 }.count == clients * rounds)
        #expect(statuses.filter { $0 == 409 }.count == clients * rounds)
        let roster = try Roster(path: fixture.path, access: .read)
        #expect(try #require(try roster.player(id: 3)).goals == before + clients * rounds)
        #expect(try roster.count() == 28)
    }

    /// The statuses `work` read on each of `count` clients of the server on `port`, all at once (`work` is given its
    /// client's connection and number); a client whose connection failed counts -1.
    private static func statuses(
        ofClients count: Int, on port: UInt16, _ work: @escaping @Sendable (TestClient, Int) throws -> [Int]
    ) -> [Int] {
        let outcomes = Locked<[Int]>([])
        let threads = (0..<count).compactMap { client in
            JoinableThread.start(stackSize: 1 << 20) {
                let statuses = (try? work(try TestClient(port: port), client)) ?? [-1]
                outcomes.withLock { $0 += statuses }
            }
        }
        for thread in threads { thread.join() }
        #expect(threads.count == count)
        return outcomes.withLock { $0 }
    }

    /// A server's write syncs the log and leaves it there: the log holds the writes while the server runs (a
    /// checkpoint after each would have emptied it), and goes into the file when the server stops.
    @Test func writesStayInTheLogUntilTheServerStops() throws {
        let (fixture, server) = try start()
        var stopped = false
        defer { if !stopped { server.stop() } }
        let before = try #require(try Roster(path: fixture.path, access: .read).player(id: 3)).goals
        let client = try TestClient(port: server.port)
        for _ in 0..<3 {
            try send(client, "PATCH", "/api/players/3", Array(#"{"add_goals": 1}"#.utf8))
            #expect(try client.readResponse().status == 200)
        }
        #expect(Self.size(of: fixture.path + "-wal") > 0)
        server.stop()
        stopped = true
        #expect(Self.size(of: fixture.path + "-wal") == 0)
        #expect(try Roster(path: fixture.path, access: .read).player(id: 3)?.goals == before + 3)
    }

    /// The size of the file at `path`; -1 when there is none.
    private static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }
}
