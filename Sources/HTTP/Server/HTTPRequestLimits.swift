/// Caps on the head of a request (its line and headers), checked before any worker sees it: a request over one is
/// answered 414 (request line, query parameters) or 431 (headers) and its connection closed.
///
/// They also size each connection's memory, where libmicrohttpd keeps the request it parses (with 56 bytes of
/// bookkeeping per header field; the query it is kept from parsing, see `cmhd_leave_query_unparsed`) and builds the
/// response's headers and chunks. Within the caps a request always leaves room for its response. A request larger
/// than the connection's memory is answered 414 or 431 by the library itself; one that fills it to within a few
/// hundred bytes of its end may be closed without an answer, libmicrohttpd 0.9.75 having no room left to write one.
package struct HTTPRequestLimits: Sendable, Equatable {
    /// Bytes of the request line: method, target and version.
    package var requestLineBytes = 8 * 1024
    /// Query parameters: the pieces between `&` that hold anything (`a=1&&b=2` has two), as `HTTPTarget` reads them.
    package var queryParameters = 100
    /// Bytes of the header fields, counted as sent (`Name: value` and CRLF).
    package var headerBytes = 8 * 1024
    /// Header fields.
    package var headerFields = 100

    package init() {}

    /// The connection memory these caps need: the request line and headers, the library's bookkeeping for each
    /// field, and room for the response's headers and the chunks of a streamed body. At least 32 KiB, the library's
    /// default.
    var connectionMemoryBytes: Int {
        let bookkeeping = 64 * headerFields
        return max(32 * 1024, requestLineBytes + headerBytes + bookkeeping + 16 * 1024)
    }

    /// Why the caps cannot be used, or nil.
    var problem: String? {
        for (name, value, maximum) in [
            ("requestLineBytes", requestLineBytes, 1 << 20),
            ("queryParameters", queryParameters, 10_000),
            ("headerBytes", headerBytes, 1 << 20), ("headerFields", headerFields, 10_000),
        ]
        where !(1...maximum).contains(value) {
            return "limits.\(name) must be between 1 and \(maximum), not \(value)"
        }
        return nil
    }

    // MARK: - Checking

    /// A cap `request` goes over, or nil.
    package func violation(by request: HTTPRequest) -> Violation? {
        let requestLine = request.method.utf8.count + 1 + request.rawTarget.utf8.count + 1 + request.version.utf8.count
        if requestLine > requestLineBytes { return .requestLine(requestLine) }
        let parameters = Self.queryParameterCount(request.rawTarget)
        if parameters > queryParameters { return .queryParameters(parameters) }
        if request.headers.fields.count > headerFields { return .headerFields(request.headers.fields.count) }
        let headers = request.headers.reduce(0) { $0 + $1.name.utf8.count + 2 + $1.value.utf8.count + 2 }
        if headers > headerBytes { return .headerBytes(headers) }
        return nil
    }

    /// What a request went over, with its size.
    package enum Violation: Sendable, Equatable {
        case requestLine(Int)
        case queryParameters(Int)
        case headerBytes(Int)
        case headerFields(Int)
    }

    /// The response to a request that went over a cap: 414 or 431, saying which cap, worded by `refusal`.
    package func response(
        to violation: Violation,
        _ refusal: (HTTPStatus, String) -> HTTPResponse = HTTPResponse.plainRefusal
    ) -> HTTPResponse {
        let (status, message) =
            switch violation {
            case .requestLine(let size):
                (HTTPStatus.uriTooLong, "the request line is \(size) bytes long; the limit is \(requestLineBytes)")
            case .queryParameters(let count):
                (.uriTooLong, "the query has \(count) parameters; the limit is \(queryParameters)")
            case .headerBytes(let size):
                (.requestHeaderFieldsTooLarge, "the headers are \(size) bytes long; the limit is \(headerBytes)")
            case .headerFields(let count):
                (.requestHeaderFieldsTooLarge, "the request has \(count) header fields; the limit is \(headerFields)")
            }
        return refusal(status, message)
    }

    /// The parameters of the query: its `&`-separated pieces after the `?` that are not empty.
    private static func queryParameterCount(_ rawTarget: String) -> Int {
        guard let mark = rawTarget.utf8.firstIndex(of: UInt8(ascii: "?")) else { return 0 }
        return rawTarget.utf8[rawTarget.utf8.index(after: mark)...].split(separator: UInt8(ascii: "&")).count
    }
}
