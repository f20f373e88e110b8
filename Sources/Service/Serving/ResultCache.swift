import RosterModel

/// Results that cost a scan — the number of matches of a filter, counts per group — kept for as long as the roster
/// has not changed, and shared by every thread of a server. Each result is filed under the version (`RosterVersion`)
/// of the snapshot it was computed on, so a roster that changed finds nothing old: a list's
/// total is counted once per filter and change, not once per request.
///
/// Bounded in entries and in bytes: every distinct filter, `as_of` day and `top` is an entry of its own, and a
/// summary of the top 1,000 takes half a megabyte, so a client asking for endless variants must not grow a server
/// without bound. Past either bound the cache starts over.
package final class ResultCache: Sendable {
    struct Key: Hashable {
        let version: RosterVersion
        let kind: String
        let criteria: PlayerCriteria
        let asOf: CalendarDate?
    }

    private struct State {
        var version: RosterVersion?
        var results: [Key: any CachedResult] = [:]
        var bytes = 0
    }

    private let state = Locked(State())
    /// How many results are kept at most.
    package let capacity: Int
    /// About how many bytes the results kept may take (`CachedResult.estimatedBytes`).
    package let byteCapacity: Int

    package init(capacity: Int = 10_000, byteCapacity: Int = 32 << 20) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    /// The result filed under `key`, computed by `compute` (outside the lock) and filed when missing; one of a
    /// version that is not settled is computed each time, and never filed.
    func value<T: CachedResult>(_ key: Key, _ compute: () throws -> T) rethrows -> T {
        guard key.version.isSettled else { return try compute() }
        if let found = state.withLock({ $0.results[key] }) as? T { return found }
        let value = try compute()
        let bytes = value.estimatedBytes + MemoryLayout<Key>.stride + key.kind.utf8.count
        state.withLock { state in
            // A result of an older snapshot of the file kept is of no more use.
            if let kept = state.version, kept.store == key.version.store, kept.counter > key.version.counter { return }
            // Those of an older snapshot or of another file are not either; past a bound the cache starts over.
            if state.version != key.version || state.results.count >= capacity || state.bytes + bytes > byteCapacity {
                state = State(version: key.version)
            }
            guard bytes <= byteCapacity else { return }
            state.results[key] = value
            state.bytes += bytes
        }
        return value
    }

    /// How many results are kept now.
    package var count: Int { state.withLock { $0.results.count } }
    /// About how many bytes they take.
    package var bytes: Int { state.withLock { $0.bytes } }
}

/// A result the cache can keep, with about how much memory it holds.
protocol CachedResult: Sendable {
    var estimatedBytes: Int { get }
}

extension Int: CachedResult {
    var estimatedBytes: Int { MemoryLayout<Int>.stride }
}

extension Dictionary: CachedResult where Key == Position, Value == Int {
    var estimatedBytes: Int { 64 + count * 32 }
}

extension GroupStats: CachedResult {
    var estimatedBytes: Int { MemoryLayout<GroupStats>.stride + group.estimatedBytes }
}

extension GroupedStats: CachedResult {
    var estimatedBytes: Int { MemoryLayout<GroupedStats>.stride + total.estimatedBytes + groups.estimatedBytes }
}

extension RosterSummary: CachedResult {
    var estimatedBytes: Int {
        MemoryLayout<RosterSummary>.stride + total.estimatedBytes + lines.estimatedBytes + positions.estimatedBytes
            + nationalities.estimatedBytes + clubs.estimatedBytes + topScorers.estimatedBytes
            + topAssisters.estimatedBytes + (youngest?.estimatedBytes ?? 0) + (oldest?.estimatedBytes ?? 0)
    }
}

extension Array: CachedResult where Element: CachedResult {
    var estimatedBytes: Int { Self.allocationOverhead + reduce(0) { $0 + $1.estimatedBytes } }
}

extension Player: CachedResult {
    var estimatedBytes: Int {
        MemoryLayout<Player>.stride + Optional(name).estimatedBytes + ref.estimatedBytes + nationality.estimatedBytes
            + club.estimatedBytes + image.estimatedBytes
    }
}

extension String? {
    /// What a text keeps besides the inline part its holder counts: its bytes and its allocation, for one too
    /// long to be kept inline (over 15 bytes).
    fileprivate var estimatedBytes: Int {
        guard let count = self?.utf8.count, count > 15 else { return 0 }
        return Array<UInt8>.allocationOverhead + count
    }
}

extension Array {
    /// What an allocation of the heap costs besides its contents: the object's header and the allocator's own.
    fileprivate static var allocationOverhead: Int { 48 }
}
