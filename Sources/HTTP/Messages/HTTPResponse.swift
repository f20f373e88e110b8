/// A response as a handler makes it: a status, header fields and a body.
///
/// The server writes the status line, Date, Content-Length or Transfer-Encoding, and Connection itself; a HEAD
/// request gets the same headers without the body, and so does a status that has none (304): give such a response
/// the body of the 200 it stands for, whose length it then carries.
package struct HTTPResponse {
    package var status: HTTPStatus
    package var headers: HTTPHeaders
    package var body: HTTPBody

    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: HTTPBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A refusal of the server's own in plain text, `message` on one line: how a server words the requests it
    /// refuses before any worker sees them unless its configuration words them otherwise
    /// (`HTTPServerConfiguration.refusal`).
    @Sendable package static func plainRefusal(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .text(message + "\n"))
    }

    /// The fields the server writes from the body and the connection's state; a response may not set them.
    package static let serverFields = ["Content-Length", "Transfer-Encoding", "Connection"]

    /// Why the headers cannot be sent as they are, or nil: a name that is not an RFC 9110 token, a value that is
    /// empty or holds a control character (a CR or LF would split the field, a NUL cut it short), or a field the
    /// server writes. The server answers 500 instead of sending such a response.
    package var headerProblem: String? {
        for field in headers {
            if let problem = Self.problem(with: field) { return problem }
        }
        return nil
    }

    private static func problem(with field: HTTPHeaders.Field) -> String? {
        let name = field.name.utf8
        let isToken =
            name.withContiguousStorageIfAvailable { $0.allSatisfy(isTokenCharacter) }
            ?? name.allSatisfy(isTokenCharacter)
        guard !name.isEmpty, isToken else {
            return "the response header name \(quoted(field.name)) is not a token"
        }
        if serverFields.contains(where: { HTTPHeaders.namesMatch($0, field.name) }) {
            return "the response header \(field.name) is written by the server"
        }
        // Empty values are refused by libmicrohttpd; HTAB is the one control character a value may hold.
        guard !field.value.isEmpty else { return "the response header \(field.name) is empty" }
        func allowed(_ byte: UInt8) -> Bool { byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }
        // Every response's every header goes through here: read in place where the String allows it.
        guard
            field.value.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(allowed) })
                ?? field.value.utf8.allSatisfy(allowed)
        else {
            return "the response header \(field.name) holds a control character: \(quoted(field.value))"
        }
        return nil
    }

    /// tchar of RFC 9110 §5.6.2.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\""
    }
}
