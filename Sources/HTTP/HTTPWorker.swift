/// Answers requests on one thread of a server's pool.
///
/// A server makes one worker per thread when it starts, and calls each worker only from its own thread, one
/// request at a time: a worker can hold what may not be shared between threads, such as a database connection
/// and its prepared statements. Body streams it returns are read and closed on that same thread.
public protocol HTTPWorker {
    /// The response to `request`.
    mutating func respond(to request: HTTPRequest) -> HTTPResponse
}
