import Foundation
import Glibc
import TestSupport
import Testing

/// `rosterdb serve` as a user runs it: the built binary on a port the system picks, spoken to with curl.
@Suite struct ServeTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        #expect(try RosterProcess.run(["--db", "roster.db", "init", "--sample"], in: folder.url).status == 0)
    }

    /// A running server: the process, its port and its messages so far (standard error goes to a file).
    final class Server {
        let process: RunningRosterProcess
        let port: Int
        let errors: String

        /// Starts `executable` (the built binary by default) as `serve`; `runAs` is a command line that runs it,
        /// as `setpriv --reuid=65534 …` runs it as another user.
        init(
            _ arguments: [String] = [], in folder: TemporaryDirectory, runAs: String = "",
            executable: String = RosterProcess.executable.path
        ) throws {
            errors = folder.path("serve-\(UUID().uuidString).err")
            process = try RunningRosterProcess(
                [
                    "-c", "exec \(runAs) \"$0\" --db roster.db serve --port 0 \"$@\" 2>\"\(errors)\"",
                    executable,
                ] + arguments,
                in: folder.url, executable: URL(fileURLWithPath: "/bin/sh"))
            var port: Int?
            let errors = errors
            process.wait(upTo: 30) {
                let text = String(decoding: FileBytes.read(errors) ?? [], as: UTF8.self)
                guard let range = text.range(of: "at http://127.0.0.1:") else { return false }
                port = Int(text[range.upperBound...].prefix { $0.isNumber })
                return port != nil
            }
            guard let port else {
                let text = String(decoding: FileBytes.read(errors) ?? [], as: UTF8.self)
                throw SpawnedProcess.Failure(description: "the server did not start: \(text)")
            }
            self.port = port
        }

        var messages: String { String(decoding: FileBytes.read(errors) ?? [], as: UTF8.self) }

        func url(_ target: String) -> String { "http://127.0.0.1:\(port)\(target)" }

        /// Stops it with `signal` and returns its exit status (nil when it did not end within 30 s).
        func stop(_ signal: Int32 = SIGTERM) -> Int32? {
            process.signal(signal)
            return process.finish(within: 30)?.status
        }
    }

    /// Runs curl; returns its exit status, standard output and standard error.
    @discardableResult
    static func curl(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["--silent", "--show-error", "--max-time", "30"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes are read while curl runs, so that neither can fill up and stop it; the group's wait orders
        // the reader's write before the read below.
        nonisolated(unsafe) var err = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            err = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// A user who cannot write a WAL roster whose log files are missing reads a private copy, made when the server
    /// starts (one for each thread). A streamed list read on a connection of its own, which made another copy of
    /// the whole roster for each stream, held until its client had read it all: a few slow clients filled the
    /// temporary folder. It now reads the thread's copy, which never changes.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aReadOnlyUserStreamsFromTheCopyMadeAtStart() throws {
        let count = 50_000
        try importStrikers(count, named: "Player")
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: folder.path("roster.db" + suffix))
        }
        // nobody cannot reach the build folder, and may not write the test folder or the roster.
        let binary = folder.path("rosterdb")
        try RosterProcess.copyExecutable(to: binary)
        let scratch = folder.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
        chmod(scratch, 0o1777)
        let server = try Server(
            ["--threads", "2"], in: folder,
            runAs: "env TMPDIR=\(scratch) setpriv --reuid=65534 --regid=65534 --clear-groups", executable: binary)
        defer { _ = server.stop() }
        let copies = { () -> Int in
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.pid)/fd"))
            return (descriptors ?? []).filter {
                let target =
                    (try? FileManager.default.destinationOfSymbolicLink(
                        atPath: "/proc/\(server.process.pid)/fd/\($0)")) ?? ""
                return target.hasPrefix(scratch) && target.hasSuffix("/roster.db (deleted)")
            }.count
        }
        #expect(copies() == 2)

        // Two clients that read slowly hold their streams open meanwhile.
        let slow = try (0..<2).map { _ in
            let client = Process()
            client.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            client.arguments = [
                "--silent", "--limit-rate", "20k", "-o", "/dev/null", server.url("/api/players?format=ndjson"),
            ]
            try client.run()
            return client
        }
        // SIGKILL, not terminate()'s SIGTERM: a child started from a test's thread inherits that thread's blocked
        // signals, SIGTERM among them, and a slow client left running holds the test run's output open.
        defer {
            for client in slow {
                kill(client.processIdentifier, SIGKILL)
                client.waitUntilExit()
            }
        }
        let whole = try Self.curl([server.url("/api/players?format=csv&sort=id")])
        #expect(whole.status == 0)
        #expect(whole.out.split(separator: "\n").count == count + 28 + 1)
        #expect(slow.allSatisfy { $0.isRunning })
        #expect(copies() == 2)
    }

    @Test func everyEndpointAndErrorWithItsStatusAndType() throws {
        let server = try Server(in: folder)
        #expect(server.messages == "Serving roster.db at http://127.0.0.1:\(server.port)/\n")
        let cases: [(String, String, Int, String)] = [
            ("GET", "/api/health", 200, "application/json"),
            ("GET", "/openapi.json", 200, "application/json"),
            ("GET", "/problems/not-found", 200, "text/html; charset=utf-8"),
            ("GET", "/api/players?position=FW&sort=goals:desc", 200, "application/json"),
            ("GET", "/api/players?format=ndjson", 200, "application/x-ndjson"),
            ("GET", "/api/players?format=csv", 200, "text/csv; charset=utf-8; header=present"),
            ("GET", "/api/players/3", 200, "application/json"),
            ("GET", "/api/players/999", 404, "application/problem+json"),
            ("GET", "/api/stats?by=position", 200, "application/json"),
            ("GET", "/api/stats", 200, "application/json"),
            ("GET", "/api/players?min_goal=1", 400, "application/problem+json"),
            ("GET", "/api/nothing", 404, "application/problem+json"),
            ("POST", "/api/players", 405, "application/problem+json"),
            ("DELETE", "/api/players/3", 405, "application/problem+json"),
            ("GET", "/", 200, "text/html; charset=utf-8"),
            ("GET", "/?name=%EC%86%90", 200, "text/html; charset=utf-8"),
            ("GET", "/players/3", 200, "text/html; charset=utf-8"),
            ("GET", "/stats?position=FW", 200, "text/html; charset=utf-8"),
            ("GET", "/players/999", 404, "text/html; charset=utf-8"),
            ("GET", "/../../etc/passwd", 404, "text/html; charset=utf-8"),
        ]
        for (method, target, status, type) in cases {
            let result = try Self.curl([
                "-X", method, "-o", "/dev/null", "-w", "%{http_code} %{content_type}", "--path-as-is",
                server.url(target),
            ])
            #expect(result.out == "\(status) \(type)", "\(method) \(target)")
        }
        let error = try Self.curl([server.url("/api/players?min_goal=1")]).out
        #expect(
            error == #"{"type":"/problems/invalid-request","title":"Invalid request","status":400,"#
                + #""detail":"Unknown parameter 'min_goal'. Did you mean 'min_goals'? "#
                + #"Known parameters: position, nationality, club, club_prefix, name, min_goals, max_goals, "#
                + #"min_assists, max_assists, "#
                + #"min_age, max_age, as_of, sort, page, per_page, after, format.","parameter":"min_goal"}"# + "\n")
        let allow = try Self.curl(["-X", "PUT", "-D", "-", "-o", "/dev/null", server.url("/api/players")]).out
        #expect(allow.contains("Allow: GET, HEAD\r\n"))
        // Caps on the request: a long request line is 414, too many headers 431.
        let long = try Self.curl([
            "-o", "/dev/null", "-w", "%{http_code}",
            server.url("/api/players?name=" + String(repeating: "a", count: 9_000)),
        ])
        #expect(long.out == "414")
        let headers = (0..<120).flatMap { ["-H", "X-Filler-\($0): x"] }
        #expect(try Self.curl(["-o", "/dev/null", "-w", "%{http_code}"] + headers + [server.url("/")]).out == "431")
        #expect(server.stop() == 0)
    }

    /// `serve --write` as a user runs it: each write, its body up to `--max-body`, and the roster written.
    @Test func writesWithWriteAndTheBodyLimit() throws {
        let server = try Server(["--write", "--max-body", "4096"], in: folder)
        func send(_ arguments: [String]) throws -> String {
            try Self.curl(["-o", "/dev/null", "-w", "%{http_code}"] + arguments).out
        }
        let json = ["-H", "Content-Type: application/json"]
        #expect(
            try send(
                json + ["-X", "POST", "-d", #"{"name":"Cole Palmer","position":"AM"}"#, server.url("/api/players")])
                == "201")
        #expect(try send(json + ["-X", "PATCH", "-d", #"{"add_goals":2}"#, server.url("/api/players/29")]) == "200")
        #expect(try send(["-X", "DELETE", server.url("/api/players/28")]) == "204")
        let feed = "name,position\nFeed Player,GK\n"
        #expect(
            try send(["-H", "Content-Type: text/csv", "--data-binary", feed, server.url("/api/import?format=csv")])
                == "200")
        let large = #"{"name":"Too Large","position":"ST"}"# + String(repeating: " ", count: 4_096)
        #expect(try send(json + ["-X", "POST", "-d", large, server.url("/api/players")]) == "413")
        #expect(try send(["-X", "POST", "-d", "name=x", server.url("/api/players")]) == "415")
        #expect(server.stop() == 0)
        let shown = try RosterProcess.run(["--db", "roster.db", "show", "29", "--format", "json"], in: folder.url)
        #expect(shown.status == 0)
        #expect(shown.stdout.contains(#""goals":2"#))
        #expect(try RosterProcess.run(["--db", "roster.db", "show", "Feed Player"], in: folder.url).status == 0)
        #expect(try RosterProcess.run(["--db", "roster.db", "show", "28"], in: folder.url).status == 1)
    }

    /// A request line or header that libmicrohttpd's strict mode refused: a space in the target closed the connection
    /// without a byte, and a request without Host had the headers of its 400 sent twice.
    @Test func malformedRequestsGetOne400() throws {
        let server = try Server(in: folder)
        let cases = [
            ("GET /api/players HTTP/1.1\r\nConnection: close\r\n\r\n", "application/problem+json"),
            ("GET /api/pla yers HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", "application/problem+json"),
            (
                "GET /api/players?name=a\tb HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                "application/problem+json"
            ),
            ("GET /players/3 x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", "text/html; charset=utf-8"),
        ]
        for (request, type) in cases {
            let answer = try Self.exchange(request, port: server.port)
            #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(request): \(answer)")
            #expect(answer.components(separatedBy: "HTTP/1.1 400").count == 2, "\(request): \(answer)")
            #expect(answer.contains("Content-Type: \(type)\r\n"), "\(request): \(answer)")
        }
        #expect(server.stop() == 0)
    }

    /// What the server refuses before any route sees it is a problem of the API's shape too.
    @Test func theServersOwnRefusalsAreProblems() throws {
        let server = try Server(in: folder)
        let query = (0...100).map { "a\($0)=1" }.joined(separator: "&")
        let answer = try Self.exchange(
            "GET /api/players?\(query) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(answer.hasPrefix("HTTP/1.1 414 "), "\(answer)")
        #expect(answer.contains("Content-Type: application/problem+json\r\n"), "\(answer)")
        #expect(answer.contains(#""type":"/problems/request-too-long""#), "\(answer)")
        #expect(server.stop() == 0)
    }

    /// Sends `request` on a new connection and returns all the server sends back until it closes.
    static func exchange(_ request: String, port: Int) throws -> String {
        let socket = try idleConnection(to: port)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = request.utf8CString.withUnsafeBufferPointer { send(socket, $0.baseAddress, $0.count - 1, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    @Test func headConditionalRequestsAndKeepAlive() throws {
        let server = try Server(in: folder)
        let url = server.url("/api/players?position=GK")
        let head = try Self.curl(["-I", url]).out
        let get = try Self.curl(["-D", "-", url]).out
        func header(_ name: String, _ text: String) -> String? {
            text.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ": ") }
                .map { String($0.dropFirst(name.count + 2)) }
        }
        let tag = try #require(header("ETag", get))
        #expect(header("ETag", head) == tag)
        #expect(header("Content-Length", head) == header("Content-Length", get))
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        // A 304 carries the length of the 200 it stands for, never Content-Length: 0 (RFC 9110 §8.6), and keeps
        // its connection; a streamed list's has no length, and closes it.
        let conditional = try Self.curl(["-D", "-", "-o", "/dev/null", "-H", "If-None-Match: \(tag)", url, url]).out
        #expect(conditional.hasPrefix("HTTP/1.1 304 Not Modified\r\n"))
        #expect(header("Content-Length", conditional) == header("Content-Length", get))
        #expect(!conditional.contains("Connection: close"))
        let streamed = try Self.curl(["-D", "-", "-H", "If-None-Match: \(tag)", server.url("/api/players?format=csv")])
        #expect(streamed.out.hasPrefix("HTTP/1.1 304 Not Modified\r\n"))
        #expect(header("Content-Length", streamed.out) == nil)
        #expect(header("Transfer-Encoding", streamed.out) == nil)
        // Two requests in one call of curl share one connection.
        let both = try Self.curl(["-v", "-o", "/dev/null", "-o", "/dev/null", url, server.url("/api/health")])
        #expect(both.err.contains("Re-using existing connection"), "\(both.err)")
        #expect(server.stop() == 0)
    }

    /// A write made with triggers off bumps no change counter: the server answered 304 for a changed player and kept
    /// the old totals for good. It is seen from the next request, by every thread alike; its tag holds across a
    /// restart, and one made before such a write while the server was stopped no longer matches.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func aWriteWithTriggersOffIsSeenAndItsTagHoldsAcrossARestart() throws {
        func tagged(_ server: Server, _ target: String, _ tag: String? = nil) throws -> (status: String, tag: String) {
            let match = tag.map { ["-H", "If-None-Match: \($0)"] } ?? []
            let head = try Self.curl(["-D", "-", "-o", "/dev/null"] + match + [server.url(target)]).out
            let tag = head.split(separator: "\r\n").first { $0.hasPrefix("ETag: ") }?.dropFirst(6)
            return (String(head.split(separator: " ")[1]), tag.map(String.init) ?? "")
        }
        func sqliteWithoutTriggers(_ sql: String) throws {
            let run = try RosterProcess.run(
                ["roster.db", ".dbconfig enable_trigger off", sql], in: folder.url,
                executable: URL(fileURLWithPath: "/usr/bin/sqlite3"))
            #expect(run.status == 0, "\(run.stderr)")
        }
        var server = try Server(in: folder)
        let before = try tagged(server, "/api/players/3")
        #expect(try Self.curl([server.url("/api/stats")]).out.contains("\"players\":28,"))
        try sqliteWithoutTriggers(
            "UPDATE players SET goals = goals + 100 WHERE id = 3; "
                + "INSERT INTO players (name, position) VALUES ('Quiet Writer', 'ST')")
        #expect(try tagged(server, "/api/players/3", before.tag).status == "200")
        #expect(try Self.curl([server.url("/api/players/3")]).out.contains("\"goals\":131,"))
        #expect(try Self.curl([server.url("/api/stats")]).out.contains("\"players\":29,"))
        // Each request on a connection of its own, answered by either thread: one tag, which holds.
        let tags = try (0..<8).map { _ in try tagged(server, "/api/players/3").tag }
        #expect(Set(tags).count == 1 && tags[0] != before.tag, "\(tags)")
        #expect(try tagged(server, "/api/players/3", tags[0]).status == "304")
        #expect(server.stop() == 0)

        server = try Server(in: folder)
        #expect(try tagged(server, "/api/players/3", tags[0]).status == "304")
        #expect(server.stop() == 0)
        // The sqlite3 shell, the roster's only reader now, copies its log into the file and removes it as it ends.
        try sqliteWithoutTriggers("UPDATE players SET goals = goals + 1 WHERE id = 3")
        server = try Server(in: folder)
        #expect(try tagged(server, "/api/players/3", tags[0]).status == "200")
        #expect(server.stop() == 0)
    }

    /// A roster copied over the live one in place (`cp new.db roster.db`: the same file, rewritten) was read through
    /// the pages the server's connections kept of the old one, mixed with the new: the old totals, players and tags
    /// for good. The server notices the rewritten file and reads the copy from the next request on.
    @Test func aRosterCopiedOverTheLiveOneIsReadFromTheCopy() throws {
        let server = try Server(in: folder)
        let oldTag = try #require(
            try Self.curl(["-D", "-", "-o", "/dev/null", server.url("/api/players?per_page=1")]).out
                .split(separator: "\r\n").first { $0.hasPrefix("ETag: ") })
        #expect(try Self.curl([server.url("/api/stats")]).out.contains("\"players\":28,"))
        #expect(try Self.curl([server.url("/api/players/3")]).out.contains("Mbapp"))
        try folder.write(#"{"id":3,"name":"Copied Over","position":"GK"}"#, to: "new.ndjson")
        #expect(try RosterProcess.run(["--db", "new.db", "import", "new.ndjson"], in: folder.url).status == 0)
        let inode = try #require(
            try FileManager.default.attributesOfItem(atPath: folder.path("roster.db"))[.systemFileNumber] as? Int)
        // As cp writes: the same file, truncated and written again.
        let copy = try #require(FileBytes.read(folder.path("new.db")))
        let descriptor = open(folder.path("roster.db"), O_WRONLY | O_TRUNC)
        #expect(descriptor >= 0)
        #expect(copy.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == copy.count)
        close(descriptor)
        #expect(
            try FileManager.default.attributesOfItem(atPath: folder.path("roster.db"))[.systemFileNumber] as? Int
                == inode)
        #expect(try Self.curl([server.url("/api/stats")]).out.contains("\"players\":1,"))
        #expect(try Self.curl([server.url("/api/players/3")]).out.contains("Copied Over"))
        let page = try Self.curl(["-D", "-", server.url("/api/players?per_page=1")]).out
        #expect(page.contains("\"total\":1,"))
        #expect(!page.contains(String(oldTag)))
        #expect(server.stop() == 0)
    }

    @Test func readersDuringAnImportSeeOneRosterOrTheOtherAndTheNewOneAfterwards() throws {
        let server = try Server(in: folder)
        var feed = ""
        for id in 1...40_000 {
            feed += #"{"id":\#(id + 100),"name":"Feed Player \#(id)","position":"ST","goals":\#(id % 97)}"# + "\n"
        }
        try feed.write(toFile: folder.path("feed.ndjson"), atomically: true, encoding: .utf8)
        let importer = Process()
        importer.executableURL = RosterProcess.executable
        importer.arguments = ["--db", "roster.db", "import", "--quiet", "feed.ndjson"]
        importer.currentDirectoryURL = folder.url
        try importer.run()
        var totals: [Int] = []
        var statuses: Set<String> = []
        repeat {
            let result = try Self.curl(["-w", " %{http_code}", server.url("/api/players?per_page=1")])
            statuses.insert(String(result.out.suffix(3)))
            if let range = result.out.range(of: "\"total\":") {
                totals.append(Int(result.out[range.upperBound...].prefix { $0.isNumber }) ?? -1)
            }
        } while importer.isRunning && totals.count < 10_000
        importer.waitUntilExit()
        #expect(importer.terminationStatus == 0)
        let after = try Self.curl([server.url("/api/players?per_page=1")]).out
        #expect(statuses == ["200"])
        #expect(Set(totals).isSubset(of: [28, 40_028]), "\(Set(totals))")
        #expect(after.contains("\"total\":40028"))
        #expect(server.stop() == 0)
    }

    @Test func sigtermUnderLoadFinishesTheRequestsInFlightAndExitsZero() throws {
        let server = try Server(["--threads", "2"], in: folder)
        let urls = (0..<400).map { server.url("/api/players?per_page=50&page=\($0 % 3 + 1)") }
        // Four clients, each a long run of keep-alive requests, the first of which are answered before the stop.
        let clients = (0..<4).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments =
                ["--silent", "--max-time", "30"]
                + urls.flatMap {
                    [
                        "-o", "/dev/null", "-w",
                        "%{http_code}\n", $0,
                    ]
                }
            let output = Pipe()
            process.standardOutput = output
            return (process, output)
        }
        for (process, _) in clients { try process.run() }
        usleep(300_000)
        #expect(server.stop(SIGTERM) == 0)
        var codes: [Substring: Int] = [:]
        for (process, output) in clients {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            for code in text.split(separator: "\n") { codes[code, default: 0] += 1 }
        }
        // Every request either got its whole answer or was never taken (000: refused after the stop).
        #expect(Set(codes.keys).isSubset(of: ["200", "000"]), "\(codes)")
        #expect(codes["200", default: 0] > 0)
        #expect(server.messages.hasSuffix("Stopping: answering the requests in flight, then exiting.\n"))
    }

    /// A server short of file descriptors (`ulimit -n`) answers a list it cannot open a connection for with 503 and
    /// `Retry-After`: a shortage that passes as other clients leave, not a fault of the server (500).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")))
    func runningOutOfFileDescriptorsIs503() throws {
        let server = try Server(["--threads", "2"], in: folder, runAs: "prlimit --nofile=32 --")
        // Idle connections take the server's descriptors one by one, until a streamed list, which reads on a
        // connection to the roster of its own, finds none left to open the roster with.
        var idle: [Int32] = []
        defer { idle.forEach { _ = close($0) } }
        var answer = (status: Int32(0), out: "", err: "")
        for _ in 0..<40 {
            answer = try Self.curl(["-D", "-", "--max-time", "5", server.url("/api/players?format=ndjson")])
            if answer.out.hasPrefix("HTTP/1.1 503") { break }
            idle.append(try Self.idleConnection(to: server.port))
        }
        #expect(answer.out.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(answer)")
        #expect(answer.out.contains("Retry-After: 1\r\n"))
        #expect(answer.out.contains("too many open files"))
        idle.forEach { _ = close($0) }
        idle = []
        // Once the idle clients leave, the same request is answered.
        var status = ""
        for _ in 0..<50 where status != "200" {
            usleep(100_000)
            status = try Self.curl(["-o", "/dev/null", "-w", "%{http_code}", server.url("/api/players?format=ndjson")])
                .out
        }
        #expect(status == "200")
        #expect(server.stop() == 0)
    }

    /// Out of descriptors (`ulimit -n`), with idle connections holding them, a pool thread that had no connection
    /// retried its failed accept at once: 70% of a core, and a million lines of log a second. The server now stops
    /// accepting for a moment, logs the condition at most once a second, and answers once descriptors are free.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")))
    func outOfDescriptorsTheServerWaitsQuietly() throws {
        let server = try Server(["--threads", "2"], in: folder, runAs: "prlimit --nofile=24 --")
        var idle: [Int32] = []
        defer { idle.forEach { _ = close($0) } }
        for _ in 0..<30 { idle.append(try Self.idleConnection(to: server.port)) }
        usleep(500_000)
        let before = try Self.cpuTicks(of: server.process.pid)
        sleep(2)
        // Clock ticks are hundredths of a second: a tenth of a second of work in two.
        #expect(try Self.cpuTicks(of: server.process.pid) - before < 20)
        let lines = server.messages.split(separator: "\n")
        #expect(lines.count < 10, "\(lines.count) lines")
        #expect(lines.contains { $0.hasPrefix("rosterdb serve: cannot accept a connection: Too many open files (") })
        idle.forEach { _ = close($0) }
        idle = []
        let health = try Self.curl(["-o", "/dev/null", "-w", "%{http_code}", server.url("/api/health")])
        #expect(health.out == "200")
        #expect(server.stop() == 0)
    }

    /// The processor time `pid` has used, in clock ticks (user and system, /proc/PID/stat).
    static func cpuTicks(of pid: Int32) throws -> Int {
        let stat = String(decoding: FileBytes.read("/proc/\(pid)/stat") ?? [], as: UTF8.self)
        // The fields after the command's name, which is in parentheses and may hold spaces.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        return try #require(Int(fields[11])) + (try #require(Int(fields[12])))
    }

    /// A burst of streams held their memory for good: each freed its connection and page cache when it ended, but
    /// the allocator kept what they freed (135 MB after 260 streams). The last stream of a burst gives it back. Of
    /// their descriptors SQLite keeps one for each stream at the peak, for the next connection it opens (it cannot
    /// close them while the workers' connections hold the roster locked), so a second burst adds none.
    @Test(
        .disabled(if: RosterProcess.isSanitized, "the sanitizers' quarantine and shadow memory distort resident memory")
    )
    func aBurstOfStreamsGivesItsMemoryBack() throws {
        try importStrikers(5_000, named: "Burst Player")
        let server = try Server(["--threads", "2"], in: folder)
        let pid = server.process.pid
        _ = try Self.curl(["-o", "/dev/null", server.url("/api/players?format=ndjson")])
        let baseline = try Self.residentKibibytes(of: pid)
        var descriptors: [Int] = []
        for _ in 0..<2 {
            let burst = """
                for i in $(seq 1 80); do curl --silent --max-time 30 -o /dev/null -w "%{http_code}\\n" "$0" & done
                wait
                """
            let statuses = try RosterProcess.run(
                ["-c", burst, server.url("/api/players?format=ndjson")], in: folder.url,
                executable: URL(fileURLWithPath: "/bin/bash")
            ).stdout.split(separator: "\n")
            #expect(statuses == Array(repeating: "200", count: 80))
            usleep(500_000)
            descriptors.append(try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count)
            let resident = try Self.residentKibibytes(of: pid)
            #expect(resident < baseline + 8_192, "\(resident) KiB after the burst, \(baseline) KiB before")
        }
        #expect(descriptors[1] <= descriptors[0], "\(descriptors)")
        #expect(server.stop() == 0)
    }

    /// The memory `pid` holds (VmRSS), in KiB.
    static func residentKibibytes(of pid: Int32) throws -> Int {
        let status = String(decoding: FileBytes.read("/proc/\(pid)/status") ?? [], as: UTF8.self)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    /// A server under an address-space limit (`ulimit -v`) with more slow clients streaming the list than it has
    /// memory for: each stream either starts (200) or is refused (503) before it holds anything, and the server
    /// goes on answering. Each stream held a connection with SQLite's whole page cache (2 MB) until its client
    /// had read it all, and the allocation that failed ended the server with a crash trace. Not under the
    /// sanitizers, whose shadow memory cannot be mapped under such a limit.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")),
        .disabled(if: RosterProcess.isSanitized, "the sanitizers cannot run under an address-space limit"))
    func streamsBeyondTheMemoryOfAServerAreRefusedWith503() throws {
        try importStrikers(30_000, named: "Stream Player")
        // The limit: what the server maps once it has answered a request under a limit (without one, each thread
        // reserves 64 MB for a heap of its own), and 40 MB more.
        var kibibytes = 8 << 20
        for _ in 0..<2 {
            kibibytes = try mappedKibibytes(under: kibibytes, afterAnswering: "/api/players") + 40_000
        }
        let server = try Server(["--threads", "2"], in: folder, runAs: "prlimit --as=\(kibibytes * 1024) --")
        // 80 clients reading at 100 kB/s, each stopped after 4 seconds (a stream takes about 40).
        let script = """
            for i in $(seq 1 80); do
                curl --silent --max-time 4 --limit-rate 100k -D "head-$i" -o /dev/null "$0" &
            done
            wait
            for i in $(seq 1 80); do head -1 "head-$i" | cut -d' ' -f2; done
            """
        let streams = try RosterProcess.run(
            ["-c", script, server.url("/api/players?format=ndjson")], in: folder.url,
            executable: URL(fileURLWithPath: "/bin/bash"))
        let statuses = streams.stdout.split(separator: "\n")
        #expect(statuses.count == 80, "\(streams)")
        #expect(statuses.allSatisfy { $0 == "200" || $0 == "503" }, "\(statuses)")
        #expect(statuses.contains("200"))
        #expect(try Self.curl(["-o", "/dev/null", "-w", "%{http_code}", server.url("/api/health")]).out == "200")
        #expect(server.stop() == 0)
        #expect(!server.messages.contains("Fatal error"), "\(server.messages)")
    }

    /// A server left little address space (`ulimit -v`) asked for pages of 1,000 players six at a time: each answer
    /// is 200 or 503, and the server goes on answering. Two threads building such pages at once had ended it with
    /// a failed allocation's crash trace.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")),
        .disabled(if: RosterProcess.isSanitized, "the sanitizers cannot run under an address-space limit"))
    func pagesBeyondTheMemoryOfAServerAreRefusedWith503() throws {
        try importStrikers(3_000, named: "Page Player")
        // What the server maps once it has answered a page under a limit.
        let mapped = try mappedKibibytes(under: 8 << 20, afterAnswering: "/api/players?per_page=1000")
        // A little more than that: room for one page at most, where two built at once ran out.
        for margin in [500, 1_000] {
            let kibibytes = mapped + margin
            let server = try Server(["--threads", "2"], in: folder, runAs: "prlimit --as=\(kibibytes * 1024) --")
            let script = """
                for round in 1 2 3; do
                    for i in 1 2 3 4 5 6; do
                        curl --silent --max-time 10 -o /dev/null -w "%{http_code}\\n" "$0" &
                    done
                    wait
                done
                """
            let pages = try RosterProcess.run(
                ["-c", script, server.url("/api/players?per_page=1000&page=2")], in: folder.url,
                executable: URL(fileURLWithPath: "/bin/bash"))
            let statuses = pages.stdout.split(separator: "\n")
            #expect(statuses.count == 18, "\(pages)")
            #expect(statuses.allSatisfy { $0 == "200" || $0 == "503" }, "margin \(margin): \(statuses)")
            #expect(try Self.curl(["-o", "/dev/null", "-w", "%{http_code}", server.url("/api/health")]).out == "200")
            #expect(server.stop() == 0)
            #expect(!server.messages.contains("Fatal error"), "\(server.messages)")
        }
    }

    /// Imports `count` strikers named `name 1`, `name 2`, … into `roster.db`.
    func importStrikers(_ count: Int, named name: String) throws {
        let feed = (1...count).map { #"{"name":"\#(name) \#($0)","position":"ST","goals":\#($0 % 90)}"# }
        try folder.write(feed.joined(separator: "\n"), to: "feed.ndjson")
        #expect(try RosterProcess.run(["--db", "roster.db", "import", "feed.ndjson"], in: folder.url).status == 0)
    }

    /// What a server of two threads under an address-space limit of `kibibytes` maps, in KiB (`VmSize`), once it
    /// has answered `path`: under a limit, its threads share one heap instead of reserving 64 MB each.
    func mappedKibibytes(under kibibytes: Int, afterAnswering path: String) throws -> Int {
        let probe = try Server(["--threads", "2"], in: folder, runAs: "prlimit --as=\(kibibytes * 1024) --")
        _ = try Self.curl(["-o", "/dev/null", probe.url(path)])
        let status = String(decoding: FileBytes.read("/proc/\(probe.process.pid)/status") ?? [], as: UTF8.self)
        let mapped = status.split(separator: "\n").first { $0.hasPrefix("VmSize:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
        #expect(probe.stop() == 0)
        return try #require(mapped)
    }

    /// A TCP connection to the server on `port` that sends nothing.
    static func idleConnection(to port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard socket >= 0, connected == 0 else {
            if socket >= 0 { close(socket) }
            throw SpawnedProcess.Failure(description: "cannot connect to port \(port)")
        }
        return socket
    }

    @Test func aPortInUseAndAMissingRosterEndWithTheirMessageAndCode() throws {
        let server = try Server(in: folder)
        let taken = try RosterProcess.run(
            ["--db", "roster.db", "serve", "--port", String(server.port)],
            in: folder.url)
        #expect(taken.status == 74)
        #expect(taken.stderr == "Error: cannot listen on 127.0.0.1:\(server.port): the port is already in use\n")
        #expect(server.stop(SIGINT) == 0)
        let missing = try RosterProcess.run(["--db", "missing.db", "serve", "--port", "0"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("Error: "))
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing.db")))
        let bad = try RosterProcess.run(["--db", "roster.db", "serve", "--port", "70000"], in: folder.url)
        #expect(bad.status == 64)
    }

    /// Without threads to start (a user's limit on processes), the server ends with one line saying why: the
    /// library's message was printed as it came and again as the error.
    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")),
        .disabled(if: RosterProcess.isSanitized, "the sanitizers start threads of their own, which the limit refuses"))
    func noThreadsToStartIsOneLineAndExit74() throws {
        try RosterProcess.copyExecutable(to: folder.path("rosterdb"))
        chmod(folder.path(""), 0o755)
        chmod(folder.path("roster.db"), 0o644)
        let run = try RosterProcess.run(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", "prlimit", "--nproc=1", "--",
                folder.path("rosterdb"), "--db", folder.path("roster.db"), "serve", "--port", "0", "--threads", "4",
            ], in: folder.url, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        #expect(run.status == 74)
        #expect(run.stderr.hasPrefix("Error: the HTTP server could not start: "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    /// `--image-base`: the detail page shows the image from that origin, and its policy allows that origin alone.
    @Test func theDetailPageShowsImagesFromTheImageBase() throws {
        let server = try Server(["--image-base", "https://img.example.org/players/{image}"], in: folder)
        let page = try Self.curl(["-D", "-", server.url("/players/1")]).out
        #expect(page.contains("img-src https://img.example.org; "))
        #expect(page.contains("<img class=\"photo\" src=\"https://img.example.org/players/lionel-messi.png\""))
        #expect(page.contains("<a href=\"/?club=Inter%20Miami\">Inter Miami</a>"))
        #expect(server.stop() == 0)
        let plain = try Server(in: folder)
        let named = try Self.curl(["-D", "-", plain.url("/players/1")]).out
        #expect(!named.contains("img-src") && !named.contains("<img"))
        #expect(named.contains("<dt>Image</dt><dd>lionel-messi.png</dd>"))
        #expect(plain.stop() == 0)
        let bad = try RosterProcess.run(
            ["--db", "roster.db", "serve", "--port", "0", "--image-base", "lionel-messi.png"], in: folder.url)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'--image-base <url>': expected an http or https URL"), "\(bad.stderr)")
    }

    /// Gzipped answers as curl asks for them (`--compressed`): the same bytes as the plain ones once decompressed,
    /// a streamed list too; `Accept` chooses the list's format.
    @Test func answersAreGzippedForClientsThatAcceptItAndAcceptChoosesTheFormat() throws {
        let server = try Server(in: folder)
        for target in ["/api/players?format=csv", "/api/players?format=ndjson", "/api/players", "/", "/stats"] {
            let plain = try Self.curl([server.url(target)])
            let gzipped = try Self.curl(["--compressed", server.url(target)])
            #expect(gzipped.status == 0 && gzipped.out == plain.out, "\(target)")
            let head = try Self.curl(["--compressed", "-D", "-", "-o", "/dev/null", server.url(target)]).out
            #expect(head.contains("Content-Encoding: gzip\r\n"), "\(target)")
            let bare = try Self.curl(["-D", "-", "-o", "/dev/null", server.url(target)]).out
            #expect(!bare.contains("Content-Encoding"), "\(target)")
            #expect(bare.contains("Vary: ") && bare.contains("Accept-Encoding\r\n"), "\(target)")
        }
        let streamed = try Self.curl([
            "--compressed", "-D", "-", "-o", "/dev/null", server.url("/api/players?format=csv"),
        ])
        #expect(streamed.out.contains("Transfer-Encoding: chunked\r\n"))
        let csv = try Self.curl(["--compressed", "-H", "Accept: text/csv", server.url("/api/players")])
        #expect(csv.out == (try Self.curl([server.url("/api/players?format=csv")]).out))
        #expect(server.stop() == 0)
    }

    @Test func listeningOnEveryInterfaceIsWarnedAbout() throws {
        let server = try Server(["--bind", "0.0.0.0"], in: folder)
        #expect(server.messages.hasPrefix("Warning: listening on every interface (0.0.0.0)"))
        #expect(try Self.curl([server.url("/api/health")]).out == "{\"ok\":true}\n")
        #expect(server.stop() == 0)
    }
}
