import Testing

@testable import RosterHTTP

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresASCIICaseAndKeepsOrder() {
        var headers: HTTPHeaders = ["Content-Type": "text/html", "accept": "a"]
        headers.add("ACCEPT", "b")
        #expect(headers["content-type"] == "text/html")
        #expect(headers["CONTENT-TYPE"] == "text/html")
        #expect(headers["Accept"] == "a")
        #expect(headers.values(named: "Accept") == ["a", "b"])
        #expect(headers.map(\.name) == ["Content-Type", "accept", "ACCEPT"])
        #expect(headers["Content-Typ"] == nil)
        #expect(headers["Content-Type "] == nil)
    }

    @Test func onlyASCIILettersFoldTheirCase() {
        #expect(HTTPHeaders.namesMatch("X-Ümlaut", "x-Ümlaut"))
        #expect(!HTTPHeaders.namesMatch("X-Ümlaut", "x-ümlaut"))
        // '@' and '`' sit next to the letters in ASCII: a fold that is not limited to A-Z would match them.
        #expect(!HTTPHeaders.namesMatch("@", "`"))
        #expect(!HTTPHeaders.namesMatch("[", "{"))
    }

    @Test func settingReplacesEveryFieldOfTheNameAtTheFirstOnesPlace() {
        var headers: HTTPHeaders = ["A": "1", "Vary": "x", "B": "2"]
        headers.add("vary", "y")
        headers["VARY"] = "z"
        #expect(
            headers.fields == [
                .init(name: "A", value: "1"), .init(name: "Vary", value: "z"),
                .init(name: "B", value: "2"),
            ])
        headers["vary"] = nil
        #expect(headers.map(\.name) == ["A", "B"])
        headers["New"] = "n"
        #expect(headers.map(\.name) == ["A", "B", "New"])
    }
}

@Suite struct HTTPResponseTests {
    private func problem(_ name: String, _ value: String) -> String? {
        HTTPResponse(headers: HTTPHeaders([.init(name: name, value: value)])).headerProblem
    }

    @Test(arguments: [
        ("ETag", "W/\"5-abc\""), ("Link", "</players?page=2>; rel=\"next\""),
        ("Content-Disposition", "attachment; filename=\"Müller.csv\""), ("X-Tab", "a\tb"),
        ("Access-Control-Allow-Origin", "*"), ("x!#$%&'*+-.^_`|~9", "v"),
    ])
    func validHeadersPass(name: String, value: String) {
        #expect(problem(name, value) == nil)
    }

    @Test(arguments: [
        ("Bad Name", "v", "the response header name \"Bad Name\" is not a token"),
        ("", "v", "the response header name \"\" is not a token"),
        ("X:Y", "v", "the response header name \"X:Y\" is not a token"),
        ("Ümlaut", "v", "the response header name \"\\u{00DC}mlaut\" is not a token"),
        (
            "X-Split", "a\r\nSet-Cookie: x=1",
            "the response header X-Split holds a control character: "
                + "\"a\\r\\nSet-Cookie: x=1\""
        ),
        ("X-Nul", "a\0b", "the response header X-Nul holds a control character: \"a\\0b\""),
        ("X-Del", "a\u{7F}", "the response header X-Del holds a control character: \"a\\u{7F}\""),
        ("X-Empty", "", "the response header X-Empty is empty"),
        ("content-length", "3", "the response header content-length is written by the server"),
        ("Transfer-Encoding", "chunked", "the response header Transfer-Encoding is written by the server"),
        ("CONNECTION", "close", "the response header CONNECTION is written by the server"),
    ])
    func invalidHeadersAreNamed(name: String, value: String, message: String) {
        #expect(problem(name, value) == message)
    }

    @Test func theFirstProblemIsReported() {
        let response = HTTPResponse(headers: ["Good": "1", "Bad Name": "2", "X-Empty": ""])
        #expect(response.headerProblem == "the response header name \"Bad Name\" is not a token")
    }
}

