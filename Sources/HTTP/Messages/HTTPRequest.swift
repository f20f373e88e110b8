/// A request as a handler sees it: the method, the target (raw, and decoded or the reason it cannot be), and the
/// header fields, and the body when the worker asked for it (`HTTPWorker.respond(beforeBody:)`).
package struct HTTPRequest: Sendable, Equatable {
    /// The method exactly as sent (`GET`, `HEAD`, `POST`…); the server passes every method through, and a handler
    /// answers 405 to those it does not serve.
    package let method: String
    /// The target exactly as sent (`/players?name=M%C3%BCller`); bytes that are not UTF-8 show as U+FFFD here,
    /// and make `target` a failure.
    package let rawTarget: String
    /// The target split and decoded, or why it cannot be (answer 400 with the error's description).
    package let target: Result<HTTPTarget, HTTPTargetError>
    /// The protocol version from the request line (`HTTP/1.1`).
    package let version: String
    package let headers: HTTPHeaders
    /// The body, received whole; nil when the request has none or the worker answered before it was read.
    package internal(set) var body: HTTPRequestBody?

    /// A request whose target is `rawTarget`, parsed by `HTTPTarget.parse`.
    package init(
        method: String, rawTarget: [UInt8], version: String = "HTTP/1.1",
        headers: HTTPHeaders = [:], body: HTTPRequestBody? = nil
    ) {
        self.method = method
        self.rawTarget = String(decoding: rawTarget, as: UTF8.self)
        self.target = HTTPTarget.parse(rawTarget)
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// A request for `rawTarget`, given as text (for tests and callers that build requests themselves).
    package init(
        method: String, rawTarget: String, version: String = "HTTP/1.1", headers: HTTPHeaders = [:],
        body: HTTPRequestBody? = nil
    ) {
        self.init(method: method, rawTarget: Array(rawTarget.utf8), version: version, headers: headers, body: body)
    }

    /// Whether the method is HEAD, for which the server sends the headers of the response without its body.
    package var isHead: Bool { method == "HEAD" }

    /// Why the request is malformed as HTTP, to be answered 400 before any handler sees it, or nil: an HTTP/1.1
    /// request must name its host (RFC 9112 §3.2). A target that cannot be decoded is left to the handler, which
    /// answers it in its own kind of error (`target`).
    package var malformation: String? {
        if version == "HTTP/1.1" && headers.values(named: "Host").isEmpty {
            return "the request has no Host header, which HTTP/1.1 requires"
        }
        return nil
    }
}
