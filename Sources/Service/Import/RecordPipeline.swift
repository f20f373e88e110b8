import Dispatch
import RosterFormats
import RosterModel
import Synchronization

/// Reads and validates an input's records on a second thread, a batch at a time, while the importing thread
/// writes the batch before: parsing and checking a million records is a second's work that need not wait for
/// SQLite. Batches arrive in input order, so problems are listed exactly as a single thread would list them.
final class RecordPipeline: @unchecked Sendable {
    /// One record's outcome, in input order.
    enum Item: Sendable {
        /// A record that passed validation.
        case valid(RawRecord, Player)
        /// A record and everything wrong with it.
        case invalid([RecordProblem])
        /// Input that could not be read as its format (or could not be read at all).
        case unreadable(ReadError)
    }

    struct Batch: Sendable {
        var items: [Item] = []
        /// Input bytes consumed once this batch was read, for progress.
        var bytesRead = 0
        /// The last batch: the input is read to its end, or cannot be read further.
        var isLast = false
    }

    /// Records per batch: enough to make the hand-over between threads cheap, few enough to keep memory flat.
    private static let batchSize = 512
    /// Batches read ahead at most.
    private static let depth = 4

    private let queue = Mutex<[Batch]>([])
    private let filled = DispatchSemaphore(value: 0)
    private let free = DispatchSemaphore(value: RecordPipeline.depth)
    private let cancelled = Atomic<Bool>(false)
    private let done = DispatchGroup()
    /// Field names the validator did not know; complete once the producer is done.
    private var unknownFields = Set<String>()
    /// The names of every record's fields before mapping, when the mapping needs to know which keys a file has.
    private var seenNames = Set<String>()
    private var finished = false

    /// Starts reading `reader`, which from now on belongs to the reading thread alone; records go through `mapping`
    /// before `validator`.
    init(reader: consuming any RecordReader, mapping: RecordMapping, validator: RecordValidator) {
        nonisolated(unsafe) var reader = reader
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { done.leave() }
            // Its cache of field names is the reading thread's own.
            var validator = validator
            var unknown = Set<String>()
            var seen = Set<String>()
            // Set at the end of the input, at an error that ends the reading, or when the importer stops.
            var last = false
            while !last {
                var batch = Batch()
                while batch.items.count < RecordPipeline.batchSize && !last {
                    if cancelled.load(ordering: .relaxed) { last = true; break }
                    do throws(ReadError) {
                        guard var record = try reader.next() else { last = true; break }
                        if !mapping.isIdentity {
                            for field in record.fields { seen.insert(field.name) }
                            record = mapping.apply(record)
                        }
                        switch validator.validate(record, unknown: &unknown) {
                        case .valid(let player): batch.items.append(.valid(record, player))
                        case .invalid(let problems): batch.items.append(.invalid(problems))
                        }
                    } catch {
                        batch.items.append(.unreadable(error))
                        if !error.isRecoverable || error.kind != .malformed { last = true }
                    }
                }
                batch.isLast = last
                batch.bytesRead = reader.bytesRead
                free.wait()
                queue.withLock { $0.append(batch) }
                filled.signal()
            }
            unknownFields = unknown
            seenNames = seen
        }
    }

    /// The next batch, waiting for the reading thread when it is behind; nil after the last one.
    func next() -> Batch? {
        guard !finished else { return nil }
        filled.wait()
        let batch = queue.withLock { $0.removeFirst() }
        free.signal()
        finished = batch.isLast
        return batch
    }

    /// Stops the reading thread, waits for it, and returns the unknown field names it saw and the names of the
    /// fields records had before mapping. Called once, also when the import stops early, so that the thread never
    /// outlives the input it reads.
    func finish() -> (unknown: Set<String>, seen: Set<String>) {
        cancelled.store(true, ordering: .relaxed)
        while next() != nil {}
        done.wait()
        return (unknownFields, seenNames)
    }
}
