import RosterHTTP
import Testing

@Suite struct HTTPTargetTests {
    private func parse(_ raw: String) throws -> HTTPTarget {
        try HTTPTarget.parse(Array(raw.utf8)).get()
    }

    private func error(_ raw: [UInt8]) -> HTTPTargetError? {
        guard case .failure(let error) = HTTPTarget.parse(raw) else { return nil }
        return error
    }

    private func error(_ raw: String) -> HTTPTargetError? {
        error(Array(raw.utf8))
    }

    // MARK: - Paths

    @Test(arguments: [
        ("/", "/", [String]()),
        ("/players", "/players", ["players"]),
        ("/players/", "/players/", ["players", ""]),
        ("//a", "//a", ["", "a"]),
        ("/players/M%C3%BCller", "/players/Müller", ["players", "Müller"]),
        ("/players/m%c3%bcller", "/players/müller", ["players", "müller"]),
        ("/a%2Fb/c", "/a/b/c", ["a/b", "c"]),
        ("/a+b", "/a+b", ["a+b"]),
        ("/%25", "/%", ["%"]),
        ("/손흥민", "/손흥민", ["손흥민"]),
        ("/a/../b", "/a/../b", ["a", "..", "b"]),
    ])
    func pathsAreDecodedSegmentBySegment(raw: String, path: String, segments: [String]) throws {
        let target = try parse(raw)
        #expect(target.rawPath == raw)
        #expect(target.path == path)
        #expect(target.segments == segments)
        #expect(target.rawQuery == nil)
        #expect(target.query.isEmpty)
    }

    // MARK: - Queries

