import RosterModel
import RosterService

/// The answers of one kind a server makes at once, counted against the address space: one starts only while the
/// address space leaves room for every answer of its kind in flight and one more, with a reserve. Under an
/// address-space limit (`ulimit -v`) an allocation that fails ends a Swift program, so an answer that might not fit
/// is refused (503) before it starts instead. Without such a limit every answer is admitted at once.
package final class MemoryAllowance: Sendable {
    private let inFlight = Locked(0)
    /// What one answer may come to.
    let each: Int
    /// Kept free beyond the answers in flight.
    let reserve: Int

    /// Whether the last answer in flight to end gives the memory freed back to the system.
    let returnsMemory: Bool

    init(each: Int, reserve: Int, returnsMemory: Bool = false) {
        self.each = each
        self.reserve = reserve
        self.returnsMemory = returnsMemory
    }

    /// Streamed lists, each on a read connection of its own that lives until its client has read it all. One may
    /// come to its connection's page cache (`streamPageCacheKibibytes`), the schema SQLite reads, the batches of
    /// rows on their way to the client, and for a list sorted on no index SQLite's sorter (about 0.6 MB of memory
    /// for a stream in index order, 1.6 MB and 2.5 MB of address space for a sorted one); 16 MB stay free for the
    /// other requests answered meanwhile.
    package static func streams() -> MemoryAllowance {
        MemoryAllowance(each: 3 << 20, reserve: 16 << 20, returnsMemory: true)
    }

    /// Answers built in memory from one read (pages, players, stats): a page of 1,000 players as rows and as JSON
    /// comes to about 0.3 MB each, twice over while a buffer grows.
    package static func answers() -> MemoryAllowance { MemoryAllowance(each: 2 << 20, reserve: 0) }

    /// The page cache of a streaming connection, which reads each page of the list once.
    static let streamPageCacheKibibytes = 256

    /// Counts an answer in, or returns false when memory might not hold it.
    func admit() -> Bool {
        inFlight.withLock { count in
            guard Roster.hasAddressSpace(reserve + (count + 1) * each) else { return false }
            count += 1
            return true
        }
    }

    /// Counts an answer out, once it is made (for a stream, once its client has it all or has gone). The last of
    /// a burst of streams gives the memory they freed back to the system, which would otherwise keep it.
    func release() {
        let last = inFlight.withLock { count in
            count -= 1
            return count == 0
        }
        if last && returnsMemory { Roster.returnFreedMemory() }
    }
}
