/// Answers requests on one thread of a server's pool.
///
/// A server makes one worker per thread when it starts (on the thread that starts it), and calls each worker only
/// from its own pool thread, one request at a time: a worker can hold what may not be shared between threads, such
/// as a database connection and its prepared statements. Body streams it returns are read and closed on that same
/// thread. The server releases its workers when it has stopped, on the thread that stopped it.
///
/// Several requests of one thread may be in flight at once: a thread answers the next request (of another
/// connection) while the stream of an earlier response is still being sent, so each stream needs its own cursor.
package protocol HTTPWorker {
    /// The response to `request`.
    mutating func respond(to request: HTTPRequest) -> HTTPResponse

    /// The response to a request that announces a body, before any of the body is read (a method not allowed, a
    /// type not accepted, a precondition that fails); nil to have the body received, up to the server's limit, and
    /// then `respond(to:)` called with it. By default every such request is answered at once, its body unread.
    mutating func respond(beforeBody request: HTTPRequest) -> HTTPResponse?
}

extension HTTPWorker {
    package mutating func respond(beforeBody request: HTTPRequest) -> HTTPResponse? {
        respond(to: request)
    }
}
