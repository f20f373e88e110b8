import Glibc
import RosterModel

/// Lets at most a few of the server's messages a second through, and counts the rest: a flood of clients that go
/// away mid-answer, or of refused requests, must not flood standard error (a server that logged every failed
/// accept wrote 170 MB in three seconds).
final class MessageThrottle: Sendable {
    /// Messages let through in any one second.
    let perSecond: Int
    private let log: @Sendable (String) -> Void
    private let state = Locked((second: -1, passed: 0, heldBack: 0))

    init(perSecond: Int = 10, log: @escaping @Sendable (String) -> Void) {
        self.perSecond = perSecond
        self.log = log
    }

    /// Logs `message` unless this second's share is used up, then counts it instead.
    func record(_ message: String) {
        let second = Int(MonotonicClock.now().tv_sec)
        let (pass, summary) = state.withLock { state -> (Bool, String?) in
            let summary = state.second == second ? nil : Self.summary(of: state.heldBack)
            if state.second != second { state = (second, 0, 0) }
            guard state.passed < perSecond else {
                state.heldBack += 1
                return (false, summary)
            }
            state.passed += 1
            return (true, summary)
        }
        if let summary { log(summary) }
        if pass { log(message) }
    }

    /// Reports the messages held back in a second that has passed, if any (called about once a second).
    func flush() {
        let second = Int(MonotonicClock.now().tv_sec)
        let summary = state.withLock { state -> String? in
            guard state.second != second, state.heldBack > 0 else { return nil }
            defer { state.heldBack = 0 }
            return Self.summary(of: state.heldBack)
        }
        if let summary { log(summary) }
    }

    private static func summary(of heldBack: Int) -> String? {
        heldBack == 0 ? nil : "\(heldBack) more messages in one second were left out"
    }
}
