import Glibc
import RosterModel

/// The connections the library holds, and where each stands, so that the server can keep two promises the library
/// has no option for: a connection gets `headDeadline` seconds to send each request's line and headers, from its
/// start or from the end of its previous answer (256 clients sending a header line every five seconds held every
/// connection for good, and no one else was answered); and a connection let in past the limit, when every slot has
/// been taken for a while, is answered 503 at once instead of waiting unseen in the listen queue.
///
/// A connection late with its head is shut down (`shutdown(2)` on its socket, under the lock, while the library
/// still holds it open): the library sees the end of the connection and closes it, and reports the close, which
/// takes it out of here, before the descriptor can be reused.
final class ConnectionRegistry: Sendable {
    private struct Entry {
        let descriptor: Int32
        let overflow: Bool
        /// Since when the connection waits for a request's head; nil while a request is answered.
        var awaitingHeadSince: Double?
    }

    private struct State {
        /// Accepted and handed to the library, by descriptor, until the library starts them.
        var expected: [Int32: (overflow: Bool, since: Double)] = [:]
        /// Started, by the library's connection (its address).
        var started: [UInt: Entry] = [:]
    }

    private let state = Locked(State())
    /// Seconds a connection may take to send a request's line and headers.
    let headDeadline: Double

    init(headDeadline: Double) {
        self.headDeadline = headDeadline
    }

    static func now() -> Double {
        let time = MonotonicClock.now()
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Notes a connection about to be handed to the library, `overflow` when it is let in past the limit to be
    /// answered 503.
    func expect(descriptor: Int32, overflow: Bool) {
        let now = Self.now()
        state.withLock { $0.expected[descriptor] = (overflow, now) }
    }

    /// The library started `connection`, on `descriptor`.
    func started(_ connection: OpaquePointer, descriptor: Int32) {
        state.withLock { state in
            let expected = state.expected.removeValue(forKey: descriptor)
            state.started[UInt(bitPattern: connection)] = Entry(
                descriptor: descriptor, overflow: expected?.overflow ?? false,
                awaitingHeadSince: expected?.since ?? Self.now())
        }
    }

    /// The library closed `connection`; whether it was one let in past the limit.
    @discardableResult
    func closed(_ connection: OpaquePointer) -> Bool {
        state.withLock { $0.started.removeValue(forKey: UInt(bitPattern: connection))?.overflow ?? false }
    }

    /// The head of a request on `connection` arrived whole; returns whether the connection was let in past the
    /// limit, and is to be answered 503.
    func headReceived(on connection: OpaquePointer) -> Bool {
        state.withLock { state in
            state.started[UInt(bitPattern: connection)]?.awaitingHeadSince = nil
            return state.started[UInt(bitPattern: connection)]?.overflow ?? false
        }
    }

    /// A request on `connection` was answered: the connection waits for the next one's head from now.
    func answered(on connection: OpaquePointer) {
        let now = Self.now()
        state.withLock { $0.started[UInt(bitPattern: connection)]?.awaitingHeadSince = now }
    }

    /// A connection the library refused at once: it will not start.
    func forget(descriptor: Int32) {
        state.withLock { _ = $0.expected.removeValue(forKey: descriptor) }
    }

    /// The connections open: those to be served, and those let in past the limit to be answered 503, counting
    /// those handed to the library and not started yet.
    var open: (served: Int, overflow: Int) {
        state.withLock { state in
            let overflow = state.started.values.count { $0.overflow } + state.expected.values.count { $0.overflow }
            return (state.started.count + state.expected.count - overflow, overflow)
        }
    }

    /// Shuts down every connection that has waited longer than the deadline for a request's head; returns how
    /// many. A connection handed to the library that has not started after a while never will (the library dropped
    /// it for want of memory, and says nothing of one it never started): it is forgotten.
    func shutDownLateConnections() -> Int {
        let now = Self.now()
        return state.withLock { state in
            state.expected = state.expected.filter { now - $0.value.since < 5 }
            var count = 0
            for (key, entry) in state.started {
                guard let since = entry.awaitingHeadSince, now - since > headDeadline else { continue }
                shutdown(entry.descriptor, Int32(SHUT_RDWR))
                // Once: the library closes it at its next turn.
                state.started[key]?.awaitingHeadSince = nil
                count += 1
            }
            return count
        }
    }
}
