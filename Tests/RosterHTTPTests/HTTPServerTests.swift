import CMicroHTTPD
import Glibc
import RosterModel
import Testing

@testable import RosterHTTP

/// The adapter over real sockets: each test starts its own server on a port the system picks.
@Suite struct HTTPServerTests {
    private func startServer(
        threads: Int = 2, configure: (inout HTTPServerConfiguration) -> Void = { _ in },
        makeWorker: () throws -> any HTTPWorker
    ) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.threads = threads
        configure(&configuration)
        return try HTTPServer.start(configuration, makeWorker: makeWorker)
    }

    // MARK: - Connections

    @Test func keepAliveAnswersSeveralRequestsOnOneConnection() throws {
        let log = RequestLog()
        let server = try startServer { FixedWorker(log: log) }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        for path in ["/a", "/b?x=1", "/c"] {
            try client.request("GET", path)
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "hello")
            #expect(response.headers["Connection"] == nil)
        }
        #expect(log.all.map(\.rawTarget) == ["/a", "/b?x=1", "/c"])
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try startServer { EchoWorker() }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.send((1...3).map { "GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
        #expect(try (1...3).map { _ in try client.readResponse().text } == ["GET /1", "GET /2", "GET /3"])
    }

    @Test func headGetsTheHeadersOfGetWithoutTheBody() throws {
        let log = RequestLog()
        let server = try startServer { FixedWorker(body: "twelve bytes", log: log) }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request("HEAD", "/players")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == "12")
        #expect(head.headers["Content-Type"] == "text/plain")
        // Had any byte of the body been sent, it would be read here as the start of the next response.
        try client.request("GET", "/players")
        let get = try client.readResponse()
        #expect(get.text == "twelve bytes")
        #expect(log.all.map(\.method) == ["HEAD", "GET"])
    }

    @Test func theMethodIsPassedThroughAndABodyIsNeverRead() throws {
        let server = try startServer { MethodCheckingWorker() }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.send("POST /players HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        let response = try client.readResponse()
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD")
        // The body was not read, so the connection cannot carry another request.
        #expect(client.isClosedByServer())

        let other = try TestClient(port: server.port)
        try other.request("DELETE", "/players/1")
        #expect(try other.readResponse().status == 405)
        try other.request("GET", "/players/1")
        #expect(try other.readResponse().status == 200)
    }

    @Test func anIdleConnectionIsClosedAfterTheTimeout() throws {
        let server = try startServer(configure: { $0.connectionTimeoutSeconds = 1 }) { FixedWorker() }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.send("GET /slow HTTP/1.1\r\nHo")
        #expect(client.isClosedByServer())
    }

    /// A client that stops reading a streamed body for longer than the connection timeout, while the kernel's
    /// buffers hold what the server sent, still gets all of it: the stream has a timeout of its own. Its
    /// connection was closed after the connection timeout, and a slow download of a long list ended half-way with
    /// no message. Once the body is sent, the idle connection has the connection timeout again.
    @Test func aStreamWaitsForAClientThatPausesLongerThanTheConnectionTimeout() throws {
        let total = 32 << 20
        let server = try startServer(configure: {
            $0.connectionTimeoutSeconds = 1
            $0.streamTimeoutSeconds = 30
        }) {
            ClosureWorker { _ in HTTPResponse(body: .stream(PatternStream(total: total))) }
        }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request("GET", "/list")
        #expect(try client.readHead().status == 200)
        // More than the socket buffers hold stays unsent meanwhile, so the server makes no progress.
        sleep(3)
        var received = 0
        var intact = true
        try client.readChunks { piece in
            for (index, byte) in piece.enumerated() where byte != PatternStream.byte(at: received + index) {
                intact = false
            }
            received += piece.count
        }
        #expect(received == total)
        #expect(intact)
        let started = MonotonicClock.now()
        #expect(client.isClosedByServer())
        #expect(MonotonicClock.seconds(since: started) < 10)
    }

    @Test func aSlowClientDoesNotHoldTheOnlyThread() throws {
        let server = try startServer(threads: 1) { FixedWorker() }
        defer { server.stop() }
        let slow = try TestClient(port: server.port)
        try slow.send("GET /slow HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        let other = try TestClient(port: server.port)
        try other.request("GET", "/fast")
        #expect(try other.readResponse().status == 200)
        try slow.send("yes\r\n\r\n")
        #expect(try slow.readResponse().status == 200)
    }

    @Test func connectionsBeyondTheLimitWaitForAFreeOne() throws {
        let server = try startServer(threads: 1, configure: { $0.maximumConnections = 2 }) { FixedWorker() }
        defer { server.stop() }
        var first: TestClient? = try TestClient(port: server.port)
        let second = try TestClient(port: server.port)
        try first?.request("GET", "/1")
        #expect(try first?.readResponse().status == 200)
        try second.request("GET", "/2")
        #expect(try second.readResponse().status == 200)
        // The kernel queues the third; the server takes it only when one of the two closes.
        let third = try TestClient(port: server.port)
        try third.request("GET", "/3")
        #expect(!third.hasData(withinMilliseconds: 500))
        first = nil
        #expect(try third.readResponse().status == 200)
    }

    /// Connections past the limit wait in the listen queue and are served once others close, however the
    /// library's threads share them out; every close is counted, so the server ends up with none open.
    @Test func connectionsBeyondTheLimitAreServedInTurnNeverDropped() throws {
        let server = try startServer(threads: 2, configure: { $0.maximumConnections = 4 }) { FixedWorker() }
        defer { server.stop() }
        var held: [TestClient] = []
        for index in 0..<4 {
            let client = try TestClient(port: server.port)
            try client.request("GET", "/held/\(index)")
            #expect(try client.readResponse().status == 200)
            held.append(client)
        }
        let statuses = Locked<[Int]>([])
        let waiting = (0..<6).map { index in
            spawn {
                let status = try? {
                    let client = try TestClient(port: server.port)
                    try client.request("GET", "/waiting/\(index)")
                    return try client.readResponse().status
                }()
                statuses.withLock { $0.append(status ?? 0) }
            }
        }
        usleep(300_000)
        #expect(statuses.withLock { $0 }.isEmpty)
        #expect(server.openConnections == (4, 0))
        held = []
        waiting.forEach { pthread_join($0, nil) }
        #expect(statuses.withLock { $0 } == Array(repeating: 200, count: 6))
        #expect(waitUntil { server.openConnections == (0, 0) })
    }

    /// A client that sent its request's head a line at a time, each within the idle timeout, held its connection
    /// for as long as it liked: 256 of them held every connection, and no one else was answered.
    @Test func aClientLateWithItsRequestHeadIsClosed() throws {
        let log = RequestLog()
        let server = try startServer(configure: { $0.connectionTimeoutSeconds = 1 }) { FixedWorker(log: log) }
        defer { server.stop() }
        let slow = try TestClient(port: server.port)
        let started = MonotonicClock.now()
        try slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n")
        var closed = false
        for line in 0..<12 where !closed {
            usleep(250_000)
            closed = (try? slow.send("X-Line-\(line): y\r\n")) == nil || slow.hasData(withinMilliseconds: 0)
        }
        #expect(slow.isClosedByServer())
        #expect(MonotonicClock.seconds(since: started) < 3)
        #expect(log.all.isEmpty)
        // A keep-alive connection has as long again for its next request, counted from its answer.
        let client = try TestClient(port: server.port)
        try client.request("GET", "/a")
        #expect(try client.readResponse().status == 200)
        usleep(500_000)
        try client.request("GET", "/b")
        #expect(try client.readResponse().status == 200)
    }

    /// Once every connection has been taken for a second, a new client is answered 503 with Retry-After at once,
    /// not left waiting unseen in the listen queue for as long as the others hold theirs.
    @Test func aClientFindingEveryConnectionTakenIsAnswered503() throws {
        let server = try startServer(threads: 1, configure: { $0.maximumConnections = 2 }) { FixedWorker() }
        defer { server.stop() }
        var holders = try (0..<2).map { _ in try TestClient(port: server.port) }
        for holder in holders { try holder.send("GET /held HTTP/1.1\r\nHost: x\r\n") }
        let started = MonotonicClock.now()
        let client = try TestClient(port: server.port)
        try client.request("GET", "/late")
        let response = try client.readResponse()
        #expect(response.status == 503)
        #expect(response.headers["Retry-After"] == "1")
        #expect(response.text == "the server is busy: its 2 connections are all taken; try again in a moment\n")
        #expect(client.isClosedByServer())
        #expect(MonotonicClock.seconds(since: started) < 3)
        // The holders finish their requests, and are served; once they leave, so is a new client.
        for holder in holders {
            try holder.send("\r\n")
            #expect(try holder.readResponse().status == 200)
        }
        holders = []
        // The server learns of the holders' leaving a moment later: until then, a client is answered 503 with
        // Retry-After, as promised, never left without an answer.
        let leaving = MonotonicClock.now()
        var statuses: [Int] = []
        while statuses.last != 200 && MonotonicClock.seconds(since: leaving) < 5 {
            let after = try TestClient(port: server.port)
            try after.request("GET", "/after")
            let answer = try after.readResponse()
            statuses.append(answer.status)
            if answer.status == 503 {
                #expect(answer.headers["Retry-After"] == "1")
                usleep(50_000)
            }
        }
        #expect(statuses.last == 200 && statuses.dropLast().allSatisfy { $0 == 503 }, "\(statuses)")
    }

    @Test func aFloodOfMessagesIsThrottledAndCounted() throws {
        let lines = MessageLog()
        let throttle = MessageThrottle(perSecond: 10, log: lines.record)
        // At the start of a second, so that the 25 fall in one.
        let second = MonotonicClock.now().tv_sec
        while MonotonicClock.now().tv_sec == second { usleep(1_000) }
        for index in 1...25 { throttle.record("message \(index)") }
        #expect(lines.all == (1...10).map { "message \($0)" })
        throttle.flush()
        #expect(lines.all.count == 10)
        #expect(waitUntil { MonotonicClock.now().tv_sec > second + 1 })
        throttle.flush()
        #expect(lines.all.last == "15 more messages in one second were left out")
        throttle.record("later")
        #expect(lines.all.suffix(2) == ["15 more messages in one second were left out", "later"])
    }

    // MARK: - Limits

    /// `count` header lines of 100-byte values.
    private func fillerHeaders(_ count: Int) -> [String] {
        (1...count).map { "X-Filler-\($0): " + String(repeating: "b", count: 100) }
    }

    @Test func aRequestLineOverTheLimitIsAnswered414() throws {
        let log = RequestLog()
        let server = try startServer { FixedWorker(log: log) }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request("GET", "/players?name=" + String(repeating: "a", count: 9_000))
        let response = try client.readResponse()
        #expect(response.status == 414)
        #expect(response.text == "the request line is 9027 bytes long; the limit is 8192\n")
        #expect(client.isClosedByServer())
        #expect(log.all.isEmpty)
    }

    @Test func tooManyQueryParametersAreAnswered414() throws {
        let server = try startServer { FixedWorker() }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request("GET", "/players?" + Array(repeating: "a=1", count: 101).joined(separator: "&"))
        let response = try client.readResponse()
        #expect(response.status == 414)
        #expect(response.text == "the query has 101 parameters; the limit is 100\n")
    }

    @Test func headersOverTheLimitAreAnswered431() throws {
        let server = try startServer { FixedWorker() }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request("GET", "/players", extraHeaders: fillerHeaders(80))
        let response = try client.readResponse()
        #expect(response.status == 431)
        #expect(response.text == "the headers are 9208 bytes long; the limit is 8192\n")
        #expect(client.isClosedByServer())

        let other = try TestClient(port: server.port)
        try other.request("GET", "/players", extraHeaders: (1...100).map { "X-\($0): 1" })
        let tooMany = try other.readResponse()
        #expect(tooMany.status == 431)
        #expect(tooMany.text == "the request has 101 header fields; the limit is 100\n")
    }

    @Test(arguments: [(40_000, 0, 414), (100, 40_000, 431), (100, 8000 * 16, 431)])
    func aRequestLargerThanTheConnectionsMemoryIsAnsweredByTheLibrary(target: Int, header: Int, status: Int) throws {
        let server = try startServer { FixedWorker() }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        let headers = header == 0 ? [] : ["X-Big: " + String(repeating: "b", count: header)]
        try client.request("GET", "/?q=" + String(repeating: "a", count: target), extraHeaders: headers)
        #expect(try client.readResponse().status == status)
        #expect(client.isClosedByServer())
    }

    @Test func aRequestAtEveryLimitAtOnceStillGetsItsResponse() throws {
        let limits = HTTPRequestLimits()
        // The request line exactly at its limit, with the most query parameters.
        let fixed = "GET /?".utf8.count + " HTTP/1.1".utf8.count
        var parameters = (1...limits.queryParameters).map { "p\($0)=" }
        parameters[0] += String(
            repeating: "v",
            count: limits.requestLineBytes - fixed
                - parameters.joined(separator: "&").utf8.count)
        let target = "/?" + parameters.joined(separator: "&")
        // The headers exactly at their limit, in the most fields (Host is one of them).
        var headers = (2...limits.headerFields).map { "X-\($0): " }
        let used = "Host: localhost\r\n".utf8.count + headers.reduce(0) { $0 + $1.utf8.count + 2 }
        headers[0] += String(repeating: "h", count: limits.headerBytes - used)

        let log = RequestLog()
        let stream = PatternStream(total: 1 << 20)
        let server = try startServer {
            ClosureWorker { request in
                log.record(request)
                var response = HTTPResponse(body: .stream(stream))
                response.headers.add("Link", "<" + String(repeating: "l", count: 2000) + ">; rel=\"next\"")
                return response
            }
        }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request("GET", target, extraHeaders: headers)
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.body.count == 1 << 20)
        let request = try #require(log.all.first)
        #expect(limits.violation(by: request) == nil)
        #expect(request.headers.fields.count == limits.headerFields)
        #expect(try request.target.get().query.count == limits.queryParameters)
        // One byte more on the line is too much.
        try client.request("GET", target + "v", extraHeaders: headers)
        #expect(try client.readResponse().status == 414)
    }

    /// Queries of many short or empty pieces within the request line's limit had no answer: libmicrohttpd filed
    /// each piece in the connection's memory, ran out after some 350, and held the connection until its timeout.
    @Test(arguments: [
        (String(repeating: "&", count: 1_000), 200),
        (String(repeating: "&", count: 8_000), 200),
        (Array(repeating: "a=1", count: 800).joined(separator: "&"), 414),
        (Array(repeating: "a", count: 4_000).joined(separator: "&"), 414),
        // Over the line's limit, yet within what the library reads before refusing a line itself.
        (String(repeating: "&", count: 30_000), 414),
    ])
    func aQueryOfManyPiecesIsAnsweredAtOnce(query: String, status: Int) throws {
        let server = try startServer { FixedWorker() }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        let started = MonotonicClock.now()
        try client.request("GET", "/players?" + query)
        #expect(try client.readResponse().status == status)
        #expect(MonotonicClock.seconds(since: started) < 2)
    }

    @Test func requestsUnderTheLimitsAreServed() throws {
        let log = RequestLog()
        let server = try startServer { FixedWorker(log: log) }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        let target = "/players?name=" + String(repeating: "a", count: 8_000)
        try client.request("GET", target, extraHeaders: fillerHeaders(40))
        #expect(try client.readResponse().status == 200)
        #expect(log.all.first?.rawTarget == target)
        #expect(log.all.first?.headers["x-filler-40"] == String(repeating: "b", count: 100))
    }

    // MARK: - Requests and responses

    @Test func theWorkerGetsTheRawTargetDecodedAndTheHeaders() throws {
        let log = RequestLog()
        let server = try startServer { FixedWorker(log: log) }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request(
            "GET", "/players/M%C3%BCller%2Fx?name=J+M%C3%BCller&sort=goals:desc&sort=name&empty",
            extraHeaders: ["If-None-Match: \"abc\"", "Accept: text/html", "Accept: */*"])
        _ = try client.readResponse()
        let request = try #require(log.all.first)
        #expect(request.method == "GET")
        #expect(request.version == "HTTP/1.1")
        #expect(request.rawTarget == "/players/M%C3%BCller%2Fx?name=J+M%C3%BCller&sort=goals:desc&sort=name&empty")
        let target = try request.target.get()
        #expect(target.segments == ["players", "Müller/x"])
        #expect(target.value(of: "name") == "J Müller")
        #expect(target.values(of: "sort") == ["goals:desc", "name"])
        #expect(target.value(of: "empty") == "")
        #expect(request.headers["if-none-match"] == "\"abc\"")
        #expect(request.headers.values(named: "ACCEPT") == ["text/html", "*/*"])
    }

    @Test func anUndecodableTargetReachesTheWorkerAsAFailure() throws {
        let log = RequestLog()
        let server = try startServer { FixedWorker(log: log) }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        let requestLine = Array("GET /players?name=%ZZ&x=".utf8) + [0xFF] + Array(" HTTP/1.1\r\n".utf8)
        try client.send(bytes: requestLine + Array("Host: x\r\n\r\n".utf8))
        _ = try client.readResponse()
        let request = try #require(log.all.first)
        #expect(throws: HTTPTargetError(.invalidPercentEscape("%ZZ"), at: 14)) { try request.target.get() }
    }

    /// libmicrohttpd's own check (in its strict mode) sent the headers of its 400 twice.
    @Test func anHTTP11RequestWithoutHostIsAnsweredOne400() throws {
        let log = RequestLog()
        let server = try startServer { FixedWorker(log: log) }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.send("GET /players HTTP/1.1\r\nAccept: */*\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.text == "the request has no Host header, which HTTP/1.1 requires\n")
        #expect(try client.readToEnd() == [])
        #expect(log.all.isEmpty)
        // HTTP/1.0 has no Host to require.
        let old = try TestClient(port: server.port)
        try old.send("GET /players HTTP/1.0\r\n\r\n")
        #expect(try old.readResponse().status == 200)
    }

    /// A space in the target made libmicrohttpd (in its strict mode) close the connection without a byte.
    @Test(arguments: [("/a b", 0x20, 2), ("/a\tb", 0x09, 2), ("/players?name=a b&x=1", 0x20, 15)])
    func aSpaceOrTabInTheTargetReachesTheWorkerAsAFailure(target: String, byte: UInt8, offset: Int) throws {
        let log = RequestLog()
        let server = try startServer { FixedWorker(log: log) }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        let request = try #require(log.all.first)
        #expect(request.rawTarget == target)
        #expect(throws: HTTPTargetError(.invalidCharacter(byte), at: offset)) { try request.target.get() }
    }

    @Test func responseHeadersAndStatusArriveAsGiven() throws {
        let server = try startServer {
            ClosureWorker { _ in
                var headers: HTTPHeaders = ["Content-Type": "application/json", "ETag": "\"v1\""]
                headers.add("Link", "</players?page=2>; rel=\"next\"")
                headers.add("Access-Control-Allow-Origin", "*")
                headers.add("Cache-Control", "no-cache")
                return HTTPResponse(status: .notFound, headers: headers, body: .text("{\"error\":\"no such player\"}"))
            }
        }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request("GET", "/players/99")
        let response = try client.readResponse()
        #expect(response.status == 404)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers["ETag"] == "\"v1\"")
        #expect(response.headers["Link"] == "</players?page=2>; rel=\"next\"")
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        #expect(response.headers["Cache-Control"] == "no-cache")
        #expect(response.headers["Date"] != nil)
        #expect(response.text == "{\"error\":\"no such player\"}")
    }

    @Test(arguments: [("X-Evil", "a\r\nSet-Cookie: x=1"), ("Bad Name", "v"), ("Content-Length", "3"), ("X-Empty", "")])
    func aResponseWithAnInvalidHeaderBecomesA500(name: String, value: String) throws {
        let messages = MessageLog()
        let server = try startServer(configure: { $0.log = messages.record }) {
            ClosureWorker { _ in
                var response = HTTPResponse(body: .text("secret"))
                response.headers.add(name, value)
                return response
            }
        }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request("GET", "/")
        let response = try client.readResponse()
        #expect(response.status == 500)
        #expect(response.headers["Set-Cookie"] == nil)
        #expect(response.text == "internal server error\n")
        #expect(messages.all.contains { $0.hasPrefix("answered 500 instead: the response header") })
    }

    // MARK: - Streamed bodies

    @Test func aStreamedBodyIsSentInChunksInFlatMemory() throws {
        // 40 MiB, more than the kernel's socket buffers hold on both ends: a server that produced the body ahead
        // of the client would be caught producing far more than the client read.
        let total = 40 << 20
        let stream = PatternStream(total: total)
        let server = try startServer {
            ClosureWorker { _ in
                stream.noteWorkerThread()
                return HTTPResponse(headers: ["Content-Type": "application/x-ndjson"], body: .stream(stream))
            }
        }
        defer { server.stop() }
        let client = try TestClient(port: server.port, receiveBuffer: 64 * 1024)
        try client.request("GET", "/players?format=ndjson")
        let head = try client.readHead()
        #expect(head.status == 200)
        #expect(head.headers["Transfer-Encoding"] == "chunked")
        #expect(head.headers["Content-Length"] == nil)

        var received = 0
        var pattern = PatternStream.Checker()
        var producedWhileStalled: Int?
        try client.readChunks { bytes in
            if producedWhileStalled == nil {
                // Stop reading until the server stops producing: it must wait for the client.
                var last = -1
                while stream.produced != last {
                    last = stream.produced
                    for _ in 0..<100 { sleepBriefly() }
                }
                producedWhileStalled = last
            }
            pattern.check(bytes)
            received += bytes.count
        }
        #expect(received == total)
        #expect(pattern.mismatches == 0)
        #expect(try #require(producedWhileStalled) < total / 2)
        #expect(waitUntil { stream.closeCount == 1 })
        #expect(stream.readThreads == [stream.workerThread])
        // Pieces are as large as the connection's memory leaves room for (the library rounds it up to pages).
        #expect(stream.largestBuffer <= HTTPRequestLimits().connectionMemoryBytes + 4096)
        #expect(stream.reads > 100)
    }

    @Test func anHTTP10ClientGetsAStreamEndedByTheClose() throws {
        let stream = PatternStream(total: 100_000)
        let server = try startServer { ClosureWorker { _ in HTTPResponse(body: .stream(stream)) } }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.send("GET /players?format=csv HTTP/1.0\r\n\r\n")
        let head = try client.readHead()
        #expect(head.status == 200)
        #expect(head.headers["Transfer-Encoding"] == nil)
        #expect(head.headers["Content-Length"] == nil)
        var pattern = PatternStream.Checker()
        let body = try client.readToEnd()
        pattern.check(body)
        #expect(body.count == 100_000)
        #expect(pattern.mismatches == 0)
    }

    @Test func aStreamIsClosedWhenTheClientGoesAway() throws {
        let stream = PatternStream(total: 1 << 30)
        let server = try startServer {
            ClosureWorker { _ in
                stream.noteWorkerThread()
                return HTTPResponse(body: .stream(stream))
            }
        }
        defer { server.stop() }
        var client: TestClient? = try TestClient(port: server.port)
        try client?.request("GET", "/players?format=csv")
        _ = try client?.readHead()
        _ = try client?.read(upTo: 100)
        client = nil
        #expect(waitUntil { stream.closeCount == 1 })
        #expect(stream.produced < 1 << 30)
        #expect(stream.closeThreads == [stream.workerThread])
        #expect(waitUntil { server.requestsInFlight == 0 })
    }

    @Test func aStreamThatFailsCutsTheResponseOff() throws {
        let messages = MessageLog()
        let server = try startServer(configure: { $0.log = messages.record }) {
            ClosureWorker { _ in
                var pieces = 3
                return HTTPResponse(
                    body: .stream(
                        HTTPChunkStream(next: {
                            pieces -= 1
                            if pieces < 0 { throw TestClient.Failure(description: "disk on fire") }
                            return Array(repeating: UInt8(ascii: "x"), count: 1000)
                        })))
            }
        }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request("GET", "/")
        _ = try client.readHead()
        var received = 0
        #expect(throws: TestClient.Failure.self) { try client.readChunks { received += $0.count } }
        #expect(received == 3000)
        #expect(messages.all.contains("a streamed body failed and was cut off: disk on fire"))
    }

    @Test(arguments: [("HEAD", 200), ("GET", 304)])
    func aStreamedResponseWithoutBodyClosesTheStreamUnreadAndEndsCleanly(method: String, status: Int) throws {
        let stream = PatternStream(total: 1000)
        let server = try startServer {
            ClosureWorker { _ in
                HTTPResponse(status: HTTPStatus(code: status), headers: ["ETag": "\"v1\""], body: .stream(stream))
            }
        }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request(method, "/players?format=ndjson")
        let response = try client.readResponse(head: true)
        #expect(response.status == status)
        #expect(response.headers["ETag"] == "\"v1\"")
        #expect(response.headers["Content-Length"] == nil)
        #expect(response.headers["Transfer-Encoding"] == nil)
        // Nothing follows the headers (libmicrohttpd 0.9.75 would send a last chunk here), and the connection
        // ends, as a response without length must.
        #expect(try client.readToEnd() == [])
        #expect(waitUntil { stream.closeCount == 1 })
        #expect(stream.produced == 0)
    }

    @Test func notModifiedWithTheBodyOfA200KeepsTheConnection() throws {
        let server = try startServer {
            ClosureWorker { request in
                let notModified = request.headers["If-None-Match"] == "\"v1\""
                return HTTPResponse(
                    status: notModified ? .notModified : .ok, headers: ["ETag": "\"v1\""],
                    body: .text("twelve bytes"))
            }
        }
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        try client.request("GET", "/players/1", extraHeaders: ["If-None-Match: \"v1\""])
        let notModified = try client.readResponse()
        #expect(notModified.status == 304)
        #expect(notModified.headers["Content-Length"] == "12")
        try client.request("GET", "/players/1")
        #expect(try client.readResponse().text == "twelve bytes")
    }

    // MARK: - Workers and threads

    @Test func eachWorkerIsCalledOnItsOwnThreadOnly() throws {
        let workers = WorkerRegistry()
        let server = try startServer(threads: 4) { workers.make() }
        defer { server.stop() }
        // Many connections at once, from several threads, so that the pool's threads share them out.
        let clients = 16
        let failures = Locked(0)
        let gate = Gate()
        let threads = (0..<clients).map { _ in
            spawn {
                gate.pass()
                do {
                    let client = try TestClient(port: server.port)
                    for index in 0..<20 {
                        try client.request("GET", "/\(index)")
                        guard try client.readResponse().status == 200 else { throw TestClient.Failure(description: "") }
                    }
                } catch {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        #expect(gate.waitForArrivals(clients))
        gate.open()
        threads.forEach { pthread_join($0, nil) }
        #expect(failures.withLock { $0 } == 0)
        #expect(workers.created == 4)
        let used = workers.threadsByWorker.filter { !$0.isEmpty }
        #expect(!used.isEmpty)
        #expect(used.allSatisfy { $0.count == 1 }, "a worker was called on several threads: \(used)")
        #expect(Set(used.flatMap { $0 }).count == used.count, "two workers shared a thread")
        #expect(used.flatMap { $0 }.allSatisfy { $0 != currentThread() })
        #expect(workers.requests == clients * 20)
    }

    @Test func workerThreadsBlockAsynchronousSignals() throws {
        let workerBlocks = Locked<Bool?>(nil)
        let starterBlocks = Locked<Bool?>(nil)
        let failure = Locked<String?>(nil)
        // Started from a thread where SIGINT and SIGTERM are not blocked, as rosterdb's main thread; the test
        // runner's own threads block them already.
        let starter = spawn {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGINT)
            sigaddset(&signals, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            do {
                let server = try startServer(threads: 1) {
                    ClosureWorker { _ in
                        var mask = sigset_t()
                        pthread_sigmask(SIG_BLOCK, nil, &mask)
                        workerBlocks.withLock {
                            $0 = sigismember(&mask, SIGTERM) == 1 && sigismember(&mask, SIGINT) == 1
                        }
                        return HTTPResponse()
                    }
                }
                defer { server.stop() }
                let client = try TestClient(port: server.port)
                try client.request("GET", "/")
                _ = try client.readResponse()
                var mask = sigset_t()
                pthread_sigmask(SIG_BLOCK, nil, &mask)
                starterBlocks.withLock { $0 = sigismember(&mask, SIGTERM) == 1 || sigismember(&mask, SIGINT) == 1 }
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
        }
        pthread_join(starter, nil)
        #expect(failure.withLock { $0 } == nil)
        #expect(workerBlocks.withLock { $0 } == true)
        #expect(starterBlocks.withLock { $0 } == false)
    }

    @Test func aWorkerThatCannotBeMadeStopsTheStart() throws {
        var made = 0
        #expect(throws: TestClient.Failure(description: "no database")) {
            try startServer(threads: 3) {
                made += 1
                if made == 2 { throw TestClient.Failure(description: "no database") }
                return FixedWorker()
            }
        }
    }

    // MARK: - Lifecycle

    /// Sends `target` to a server whose worker holds the request at `gate`, stops the server meanwhile and checks
    /// that the stop refuses new connections at once but waits for the request; returns what the client then reads,
    /// once the stop has returned.
    private func stopWhileHeld(
        at gate: Gate, target: String, makeWorker: () -> any HTTPWorker
    ) throws -> (response: TestClient.Response, client: TestClient) {
        let server = try startServer(makeWorker: makeWorker)
        let port = server.port
        let client = try TestClient(port: port)
        try client.request("GET", target)
        #expect(gate.waitForArrivals(1))

        let stopped = Locked(false)
        let stopper = spawn {
            server.stop()
            stopped.withLock { $0 = true }
        }
        // New connections are refused as soon as the server stops accepting, while the request is still held.
        #expect(waitUntil { !TestClient.canConnect(to: port) })
        #expect(server.requestsInFlight == 1)
        #expect(stopped.withLock { $0 } == false)
        gate.open()
        let response = try client.readResponse()
        pthread_join(stopper, nil)
        #expect(stopped.withLock { $0 })
        #expect(server.requestsInFlight == 0)
        return (response, client)
    }

    @Test func stopFinishesRequestsInFlightAndRefusesNewConnections() throws {
        let gate = Gate()
        let (response, client) = try stopWhileHeld(at: gate, target: "/slow") {
            ClosureWorker { request in
                gate.pass()
                return HTTPResponse(body: .text("finished \(request.rawTarget)"))
            }
        }
        #expect(response.status == 200)
        #expect(response.text == "finished /slow")
        #expect(response.headers["Connection"] == "close")
        #expect(client.isClosedByServer())
    }

    @Test func stopFinishesABodyStreamedInFlight() throws {
        // A stream whose second part waits at the gate: it is still being sent when the server is told to stop.
        let gate = Gate()
        let stream = TwoPartStream(first: "part one\n", second: "part two\n", gate: gate)
        let (response, _) = try stopWhileHeld(at: gate, target: "/players.ndjson") {
            ClosureWorker { _ in HTTPResponse(body: .stream(stream)) }
        }
        #expect(response.status == 200)
        #expect(response.text == "part one\npart two\n")
    }

    @Test func stopClosesIdleKeepAliveConnections() throws {
        let server = try startServer { FixedWorker() }
        let client = try TestClient(port: server.port)
        try client.request("GET", "/")
        _ = try client.readResponse()
        server.stop()
        #expect(client.isClosedByServer())
        server.stop()
    }

    @Test func stopGivesUpOnARequestThatOutlastsTheGrace() throws {
        // A body that never ends, to a client that reads nothing: the request would be in flight for ever.
        let stream = PatternStream(total: .max)
        let server = try startServer(configure: { $0.stopGraceSeconds = 0 }) {
            ClosureWorker { _ in
                HTTPResponse(body: .stream(stream))
            }
        }
        let client = try TestClient(port: server.port, receiveBuffer: 4096)
        try client.request("GET", "/")
        #expect(waitUntil { stream.produced > 0 })
        #expect(server.requestsInFlight == 1)
        server.stop()
        #expect(server.requestsInFlight == 0)
        #expect(stream.closeCount == 1)
        #expect(throws: TestClient.Failure.self) { try client.readResponse() }
    }

    @Test func thePortIsReportedAndAPortInUseIsAClearError() throws {
        let first = try startServer { FixedWorker() }
        defer { first.stop() }
        #expect(first.port != 0)
        #expect(first.endpoint == "127.0.0.1:\(first.port)")
        let error = try #require(throws: HTTPServerError.self) {
            try startServer(configure: { $0.port = first.port }) { FixedWorker() }
        }
        #expect(error == .cannotListen(endpoint: "127.0.0.1:\(first.port)", errno: EADDRINUSE))
        #expect(error.description == "cannot listen on 127.0.0.1:\(first.port): the port is already in use")
        #expect(error.category == .io)
        // The first server is unharmed.
        let client = try TestClient(port: first.port)
        try client.request("GET", "/")
        #expect(try client.readResponse().status == 200)
    }

    @Test func anAddressThisMachineLacksIsAClearError() throws {
        // 192.0.2.1 is reserved for documentation (RFC 5737): no machine has it.
        let error = try #require(throws: HTTPServerError.self) {
            try startServer(configure: { $0.address = "192.0.2.1" }) { FixedWorker() }
        }
        #expect(error.description.hasPrefix("cannot listen on 192.0.2.1:0: this machine has no such address"))
    }

    @Test(arguments: ["", "localhost.", "example.org", "127.0.0.1:80", "1.2.3", "http://127.0.0.1"])
    func anAddressThatIsNotDigitsIsRefused(address: String) throws {
        let error = try #require(throws: HTTPServerError.self) {
            try startServer(configure: { $0.address = address }) { FixedWorker() }
        }
        #expect(error == .invalidAddress(address))
        #expect(error.category == .usage)
    }

    /// What users type for this machine.
    @Test func localhostIsTheIPv4Loopback() throws {
        let server = try startServer(configure: { $0.address = "localhost" }) { FixedWorker() }
        defer { server.stop() }
        #expect(server.endpoint == "localhost:\(server.port)")
        #expect(server.libraryFlags & MHD_USE_IPv6.rawValue == 0)
    }

    @Test func ipv6LoopbackWorksWhereTheMachineHasIt() throws {
        let server: HTTPServer
        do {
            server = try startServer(configure: { $0.address = "::1" }) { FixedWorker() }
        } catch HTTPServerError.cannotListen(_, EADDRNOTAVAIL), HTTPServerError.cannotListen(_, EAFNOSUPPORT) {
            return
        }
        defer { server.stop() }
        #expect(server.endpoint == "[::1]:\(server.port)")
        #expect(server.libraryFlags & MHD_USE_IPv6.rawValue != 0)
    }

    @Test func anInvalidConfigurationIsRefused() throws {
        #expect(throws: HTTPServerError.invalidConfiguration("threads must be between 1 and 256, not 0")) {
            try startServer(threads: 0) { FixedWorker() }
        }
    }

    @Test func theLibraryIsNeverAskedForTLS() throws {
        // Every GnuTLS call in libmicrohttpd but its constructor's is guarded by MHD_USE_TLS; the static release
        // binary has stubs in place of GnuTLS (Sources/CGnuTLSStubs), sound only while this flag stays off.
        let server = try startServer { FixedWorker() }
        defer { server.stop() }
        let flags = server.libraryFlags
        #expect(flags & MHD_USE_EPOLL.rawValue != 0)
        #expect(flags & MHD_USE_TLS.rawValue == 0)
    }

    @Test func aKeepAliveExchangeWithCurl() throws {
        let server = try startServer { EchoWorker() }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        // curl reuses the connection for the second URL: it reports no new connection for it.
        let output = try runCurl([
            "--silent", "--show-error", "--write-out", " %{num_connects}\n",
            "\(base)/players?a=1", "\(base)/players?b=2",
        ])
        #expect(output == "GET /players?a=1 1\nGET /players?b=2 0\n")
    }
}
