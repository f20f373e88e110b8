import CMicroHTTPD
import Glibc
import RosterModel
import Synchronization

/// The thread that accepts connections on the listening socket and hands them to libmicrohttpd, which runs without
/// a listening socket of its own.
///
/// libmicrohttpd 0.9.75 accepts for itself in each pool thread, and a thread that has no connection yet retries a
/// failed accept at once: out of file descriptors (`ulimit -n`), it spun at 70% of a core and logged each failure,
/// a million lines a second. Here, a connection is accepted only while fewer than the limit are open (the others
/// wait in the kernel's listen queue until one closes, and are never refused); a failed accept that a shortage of
/// descriptors or memory explains stops accepting for a moment, until a connection closes or the moment passes, and
/// is logged at most once a second with a count. Once every slot has been taken for `overflowAfter` seconds, up to
/// `overflowLimit` more connections are let in to be answered 503 (`ConnectionRegistry`), so that a client is told
/// to come back rather than left waiting; and once a second, connections late with a request's head are shut down.
final class ConnectionAcceptor: @unchecked Sendable {
    /// How many may be open at once to be served.
    let limit: Int
    /// How many more may be let in past the limit, to be answered 503.
    static let overflowLimit = 64
    /// Seconds every slot must have been taken before connections are let in past the limit: a burst of quick
    /// requests waits that long at most, and is served.
    static let overflowAfter = 1.0
    /// How long accepting stops after a shortage, in seconds.
    static let pause = 0.1

    let registry: ConnectionRegistry
    private let socket: ListenSocket
    /// A pipe whose write end wakes the thread: a connection closed, or the server stops.
    private let wake: (read: Int32, write: Int32)
    private let stopping = Atomic(false)
    private let daemon: OpaquePointer
    private let log: (String) -> Void
    /// Called about once a second, to report the messages held back meanwhile.
    private let everySecond: () -> Void
    private var thread: JoinableThread?

    /// Accept failures since the last message about them, and when that was.
    private var failures = (count: 0, reason: Int32(0), lastReport: -1.0)

    /// An acceptor for `daemon` on `socket`, which `start()` sets going; nil when no descriptor can be had to wake it
    /// with.
    init?(
        socket: ListenSocket, daemon: OpaquePointer, limit: Int, registry: ConnectionRegistry,
        log: @escaping (String) -> Void, everySecond: @escaping () -> Void
    ) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.socket = socket
        self.wake = (ends[0], ends[1])
        self.daemon = daemon
        self.limit = limit
        self.registry = registry
        self.log = log
        self.everySecond = everySecond
    }

    deinit {
        close(wake.read)
        close(wake.write)
    }

    /// Starts the thread; false when none can be started. The thread inherits the caller's signal mask.
    func start() -> Bool {
        thread = JoinableThread.start(stackSize: 256 << 10) { [self] in run() }
        return thread != nil
    }

    /// Wakes the thread, which may wait for a free slot, once the library closed a connection.
    func connectionClosed() {
        signal()
    }

    /// Stops accepting and returns once the thread has ended; the listening socket is left to its owner.
    func stop() {
        stopping.store(true, ordering: .releasing)
        signal()
        thread?.join()
        thread = nil
    }

    private func signal() {
        // A full pipe has woken the thread already.
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    // MARK: - The thread

    private func run() {
        var pausedUntil = 0.0
        var fullSince: Double?
        while !stopping.load(ordering: .acquiring) {
            let now = ConnectionRegistry.now()
            let (served, overflowing) = registry.open
            let full = served >= limit
            fullSince = full ? fullSince ?? now : nil
            let overflowOpensAt = (fullSince ?? now) + Self.overflowAfter
            let letsOverflowIn = full && now >= overflowOpensAt && overflowing < Self.overflowLimit
            let listening = now >= pausedUntil && (!full || letsOverflowIn)
            var descriptors = [
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: socket.descriptor, events: listening ? Int16(POLLIN) : 0, revents: 0),
            ]
            // Wakes once a second at least, to shut late connections down, check the count of open connections and
            // report failures.
            var wakeAt = now + 1
            if now < pausedUntil { wakeAt = min(wakeAt, pausedUntil) }
            if full && now < overflowOpensAt { wakeAt = min(wakeAt, overflowOpensAt) }
            _ = poll(&descriptors, 2, Int32(max(1, (wakeAt - now) * 1000)))
            if descriptors[0].revents != 0 {
                var drained = [UInt8](repeating: 0, count: 64)
                while read(wake.read, &drained, drained.count) > 0 {}
            }
            if descriptors[1].revents != 0, !stopping.load(ordering: .acquiring) {
                if !acceptWaitingConnections(overflow: full) {
                    pausedUntil = ConnectionRegistry.now() + Self.pause
                }
            }
            _ = registry.shutDownLateConnections()
            reportFailures(force: false)
            everySecond()
        }
        reportFailures(force: true)
        everySecond()
    }

    /// Accepts connections until none waits or there is no room left for them (in the limit, or past it for those
    /// to be answered 503 with `overflow`); false after a shortage of descriptors or memory, when accepting must
    /// stop for a moment.
    private func acceptWaitingConnections(overflow: Bool) -> Bool {
        func hasRoom() -> Bool {
            let (served, overflowing) = registry.open
            return overflow ? overflowing < Self.overflowLimit : served < limit
        }
        while hasRoom() {
            var accepted: ListenSocket.Accepted
            switch socket.accept() {
            case .success(let connection): accepted = connection
            case .failure(let error):
                switch error.code {
                case EAGAIN, EWOULDBLOCK: return true
                // The client gave up before it was accepted, or a network error on its connection only.
                case EINTR, ECONNABORTED, EPROTO, EPERM, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH,
                    EOPNOTSUPP, ENETUNREACH:
                    continue
                default:
                    failures.count += 1
                    failures.reason = error.code
                    return false
                }
            }
            registry.expect(descriptor: accepted.descriptor, overflow: overflow)
            // The library makes the socket non-blocking and not inherited, and closes it if it cannot take it.
            let added = withUnsafePointer(to: &accepted.address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    MHD_add_connection(daemon, accepted.descriptor, $0, accepted.length)
                }
            }
            // It reports no close of a connection it never took.
            if added != .YES {
                let reason = errno
                registry.forget(descriptor: accepted.descriptor)
                failures.count += 1
                failures.reason = reason
                return false
            }
        }
        return true
    }

    /// Logs the failed accepts since the last message, at most once a second (or now, with `force`).
    private func reportFailures(force: Bool) {
        guard failures.count > 0 else { return }
        let now = ConnectionRegistry.now()
        guard force || failures.lastReport < 0 || now - failures.lastReport >= 1 else { return }
        let times = failures.count == 1 ? "once" : "\(failures.count) times"
        log(
            "cannot accept a connection: \(String(cString: strerror(failures.reason))) (\(times) since the last "
                + "message); new connections wait in the listen queue meanwhile")
        failures.count = 0
        failures.lastReport = now
    }
}
