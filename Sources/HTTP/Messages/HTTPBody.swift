/// The body of a response: bytes at hand, or a stream sent with chunked transfer encoding.
package enum HTTPBody {
    /// A body known in full; sent with Content-Length.
    case bytes([UInt8])
    /// A body produced while it is sent; sent in chunks (HTTP/1.1) or until the connection closes (HTTP/1.0).
    case stream(any HTTPBodyStream)

    /// No body.
    package static var empty: HTTPBody { .bytes([]) }

    /// A body holding the UTF-8 of `text`.
    package static func text(_ text: String) -> HTTPBody { .bytes(Array(text.utf8)) }
}
