import CMicroHTTPD
import Glibc
import RosterModel

/// A local HTTP/1.1 server over libmicrohttpd: a pool of threads, each waiting with epoll on many keep-alive
/// connections and answering their requests with its own `HTTPWorker`.
///
/// ```swift
/// let signals = StopSignals.block([SIGINT, SIGTERM])
/// let server = try HTTPServer.start(HTTPServerConfiguration(port: 8080)) { try RosterRoutes(path) }
/// print("Listening on http://\(server.endpoint)/")
/// _ = signals.wait()
/// server.stop()
/// ```
///
/// This file, `ServerCore.swift` and `ConnectionAcceptor.swift` are the only ones that speak to libmicrohttpd. The
/// server serves plain HTTP only: it never asks the library for TLS, which the static release binary does not
/// contain (see Sources/CGnuTLSStubs).
package final class HTTPServer: @unchecked Sendable {
    /// The port the server listens on: the configured one, or the one the system chose for port 0.
    package let port: UInt16
    /// `address:port` (`[address]:port` for IPv6), for messages and URLs.
    package let endpoint: String

    private let core: ServerCore
    /// `struct MHD_Daemon *`, valid until `stop()` has stopped it.
    private let daemon: OpaquePointer
    private let acceptor: ConnectionAcceptor
    private let listenDescriptor: Int32
    private let graceSeconds: Int
    private let stopped = Locked(false)

    /// The flags the library reports the running daemon has (tests check that TLS is not among them); only while
    /// the server runs.
    var libraryFlags: UInt32 { cmhd_daemon_flags(daemon) }

    /// Requests received and not yet finished (tests check that every one is accounted for).
    var requestsInFlight: Int { core.requestsInFlight.load(ordering: .acquiring) }

    /// Connections open now, as the acceptor counts them: those served, and those let in past the limit.
    var openConnections: (served: Int, overflow: Int) { acceptor.registry.open }

    private init(
        core: ServerCore, daemon: OpaquePointer, acceptor: ConnectionAcceptor, socket: ListenSocket, endpoint: String,
        graceSeconds: Int
    ) {
        self.core = core
        self.daemon = daemon
        self.acceptor = acceptor
        self.listenDescriptor = socket.descriptor
        self.port = socket.port
        self.endpoint = endpoint
        self.graceSeconds = graceSeconds
    }

    deinit {
        stop()
    }

    // MARK: - Starting

    /// Makes one worker per thread (on the calling thread; each is then used by its own pool thread only), opens
    /// the listening socket and starts the threads. Throws what `makeWorker` throws, or an `HTTPServerError`:
    /// an invalid address or configuration, a port in use or an address this machine lacks (`.cannotListen`).
    package static func start(
        _ configuration: HTTPServerConfiguration, makeWorker: () throws -> any HTTPWorker
    ) throws -> HTTPServer {
        if let problem = configuration.problem { throw HTTPServerError.invalidConfiguration(problem) }
        let workers = try (0..<configuration.threads).map { _ in try makeWorker() }
        let socket = try ListenSocket(address: configuration.address, port: configuration.port)
        let endpoint = ListenSocket.endpoint(
            address: configuration.address, port: socket.port,
            isIPv6: socket.isIPv6)
        let core = ServerCore(workers: workers, configuration: configuration)

        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
            // Connections come from ConnectionAcceptor, which the inter-thread channel lets hand them over.
            | MHD_USE_NO_LISTEN_SOCKET.rawValue | MHD_USE_ITC.rawValue
            // Messages go to ServerCore's logger, never to standard error.
            | MHD_USE_ERROR_LOG.rawValue
        if socket.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        var settings = cmhd_settings()
        settings.flags = flags
        settings.threads = UInt32(configuration.threads)
        // The acceptor keeps to the limit; the library splits its own among its threads and closes a connection
        // handed to a thread at its share without a word, so each thread's share is the whole limit.
        settings.connection_limit = UInt32(
            (configuration.maximumConnections + ConnectionAcceptor.overflowLimit) * configuration.threads)
        settings.connection_timeout = UInt32(configuration.connectionTimeoutSeconds)
        settings.connection_memory_limit = configuration.limits.connectionMemoryBytes
        settings.cls = Unmanaged.passUnretained(core).toOpaque()
        ServerCore.install(in: &settings)

        // The pool's threads inherit the mask of the thread that starts them: with every asynchronous signal
        // blocked there, a signal is never handled in the middle of a request, but by the thread that waits for it.
        var blocked = sigset_t()
        sigfillset(&blocked)
        for synchronous in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGSYS] {
            sigdelset(&blocked, synchronous)
        }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        guard let daemon = cmhd_start_daemon(&settings) else {
            close(socket.descriptor)
            throw HTTPServerError.cannotStart(core.lastLibraryMessage ?? "libmicrohttpd gave no reason")
        }
        guard
            let acceptor = ConnectionAcceptor(
                socket: socket, daemon: daemon, limit: configuration.maximumConnections,
                registry: ConnectionRegistry(headDeadline: Double(configuration.connectionTimeoutSeconds)),
                log: { [unowned core] in core.record($0) }, everySecond: { [unowned core] in core.messages?.flush() })
        else {
            MHD_stop_daemon(daemon)
            close(socket.descriptor)
            throw HTTPServerError.cannotStart("no descriptor left to wake the thread that accepts connections")
        }
        // Before the first connection, whose close the core reports to it.
        core.acceptor = acceptor
        guard acceptor.start() else {
            MHD_stop_daemon(daemon)
            close(socket.descriptor)
            throw HTTPServerError.cannotStart("no thread could be started to accept connections")
        }
        core.running.store(true, ordering: .releasing)
        return HTTPServer(
            core: core, daemon: daemon, acceptor: acceptor, socket: socket, endpoint: endpoint,
            graceSeconds: configuration.stopGraceSeconds)
    }

    // MARK: - Stopping

    /// Stops the server and returns when it has: new connections are refused at once, requests in flight are
    /// finished (their responses say `Connection: close`) for up to `stopGraceSeconds`, then every connection is
    /// closed and the threads end. Safe to call more than once and from any thread but a pool thread.
    package func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        core.stopping.store(true, ordering: .releasing)
        // No connection is accepted any more; closing the socket makes the kernel refuse new ones (and reset
        // those not yet accepted) instead of queueing them.
        acceptor.stop()
        shutdown(listenDescriptor, Int32(SHUT_RDWR))
        close(listenDescriptor)
        let start = MonotonicClock.now()
        while core.requestsInFlight.load(ordering: .acquiring) > 0
            && MonotonicClock.seconds(since: start) < Double(graceSeconds)
        {
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
        }
        MHD_stop_daemon(daemon)
        core.releaseWorkers()
    }
}
