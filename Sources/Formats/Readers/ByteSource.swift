import Glibc
import RosterModel

/// Buffered bytes from a file descriptor or from memory, read in place so that memory stays flat whatever the size.
///
/// The buffer is allocated once and never moves: readers keep `base` and work on `base[start..<end]` with unsafe
/// pointer arithmetic, telling the source how far they got (`consume(upTo:)`) before asking for more (`refill()`).
/// A refill moves the unconsumed bytes to the front of the buffer, so a reader that needs a few bytes of look-ahead
/// (an escape, a UTF-8 sequence) gets them contiguous.
package final class ByteSource {
    /// About 1 MiB: large enough that `read(2)` calls cost nothing next to parsing, small enough to stay in cache.
    package static let defaultBufferSize = 1 << 20
    /// Readers need up to 12 contiguous bytes of look-ahead (a surrogate pair of `\u` escapes); smaller buffers are
    /// raised to this.
    package static let minimumBufferSize = 16

    private enum Input {
        case descriptor(Int32)
        case memory([UInt8], next: Int)
    }

    private var input: Input
    /// Asked when a signal interrupts a read; raised, it ends reading with a `.stopped` error.
    private let stop: StopSignal
    private let storage: UnsafeMutablePointer<UInt8>
    /// The buffer's size in bytes.
    package let capacity: Int

    /// The start of the buffer; it never changes.
    package var base: UnsafePointer<UInt8> { UnsafePointer(storage) }
    /// Index in the buffer of the first byte not consumed yet.
    package private(set) var start = 0
    /// Index in the buffer just past the last byte read.
    package private(set) var end = 0
    /// Offset in the input of `base[0]`.
    package private(set) var origin = 0
    /// The input has no more bytes (a read returned 0); later refills do not read again, so that a terminal is not
    /// asked twice.
    package private(set) var isExhausted = false

    /// Reads from `descriptor`, which stays open: whoever opened it closes it. A read that a signal interrupts
    /// is tried again unless `stop` is raised then: a pipe that stays silent must not keep a stop waiting.
    package init(descriptor: Int32, bufferSize: Int = ByteSource.defaultBufferSize, stop: StopSignal = .never) {
        input = .descriptor(descriptor)
        self.stop = stop
        (storage, capacity) = ByteSource.allocateBuffer(max(bufferSize, ByteSource.minimumBufferSize))
    }

    /// Reads from `bytes`, for tests; a small `bufferSize` makes refills fall anywhere, as they would on a file.
    package init(bytes: [UInt8], bufferSize: Int? = nil) {
        input = .memory(bytes, next: 0)
        stop = .never
        (storage, capacity) = ByteSource.allocateBuffer(max(bufferSize ?? bytes.count, ByteSource.minimumBufferSize))
    }

    deinit {
        free(storage)
    }

    /// A buffer of `size` bytes, or a smaller one when memory is short (`ulimit -v`): readers work with any size
    /// from `minimumBufferSize`, at the cost of more refills, where a failed allocation would end rosterdb.
    private static func allocateBuffer(_ size: Int) -> (UnsafeMutablePointer<UInt8>, Int) {
        var size = size
        while true {
            if let buffer = malloc(size) { return (buffer.assumingMemoryBound(to: UInt8.self), size) }
            guard size > minimumBufferSize else { fatalError("out of memory for a \(size)-byte input buffer") }
            size = max(size / 16, minimumBufferSize)
        }
    }

    /// The bytes read but not consumed yet.
    package var unconsumed: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: end - start)
    }

    /// Bytes of the input consumed so far.
    package var bytesConsumed: Int { origin + start }

    /// Marks the bytes before buffer index `index` as consumed; indices outside `start...end` are clamped.
    package func consume(upTo index: Int) {
        start = min(max(index, start), end)
    }

    /// Moves the unconsumed bytes to the front of the buffer, then reads more after them. Returns false at the end
    /// of the input, or when unconsumed bytes already fill the buffer.
    package func refill() throws(ReadError) -> Bool {
        if start > 0 {
            let kept = end - start
            if kept > 0 {
                storage.update(from: storage + start, count: kept)
            }
            origin += start
            start = 0
            end = kept
        }
        guard !isExhausted, end < capacity else { return false }
        let count = try read(into: storage + end, count: capacity - end)
        if count == 0 {
            isExhausted = true
            return false
        }
        end += count
        return true
    }

    /// The first byte that is not white space (space, tab, CR, LF) after an optional UTF-8 byte order mark, without
    /// consuming anything; nil when the input is blank. Only one buffer is examined: input whose first
    /// `capacity` bytes are all blank is taken as blank.
    package func firstNonBlankByte() throws(ReadError) -> UInt8? {
        // Enough bytes to recognise a byte order mark, unless the input is shorter.
        while end - start < 3, try refill() {}
        var index = start
        if origin + start == 0, end - start >= 3, storage[start] == 0xEF, storage[start + 1] == 0xBB,
            storage[start + 2] == 0xBF
        {
            index += 3
        }
        while true {
            while index < end {
                switch storage[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return storage[index]
                }
            }
            let scanned = index - start
            guard try refill() else { return nil }
            index = start + scanned
        }
    }

    private func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadError) -> Int {
        switch input {
        case .descriptor(let descriptor):
            try waitForInput(descriptor)
            while true {
                let result = Glibc.read(descriptor, buffer, count)
                if result >= 0 { return result }
                let code = errno
                // A signal (a terminal resize, a timer) interrupting the read is no failure, unless it asks to stop.
                if code == EINTR {
                    guard stop.isRaised else { continue }
                    throw ByteSource.stopped
                }
                throw ReadError(
                    kind: .unreadable, message: "cannot read the input: \(String(cString: strerror(code)))",
                    location: SourceLocation(line: 1, column: 1), recordNumber: nil, isRecoverable: false)
            }
        case .memory(let bytes, let next):
            let count = min(count, bytes.count - next)
            if count > 0 {
                bytes.withUnsafeBufferPointer { bytes in
                    if let source = bytes.baseAddress {
                        buffer.update(from: source + next, count: count)
                    }
                }
            }
            input = .memory(bytes, next: next + count)
            return count
        }
    }

    /// Reading ended because `stop` was raised.
    private static let stopped = ReadError(
        kind: .stopped, message: "stopped while waiting for input", location: SourceLocation(line: 1, column: 1),
        recordNumber: nil, isRecoverable: false)

    /// Waits until `descriptor` has input (or its end, or an error, which `read` then reports), a tenth of a
    /// second at a time, asking `stop` in between. A signal that asks to stop may be handled by another
    /// thread, or arrive just before the wait: either way no EINTR would end a read of a silent pipe.
    private func waitForInput(_ descriptor: Int32) throws(ReadError) {
        var input = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            if stop.isRaised { throw ByteSource.stopped }
            let ready = poll(&input, 1, 100)
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
        }
    }
}
