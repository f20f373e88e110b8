import Glibc
import RosterFormats
import RosterModel
import Synchronization

/// Reads and validates an input's records on a second thread, a batch at a time, while the importing thread
/// writes the batch before: parsing and checking a million records is a second's work that need not wait for
/// SQLite. Batches arrive in input order, so problems are listed exactly as a single thread would list them.
///
/// The thread is a plain POSIX thread with a small stack: a thread pool's worker (libdispatch's) needs a file
/// descriptor for its event loop and traps without one (`ulimit -n`), and a default 8 MiB stack may not fit under
/// an address-space limit (`ulimit -v`). When no thread can be started, the importing thread reads the records
/// itself, batch by batch.
///
/// A signal that asks to stop may be handled by either thread. The reading thread notices it while it waits for
/// input (`ByteSource` asks between short waits), and ends with a last batch that says so, which wakes the
/// importing thread if that is waiting.
final class RecordPipeline: @unchecked Sendable {
    /// One record's outcome, in input order.
    enum Item: Sendable {
        /// A record that passed validation, as the row to write, with its number and place for a problem the write
        /// finds (its raw fields are left on the reading thread: the importing thread would only free them).
        case valid(number: Int, location: SourceLocation, PlayerRow, given: PlayerFieldSet)
        /// A record and everything wrong with it.
        case invalid([RecordProblem])
        /// A row the mapping's row filters say is no record.
        case skipped
        /// Input that could not be read as its format (or could not be read at all).
        case unreadable(ReadError)
    }

    struct Batch: Sendable {
        /// In input order; `takeNext` moves each out where it lies (`take()`), where iterating would copy each item
        /// (retaining every text of its player) and free the copies kept in the array afterwards.
        private var items: [Item?] = []
        /// The next item `takeNext` gives.
        private var nextIndex = 0
        /// Input bytes consumed once this batch was read, for progress.
        private(set) var bytesRead = 0
        /// The last batch: the input is read to its end, or cannot be read further.
        private(set) var isLast = false

        /// An empty batch with room for `capacity` items.
        init(capacity: Int) { items.reserveCapacity(capacity) }

        var count: Int { items.count }

        mutating func append(_ item: consuming Item) { items.append(item) }

        /// Ends the reading of the batch.
        mutating func seal(isLast: Bool, bytesRead: Int) {
            self.isLast = isLast
            self.bytesRead = bytesRead
        }

        /// Takes out the next item, in input order; nil when none is left.
        mutating func takeNext() -> Item? {
            guard nextIndex < items.count else { return nil }
            defer { nextIndex &+= 1 }
            return items[nextIndex].take()
        }
    }

    /// Records per batch: enough to make the hand-over between threads cheap, few enough to keep memory flat.
    private static let batchSize = 512
    /// Batches read ahead at most.
    private static let depth: UInt32 = 4
    /// The reading thread's stack: the readers parse without recursion (JSON nesting has a stack of its own).
    private static let stackSize = 1 << 20

    /// Used by the reading thread alone, or by the importing thread when there is none.
    private var source: RecordSource

    /// Batches read and not taken yet.
    private let queue = Locked<[Batch]>([])
    /// Counts the batches in `queue`, and the free places for more; they never move once initialised.
    private let filled = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    private let free = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    private let cancelled = Atomic<Bool>(false)
    /// The reading thread; nil when it could not be started.
    private var thread: JoinableThread?
    private var finished = false
    private var joined = false

    /// Starts reading `reader`, which from now on belongs to the reading thread alone; records go through `mapping`
    /// before `validator`, and their names are folded there when `foldsNames`.
    init(reader: consuming any RecordReader, mapping: RecordMapping, foldsNames: Bool, validator: RecordValidator) {
        source = RecordSource(reader: reader, mapping: mapping, foldsNames: foldsNames, validator: validator)
        sem_init(filled, 0, 0)
        sem_init(free, 0, RecordPipeline.depth)
        thread = JoinableThread.start(stackSize: RecordPipeline.stackSize) { [self] in produce() }
    }

    deinit {
        sem_destroy(filled)
        sem_destroy(free)
        filled.deallocate()
        free.deallocate()
    }

    /// The next batch, waiting for the reading thread when it is behind; nil after the last one.
    func next() -> Batch? {
        guard !finished else { return nil }
        let batch: Batch
        if thread == nil {
            batch = readBatch()
        } else {
            // A signal interrupts the wait (no SA_RESTART): the reading thread will end with a batch that says so.
            while sem_wait(filled) != 0 {}
            batch = queue.withLock { $0.removeFirst() }
            sem_post(free)
        }
        finished = batch.isLast
        return batch
    }

    /// Stops the reading thread, waits for it, and returns the unknown field names it saw and the names of the
    /// fields records had before mapping. Called once, also when the import stops early, so that the thread never
    /// outlives the input it reads.
    func finish() -> (unknown: Set<String>, seen: Set<String>) {
        cancelled.store(true, ordering: .relaxed)
        while next() != nil {}
        if let thread, !joined {
            thread.join()
            joined = true
        }
        return (source.unknown, source.seen)
    }

    // MARK: - Reading

    /// Reads and validates up to a batch of records.
    private func readBatch() -> Batch {
        source.readBatch(size: RecordPipeline.batchSize) { cancelled.load(ordering: .relaxed) }
    }

    /// The reading thread's loop: batches until the last one.
    private func produce() {
        var last = false
        while !last {
            let batch = readBatch()
            last = batch.isLast
            // A signal interrupts the wait (no SA_RESTART); the place is still to be waited for.
            while sem_wait(free) != 0 {}
            queue.withLock { $0.append(batch) }
            sem_post(filled)
        }
    }
}
