import Glibc

/// Where a server listens and the limits it keeps.
package struct HTTPServerConfiguration: Sendable {
    /// The IPv4 or IPv6 address to listen on, as digits: `127.0.0.1` (the default) keeps the server to this
    /// machine; `0.0.0.0` or `::` opens it to the network.
    package var address: String
    /// The TCP port; 0 lets the system pick a free one (the started server reports it).
    package var port: UInt16
    /// Threads answering requests, each with its own worker.
    package var threads: Int
    /// Connections served at once; more wait in the listen queue until one closes, and once all have been taken
    /// for a second, up to 64 more are let in to be answered 503 with `Retry-After` (`ConnectionAcceptor`).
    package var maximumConnections: Int
    /// Seconds a connection may stay without sending or receiving anything (a slow or silent client, an idle
    /// keep-alive connection) before the server closes it; and the seconds it has, from its start or its last
    /// answer, to send a request's line and headers whole (`ConnectionRegistry`).
    package var connectionTimeoutSeconds: Int
    /// Seconds a streamed body may wait for its client to take more of it, in place of the connection timeout
    /// while it is sent: the kernel's buffers hold megabytes, which a slow client (a phone, a throttled download)
    /// takes longer than the connection timeout to read, though it reads all along.
    package var streamTimeoutSeconds: Int
    /// Caps on the request line and headers (answered 414 and 431), which also size each connection's memory.
    package var limits: HTTPRequestLimits
    /// Bytes a request body may hold, for the requests whose worker reads theirs (`HTTPWorker.respond(beforeBody:)`):
    /// a larger one is answered 413 as soon as its length says so, or as soon as that many bytes have arrived, and
    /// its connection closed.
    package var maximumBodyBytes: Int
    /// Seconds `stop()` waits for requests in flight to finish before it closes their connections.
    package var stopGraceSeconds: Int
    /// Receives the server's messages (failed accepts, the library's refused requests, a response replaced by a
    /// 500, a stream that failed), one line each, from any of the server's threads, ten a second at most (a line
    /// then says how many more were left out); nil to drop them.
    package var log: (@Sendable (String) -> Void)?
    /// How the server words the requests it refuses itself, before any worker sees them (a request line or headers
    /// over the limits, a body over `maximumBodyBytes`, a malformed request, no connection or worker left, a
    /// response it had to replace): plain text unless a service gives its own shape of error.
    package var refusal: @Sendable (HTTPStatus, String) -> HTTPResponse

    /// The defaults: `127.0.0.1`, one thread per processor, 256 connections, a 10-second timeout (60 seconds while
    /// a body is streamed), the default limits (8 KiB request line, 8 KiB of headers), request bodies of 64 MiB, 10
    /// seconds of grace on stop.
    package init(address: String = "127.0.0.1", port: UInt16 = 0) {
        self.address = address
        self.port = port
        self.threads = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        self.maximumConnections = 256
        self.connectionTimeoutSeconds = 10
        self.streamTimeoutSeconds = 60
        self.limits = HTTPRequestLimits()
        self.maximumBodyBytes = 64 << 20
        self.stopGraceSeconds = 10
        self.log = nil
        self.refusal = HTTPResponse.plainRefusal
    }

    /// Why the configuration cannot be used, or nil.
    var problem: String? {
        if !(1...256).contains(threads) { return "threads must be between 1 and 256, not \(threads)" }
        if maximumConnections < threads || maximumConnections > 65_536 {
            return "maximumConnections must be between the number of threads (\(threads)) and 65,536, not "
                + "\(maximumConnections)"
        }
        if !(1...86_400).contains(connectionTimeoutSeconds) {
            return "connectionTimeoutSeconds must be between 1 and 86,400, not \(connectionTimeoutSeconds)"
        }
        if !(1...86_400).contains(streamTimeoutSeconds) {
            return "streamTimeoutSeconds must be between 1 and 86,400, not \(streamTimeoutSeconds)"
        }
        if let problem = limits.problem { return problem }
        if maximumBodyBytes < 0 { return "maximumBodyBytes cannot be negative (\(maximumBodyBytes))" }
        if stopGraceSeconds < 0 { return "stopGraceSeconds cannot be negative (\(stopGraceSeconds))" }
        return nil
    }
}
