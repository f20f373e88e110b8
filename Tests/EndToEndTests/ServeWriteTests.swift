import CSQLite
import Foundation
import Glibc
import TestSupport
import Testing

/// `rosterdb serve --write` as users run it, beside the command line: writers of both kinds at once, imports cut off
/// midway, and every status a write is answered with.
@Suite struct ServeWriteTests {
    typealias Server = ServeTests.Server

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        #expect(try RosterProcess.run(["--db", "roster.db", "init", "--sample"], in: folder.url).status == 0)
    }

    // MARK: - The roster as it stands

    /// The first column of the first row of `sql` on the roster, as text, read without rosterdb.
    private func value(_ sql: String) throws -> String {
        var database: OpaquePointer?
        defer { sqlite3_close_v2(database) }
        guard sqlite3_open_v2(folder.path("roster.db"), &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            throw SpawnedProcess.Failure(description: "cannot open the roster")
        }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0)
        else {
            throw SpawnedProcess.Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(database)))")
        }
        return String(cString: text)
    }

    /// The roster as `export` writes it and its change counter, which every write bumps: equal before and after,
    /// nothing was written.
    private func snapshot() throws -> [String] {
        let export = try RosterProcess.run(["--db", "roster.db", "export", "--format", "ndjson"], in: folder.url)
        #expect(export.status == 0, "\(export.stderr)")
        return [export.stdout, try value("SELECT counter FROM roster_changes WHERE id = 1")]
    }

    private func goals(of id: Int) throws -> Int {
        try #require(Int(try value("SELECT goals FROM players WHERE id = \(id)")))
    }

    // MARK: - Writers at once

    /// Clients of `serve --write` and `rosterdb edit` processes add 1 to one player's goals at the same time: every
    /// increment is kept. An HTTP client sends its increments one after the other on one connection (curl, told to
    /// retry a 503 after its `Retry-After`, as the API asks); a command that waited past its busy timeout (exit 75,
    /// nothing written) runs again.
    @Test func incrementsOverHTTPAndFromTheCommandLineAtOnceAreAllKept() throws {
        let server = try Server(["--write"], in: folder)
        let before = try goals(of: 3)
        let lastChange = try value("SELECT coalesce(max(change), 0) FROM player_history")
        let (httpClients, httpIncrements, commandClients, commandIncrements) = (6, 500, 2, 100)
        let url = server.url("/api/players/3")
        let directory = folder.url
        let outcomes = Outcomes()
        let group = DispatchGroup()
        for _ in 0..<httpClients {
            group.enter()
            Thread {
                defer { group.leave() }
                let each = (0..<httpIncrements).flatMap { _ in ["-o", "/dev/null", url] }
                let statuses: [String]
                do {
                    let run = try ServeTests.curl(
                        [
                            "-X", "PATCH", "-H", "Content-Type: application/json", "-d", #"{"add_goals":1}"#,
                            "--retry", "10", "-w", "%{http_code}\n",
                        ] + each)
                    statuses = run.out.split(separator: "\n").map(String.init) + (run.status == 0 ? [] : [run.err])
                } catch {
                    statuses = ["\(error)"]
                }
                outcomes.add(http: statuses)
            }.start()
        }
        for _ in 0..<commandClients {
            group.enter()
            Thread {
                defer { group.leave() }
                var statuses: [Int32] = []
                for _ in 0..<commandIncrements {
                    for _ in 0..<10 {
                        let run = try? RosterProcess.run(
                            ["--db", "roster.db", "edit", "3", "--add-goals", "1", "--quiet"], in: directory)
                        if run?.status == 75 { continue }
                        statuses.append(run?.status ?? -1)
                        break
                    }
                }
                outcomes.add(commands: statuses)
            }.start()
        }
        group.wait()
        let (http, commands) = outcomes.all
        #expect(http.count == httpClients * httpIncrements)
        #expect(http.allSatisfy { $0 == "200" }, "\(Set(http))")
        #expect(commands.count == commandClients * commandIncrements)
        #expect(commands.allSatisfy { $0 == 0 }, "\(Set(commands))")
        let total = httpClients * httpIncrements + commandClients * commandIncrements
        #expect(try goals(of: 3) == before + total)
        // The HTTP writes shared commits, but each kept a history write of its own: one change each, numbered one
        // after the other with no gap, in the order of the writes.
        let since = "FROM player_history WHERE change > \(lastChange)"
        #expect(try value("SELECT count(*) \(since) AND player_id = 3 AND kind = 'updated'") == "\(total)")
        #expect(try value("SELECT max(change) - min(change) + 1 - count(*) \(since)") == "0")
        #expect(try value("SELECT count(DISTINCT write_id) \(since)") == "\(total)")
        #expect(
            try value(
                """
                SELECT count(*) FROM player_history h JOIN history_writes w ON w.id = h.write_id
                WHERE h.change > \(lastChange) AND w.first_change != h.change
                """) == "0")
        #expect(
            try value(
                """
                SELECT count(*) FROM (SELECT first_change - lag(first_change) OVER (ORDER BY id) AS step
                FROM history_writes WHERE first_change > \(lastChange)) WHERE step != 1
                """) == "0")
        #expect(server.stop() == 0)
    }

    /// What the writers' threads saw: the HTTP statuses and the commands' exit codes.
    private final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var http: [String] = []
        private var commands: [Int32] = []

        func add(http statuses: [String]) { lock.withLock { http += statuses } }
        func add(commands statuses: [Int32]) { lock.withLock { commands += statuses } }
        var all: (http: [String], commands: [Int32]) { lock.withLock { (http, commands) } }
    }

    // MARK: - Imports cut off

    /// An NDJSON feed of `count` new players, larger than what a body keeps in memory (256 KiB) when halved.
    private static func feed(count: Int) -> [UInt8] {
        Array((0..<count).map { #"{"name":"Cut Player \#($0)","position":"ST"}"# + "\n" }.joined().utf8)
    }

    /// Sends the head of `POST /api/import` for `body` and the first half of the body (`chunked`: in chunks of
    /// 4,096 bytes, without the last one), on a connection of its own, which it returns open.
    private static func sendHalfAnImport(_ body: [UInt8], port: Int, chunked: Bool) throws -> Int32 {
        let socket = try ServeTests.idleConnection(to: port)
        func send(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes {
                    Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard sent > 0 else { throw SpawnedProcess.Failure(description: "send: errno \(errno)") }
                offset += sent
            }
        }
        var head = "POST /api/import?format=ndjson HTTP/1.1\r\nHost: localhost\r\n"
        head += "Content-Type: application/x-ndjson\r\n"
        head += chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(body.count)\r\n\r\n"
        try send(Array(head.utf8))
        let half = body[..<(body.count / 2)]
        guard chunked else {
            try send(Array(half))
            return socket
        }
        var offset = 0
        while offset < half.count {
            let piece = half[offset..<min(offset + 4_096, half.count)]
            try send(Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8))
            offset += piece.count
        }
        return socket
    }

    /// Whether the server holds a file it removed: the temporary file a large body goes to once it has been read
    /// past 256 KiB.
    private static func holdsARemovedFile(_ pid: Int32) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return false }
        return names.contains { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(name)"))?.hasSuffix(
                " (deleted)") == true
        }
    }

    /// A client that sends half an import's body and hangs up: nothing is written, and the server goes on answering
    /// and writing.
    @Test(arguments: [false, true])
    func anImportWhoseClientHangsUpMidwayWritesNothing(chunked: Bool) throws {
        let server = try Server(["--write"], in: folder)
        let before = try snapshot()
        let body = Self.feed(count: 20_000)
        let socket = try Self.sendHalfAnImport(body, port: server.port, chunked: chunked)
        #expect(server.process.wait(upTo: 30) { Self.holdsARemovedFile(server.process.pid) })
        close(socket)
        #expect(try ServeTests.curl(["-o", "/dev/null", "-w", "%{http_code}", server.url("/api/health")]).out == "200")
        // The body's file is given back once the server has seen the client go.
        #expect(server.process.wait(upTo: 30) { !Self.holdsARemovedFile(server.process.pid) })
        #expect(try snapshot() == before)
        // The same feed sent whole is imported.
        let feed = try folder.write(bytes: body, to: "feed.ndjson")
        let whole = try ServeTests.curl([
            "-o", "/dev/null", "-w", "%{http_code}", "-H", "Content-Type: application/x-ndjson",
            "--data-binary", "@\(feed)", server.url("/api/import"),
        ])
        #expect(whole.out == "200")
        #expect(try value("SELECT count(*) FROM players") == "20028")
        #expect(server.stop() == 0)
    }

    /// The server killed (SIGKILL) while it receives an import's body: the roster is whole and unchanged, and a
    /// server started again on it answers and writes.
    @Test func aServerKilledWhileAnImportArrivesLeavesTheRosterAsItWas() throws {
        let server = try Server(["--write"], in: folder)
        let before = try snapshot()
        let body = Self.feed(count: 20_000)
        let socket = try Self.sendHalfAnImport(body, port: server.port, chunked: false)
        defer { close(socket) }
        #expect(server.process.wait(upTo: 30) { Self.holdsARemovedFile(server.process.pid) })
        server.process.signal(SIGKILL)
        #expect(server.process.finish(within: 30)?.signal == SIGKILL)
        #expect(try value("PRAGMA integrity_check") == "ok")
        #expect(try snapshot() == before)
        let again = try Server(["--write"], in: folder)
        #expect(
            try ServeTests.curl(["-o", "/dev/null", "-w", "%{http_code}", again.url("/api/players/3")]).out == "200")
        let patched = try ServeTests.curl([
            "-o", "/dev/null", "-w", "%{http_code}", "-X", "PATCH", "-H", "Content-Type: application/json", "-d",
            #"{"add_goals":1}"#, again.url("/api/players/3"),
        ])
        #expect(patched.out == "200")
        #expect(again.stop() == 0)
        #expect(try value("PRAGMA integrity_check") == "ok")
    }

    // MARK: - Every status

    /// Each status a write is documented to get, from the running server: 201, 200, 204, 400, 404, 409, 412, 413
    /// and 503 (the write lock held past the busy timeout by an import waiting for its input), with what each left in
    /// the roster.
    @Test func everyStatusOfAWrite() throws {
        let server = try Server(["--write", "--max-body", "4096", "--busy-timeout", "1"], in: folder)
        let json = ["-H", "Content-Type: application/json"]
        func status(_ arguments: [String]) throws -> String {
            try ServeTests.curl(["-o", "/dev/null", "-w", "%{http_code}"] + arguments).out
        }
        func post(_ body: String, _ target: String = "/api/players") throws -> String {
            try status(json + ["-X", "POST", "-d", body, server.url(target)])
        }
        func patch(_ body: String, _ id: Int, _ headers: [String] = []) throws -> String {
            try status(json + headers + ["-X", "PATCH", "-d", body, server.url("/api/players/\(id)")])
        }
        let palmer = #"{"name":"Cole Palmer","position":"AM","birth_date":"2002-05-06"}"#
        #expect(try post(palmer) == "201")
        #expect(try post(palmer) == "409")
        #expect(try post(palmer, "/api/players?allow_duplicate=1") == "201")
        #expect(try post(#"{"name":"Bad Goals","position":"ST","goals":-1}"#) == "400")
        #expect(try post(#"{"name":"No Such Field","position":"ST","shoe_size":44}"#) == "400")
        #expect(try value("SELECT count(*) FROM players") == "30")
        #expect(try post(#"{"name":"Too Large","position":"ST"}"# + String(repeating: " ", count: 4_096)) == "413")
        #expect(try patch(#"{"add_goals":1}"#, 999) == "404")
        #expect(try status(["-X", "DELETE", server.url("/api/players/999")]) == "404")
        #expect(try status(["-X", "DELETE", server.url("/api/players/28")]) == "204")
        #expect(try value("SELECT count(*) FROM players") == "29")

        // A tag read before another write no longer matches.
        let head = try ServeTests.curl(["-D", "-", "-o", "/dev/null", server.url("/api/players/3")]).out
        let tag = try #require(
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("etag:") }?.dropFirst(5)
                .trimmingCharacters(in: .whitespaces))
        let goals = try goals(of: 3)
        #expect(try patch(#"{"add_goals":1}"#, 3, ["-H", "If-Match: \(tag)"]) == "200")
        #expect(try patch(#"{"add_goals":1}"#, 3, ["-H", "If-Match: \(tag)"]) == "412")
        #expect(try self.goals(of: 3) == goals + 1)

        // An import that waits for more of its input holds the write lock; a write gives up after a second.
        let importing = try RunningRosterProcess(
            ["--db", "roster.db", "import", "-", "--format", "ndjson"], in: folder.url)
        try importing.write(Data(#"{"id":1,"name":"Held Lock","position":"GK"}"#.utf8 + [10]))
        #expect(importing.wait(upTo: 10) { importing.hasOpen(folder.path("roster.db")) })
        var busy = ""
        // The import takes the lock once it has read its first record; until then a write may still pass.
        for _ in 0..<50 where busy != "503" {
            busy = try ServeTests.curl(
                json + [
                    "-D", "-", "-o", "/dev/null", "-X", "PATCH", "-d", #"{"goals":7}"#, server.url("/api/players/4"),
                ]
            ).out
            busy = busy.hasPrefix("HTTP/1.1 503") && busy.contains("Retry-After: 1\r\n") ? "503" : busy
        }
        #expect(busy == "503")
        try importing.closeInput()
        #expect(try #require(importing.finish(within: 30)).status == 0)
        #expect(try value("SELECT name FROM players WHERE id = 1") == "Held Lock")
        #expect(try patch(#"{"goals":7}"#, 4) == "200")
        #expect(server.stop() == 0)
    }
}