@Suite struct HTTPChunkStreamTests {
    @Test func piecesAreSplitAcrossBuffersAndEmptyOnesSkipped() throws {
        var pieces: [[UInt8]] = [[1, 2, 3, 4, 5], [], [6], Array(7...20)]
        var closed = 0
        let stream = HTTPChunkStream(next: { pieces.isEmpty ? nil : pieces.removeFirst() }, onClose: { closed += 1 })
        var buffer = [UInt8](repeating: 0, count: 4)
        var read: [[UInt8]] = []
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { break }
            read.append(Array(buffer[..<count]))
        }
        #expect(read == [[1, 2, 3, 4], [5], [6], [7, 8, 9, 10], [11, 12, 13, 14], [15, 16, 17, 18], [19, 20]])
        stream.close()
        #expect(closed == 1)
    }

    @Test func anErrorOfTheProducerIsThrown() {
        struct Broken: Error {}
        let stream = HTTPChunkStream(next: { throw Broken() })
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(throws: Broken.self) { _ = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) } }
    }
}

@Suite struct HTTPRequestLimitsTests {
    private let limits = HTTPRequestLimits()

    private func request(target: String = "/", headers: HTTPHeaders = ["Host": "localhost"]) -> HTTPRequest {
        HTTPRequest(method: "GET", rawTarget: target, headers: headers)
    }

    @Test func requestsAtTheLimitsPass() {
        // "GET " + target + " HTTP/1.1" is 13 bytes besides the target.
        #expect(limits.violation(by: request(target: "/" + String(repeating: "a", count: 8192 - 14))) == nil)
        let parameters = "/?" + Array(repeating: "a", count: 100).joined(separator: "&")
        #expect(limits.violation(by: request(target: parameters)) == nil)
        // Each field counts its name, ": ", its value and CRLF: 99 fields of 82 bytes and one of 74 make 8192.
        var fields = HTTPHeaders(
            Array(
                repeating: .init(name: "X", value: String(repeating: "v", count: 77)),
                count: 99))
        fields.add("X", String(repeating: "v", count: 69))
        #expect(limits.violation(by: request(headers: fields)) == nil)
        fields.add("X", "")
        #expect(limits.violation(by: request(headers: fields)) == .headerFields(101))
    }

    /// Empty pieces are no parameters, as `HTTPTarget` reads the query: 1,000 `&` are none.
    @Test func emptyPiecesOfTheQueryAreNotParameters() {
        #expect(limits.violation(by: request(target: "/?" + String(repeating: "&", count: 1_000))) == nil)
        let spaced = "/?" + Array(repeating: "a=1", count: 100).joined(separator: "&&") + "&"
        #expect(limits.violation(by: request(target: spaced)) == nil)
        #expect(limits.violation(by: request(target: spaced + "&b")) == .queryParameters(101))
    }

    @Test func eachLimitIsNamedWithTheSize() {
        #expect(
            limits.violation(by: request(target: "/" + String(repeating: "a", count: 8192 - 13)))
                == .requestLine(8193))
        #expect(
            limits.violation(by: request(target: "/?" + Array(repeating: "a", count: 101).joined(separator: "&")))
                == .queryParameters(101))
        let fields = HTTPHeaders(Array(repeating: .init(name: "X", value: "v"), count: 101))
        #expect(limits.violation(by: request(headers: fields)) == .headerFields(101))
        #expect(
            limits.violation(by: request(headers: ["X": String(repeating: "v", count: 8192 - 4)]))
                == .headerBytes(8193))
    }

    @Test func theResponsesSayWhichLimit() {
        let line = limits.response(to: .requestLine(9000))
        #expect(line.status == .uriTooLong)
        #expect(line.headers["Content-Type"] == "text/plain; charset=utf-8")
        guard case .bytes(let body) = limits.response(to: .headerFields(200)).body else {
            Issue.record("not a body of bytes")
            return
        }
        #expect(String(decoding: body, as: UTF8.self) == "the request has 200 header fields; the limit is 100\n")
        #expect(limits.response(to: .headerBytes(9000)).status == .requestHeaderFieldsTooLarge)
        #expect(limits.response(to: .queryParameters(101)).status == .uriTooLong)
    }

    @Test func theConnectionMemoryGrowsWithTheLimits() {
        #expect(limits.connectionMemoryBytes == 8192 + 8192 + 64 * 100 + 16384)
        var small = HTTPRequestLimits()
        small.requestLineBytes = 100
        small.headerBytes = 100
        small.queryParameters = 1
        small.headerFields = 1
        #expect(small.connectionMemoryBytes == 32 * 1024)
    }
}