    @Test func queryParametersKeepTheirOrderAndRepeats() throws {
        let target = try parse("/players?name=J+M%C3%BCller&sort=goals%3Adesc&flag&=v&a=1=2&&x=&sort=name")
        #expect(target.rawPath == "/players")
        #expect(target.rawQuery == "name=J+M%C3%BCller&sort=goals%3Adesc&flag&=v&a=1=2&&x=&sort=name")
        #expect(
            target.query.map(\.description)
                == ["name=J Müller", "sort=goals:desc", "flag=", "=v", "a=1=2", "x=", "sort=name"])
        #expect(target.value(of: "name") == "J Müller")
        #expect(target.values(of: "sort") == ["goals:desc", "name"])
        #expect(target.value(of: "flag") == "")
        #expect(target.value(of: "missing") == nil)
        #expect(target.value(of: "NAME") == nil)
    }

    @Test(arguments: [
        ("/p?%2B=%2B", "+", "+"),
        ("/p?a+b=c+d", "a b", "c d"),
        ("/p?q=%20%09", "q", " \t"),
        ("/p?q=%00", "q", "\0"),
        ("/p?q=%F0%9F%98%80", "q", "😀"),
        ("/p?q=a%26b%3Dc", "q", "a&b=c"),
        ("/p?q=?", "q", "?"),
    ])
    func queryNamesAndValuesAreDecoded(raw: String, name: String, value: String) throws {
        #expect(try parse(raw).query == [HTTPQueryItem(name: name, value: value)])
    }

    @Test func anEmptyQueryIsThereButHasNoParameters() throws {
        let target = try parse("/players?")
        #expect(target.rawQuery == "")
        #expect(target.query.isEmpty)
        #expect(try parse("/players?&&").query.isEmpty)
    }

    // MARK: - Forms of target

    @Test(arguments: [
        ("http://localhost:8080/players?x=1", "/players", ["players"]),
        ("HTTP://localhost/a%20b", "/a b", ["a b"]),
        ("http://localhost", "/", [String]()),
        ("http://localhost?x=1", "/", [String]()),
        ("https://user@[::1]:80/p", "/p", ["p"]),
    ])
    func theAbsoluteFormLosesItsSchemeAndAuthority(raw: String, path: String, segments: [String]) throws {
        let target = try parse(raw)
        #expect(target.path == path)
        #expect(target.segments == segments)
    }

    /// The authority is the host the request is for (RFC 9112 §3.2.2): a server that checks the Host header must
    /// check it too.
    @Test(arguments: [
        ("http://evil.example/api/players", "evil.example"),
        ("http://localhost:8080/players?x=1", "localhost:8080"),
        ("http://localhost?x=1", "localhost"),
        ("https://user@[::1]:80/p", "user@[::1]:80"),
        ("http:///p", ""),
    ])
    func theAbsoluteFormKeepsItsAuthorityApart(raw: String, authority: String) throws {
        #expect(try parse(raw).authority == authority)
        #expect(try parse("/p?x=http://evil.example/").authority == nil)
    }

    @Test func theAbsoluteFormKeepsItsQuery() throws {
        let target = try parse("http://localhost?x=1")
        #expect(target.rawPath == "/")
        #expect(target.query == [HTTPQueryItem(name: "x", value: "1")])
    }

    @Test(arguments: ["*", "localhost:8080", "", "players", "1http://x/", "http:/x", "?x=1"])
    func targetsThatAreNotPathsAreRefused(raw: String) {
        #expect(error(raw) == HTTPTargetError(.notAPath(raw), at: 0))
    }

    // MARK: - What cannot be decoded

    @Test(arguments: [
        ("/a%", "%", 2),
        ("/a%4", "%4", 2),
        ("/a%4G", "%4G", 2),
        ("/a%G4", "%G4", 2),
        ("/%%41", "%%4", 1),
        ("/p?x=%zz", "%zz", 5),
        ("/p?x=100%", "%", 8),
        ("/p?x%=1", "%", 4),
        ("/ok?x=1&y=%+1", "%+1", 10),
    ])
    func anInvalidPercentEscapeIsRefused(raw: String, escape: String, offset: Int) {
        #expect(error(raw) == HTTPTargetError(.invalidPercentEscape(escape), at: offset))
    }

    @Test(arguments: [
        ("/caf%E9", HTTPTargetError.Component.path, 1),
        ("/ok/caf%E9/x", .path, 4),
        ("/p?n%FF=1", .queryName(1), 3),
        ("/p?a=1&b=%C0%AF", .queryValue(2), 9),
        ("/p?a=1&&b=%ED%A0%80", .queryValue(2), 10),
        ("/p?x=%F4%90%80%80", .queryValue(1), 5),
        ("/p?x=%C3", .queryValue(1), 5),
    ])
    func bytesThatAreNotUTF8OnceDecodedAreRefused(raw: String, component: HTTPTargetError.Component, offset: Int) {
        #expect(error(raw) == HTTPTargetError(.notUTF8(component), at: offset))
    }

    @Test func rawBytesThatAreNotUTF8AreRefused() {
        #expect(error(Array("/caf".utf8) + [0xE9]) == HTTPTargetError(.notUTF8(.path), at: 1))
        #expect(error(Array("/p?q=".utf8) + [0xC3, 0x28]) == HTTPTargetError(.notUTF8(.queryValue(1)), at: 5))
    }

    @Test(arguments: [
        (Array("/a b".utf8), 0x20, 2), (Array("/a".utf8) + [0x07], 0x07, 2),
        ([0x00] + Array("/a".utf8), 0x00, 0), (Array("/p?q=\u{7F}".utf8), 0x7F, 5),
        (Array("/p\r\nX: y".utf8), 0x0D, 2),
    ])
    func controlCharactersAndSpacesAreRefused(raw: [UInt8], byte: UInt8, offset: Int) {
        #expect(error(raw) == HTTPTargetError(.invalidCharacter(byte), at: offset))
    }

    // MARK: - Messages

    @Test(arguments: [
        ("*", "the request target \"*\" is not a path (it must start with \"/\")"),
        (
            "/p?x=%zz",
            "the request target holds \"%zz\" at byte 6, which is not a percent-escape (a % must be "
                + "followed by two hexadecimal digits; a literal % is written %25)"
        ),
        ("/caf%E9", "a segment of the path in the request target (from byte 2) is not UTF-8 once decoded"),
        (
            "/p?a=1&b=%C0%AF",
            "the value of query parameter 2 in the request target (from byte 10) is not UTF-8 once "
                + "decoded"
        ),
        ("/p?n%FF=1", "the name of query parameter 1 in the request target (from byte 4) is not UTF-8 once decoded"),
        ("/a b", "the request target holds a space at byte 3; it must be percent-encoded (%20)"),
        ("/a\t", "the request target holds the control character 0x09 at byte 3; it must be percent-encoded (%09)"),
    ])
    func errorsDescribeTheProblemAndWhere(raw: String, message: String) {
        #expect(error(raw)?.description == message)
    }

    @Test func aLongTargetThatIsNotAPathIsQuotedShort() {
        let raw = "x" + String(repeating: "y", count: 100)
        #expect(error(raw) == HTTPTargetError(.notAPath(String(raw.prefix(64))), at: 0))
    }

    // MARK: - Requests

    @Test func aRequestKeepsTheRawTargetBesideTheParsedOne() throws {
        let request = HTTPRequest(method: "GET", rawTarget: "/players?name=M%C3%BCller")
        #expect(request.rawTarget == "/players?name=M%C3%BCller")
        #expect(try request.target.get().value(of: "name") == "Müller")
        #expect(!request.isHead)
        #expect(HTTPRequest(method: "HEAD", rawTarget: "/").isHead)
    }

    @Test func aRequestWhoseTargetIsNotUTF8ShowsReplacementCharactersAndFails() {
        let request = HTTPRequest(method: "GET", rawTarget: Array("/caf".utf8) + [0xE9])
        #expect(request.rawTarget == "/caf\u{FFFD}")
        #expect(throws: HTTPTargetError(.notUTF8(.path), at: 1)) { try request.target.get() }
    }
}
