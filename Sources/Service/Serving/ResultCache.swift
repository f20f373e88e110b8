import RosterConcurrency
import RosterModel
import RosterRepository

/// Results that cost a scan — the number of matches of a filter, counts per group — kept for as long as the roster
/// has not changed, and shared by every thread of a server. Each result is filed under the change counter
/// (`Roster.version`) of the snapshot it was computed on, so a roster that changed finds nothing old: a list's
/// total is counted once per filter and change, not once per request.
public final class ResultCache: Sendable {
    struct Key: Hashable {
        let version: Int64
        let kind: String
        let criteria: PlayerCriteria
        let asOf: CalendarDate?
    }

    private struct State {
        var version: Int64 = .min
        var results: [Key: any Sendable] = [:]
    }

    private let state = Locked(State())
    /// How many results are kept at most; past it the cache starts over, so that endless distinct filters cannot
    /// grow it without bound.
    public let capacity: Int

    public init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// The result filed under `key`, computed by `compute` (outside the lock) and filed when missing.
    func value<T: Sendable>(_ key: Key, _ compute: () throws -> T) rethrows -> T {
        if let found = state.withLock({ $0.results[key] }) as? T { return found }
        let value = try compute()
        state.withLock { state in
            // Results of an older roster are of no more use once a newer one has been seen.
            if key.version > state.version {
                state.version = key.version
                state.results.removeAll()
            }
            guard key.version == state.version else { return }
            if state.results.count >= capacity { state.results.removeAll() }
            state.results[key] = value
        }
        return value
    }

    /// How many results are kept now.
    public var count: Int { state.withLock { $0.results.count } }
}
