import RosterConcurrency
import RosterService

/// The lists a server streams at once, each on a read connection of its own that lives until its client has read
/// it all. A stream starts only while the address space leaves room for every stream in flight and one more, with
/// a reserve for the other requests: under an address-space limit (`ulimit -v`) an allocation that fails ends a
/// Swift program, so a stream that might not fit is answered 503 before it starts instead.
public final class StreamAllowance: Sendable {
    private let inFlight = Locked(0)

    /// What one stream may come to: its connection's page cache (`pageCacheKibibytes`), the schema SQLite reads,
    /// the batches of rows on their way to the client, and for a list sorted on no index SQLite's sorter (about
    /// 0.6 MB of memory for a stream in index order, 1.6 MB and 2.5 MB of address space for a sorted one).
    static let memoryPerStream = 3 << 20
    /// Kept free beyond the streams, for the requests answered meanwhile.
    static let reserve = 16 << 20
    /// The page cache of a streaming connection, which reads each page of the list once.
    static let pageCacheKibibytes = 256

    public init() {}

    /// Counts a stream in, or returns false when memory might not hold it.
    func admit() -> Bool {
        inFlight.withLock { count in
            guard Roster.hasAddressSpace(StreamAllowance.reserve + (count + 1) * StreamAllowance.memoryPerStream)
            else { return false }
            count += 1
            return true
        }
    }

    /// Counts a stream out, once its client has it all or has gone.
    func release() {
        inFlight.withLock { $0 -= 1 }
    }
}
