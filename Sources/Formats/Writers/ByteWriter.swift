/// Bytes written through a pointer into a small buffer and moved to an array in one append when the buffer fills or
/// the writing ends: for the many short pieces a JSON object is made of (a key, a number, a short text), where
/// `Array.append(contentsOf:)` costs several times the copy itself. The owner calls `finish(to:)` when done, also
/// on a thrown error (it frees the buffer).
struct ByteWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    /// A writer over a buffer of `capacity` bytes. (Not one on the stack: `withUnsafeTemporaryAllocation` in a
    /// function generic over the error it throws looks up generic metadata, under a lock, on every call.)
    init(capacity: Int = 1024) {
        buffer = UnsafeMutableBufferPointer.allocate(capacity: capacity)
    }

    /// Moves what the buffer holds to `out` and frees the buffer: the writer is not used again.
    func finish(to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        buffer.deallocate()
    }

    /// Makes room for `needed` more bytes, moving what the buffer holds to `out` first when it lacks it. False when
    /// the buffer cannot hold that many at all: the caller then appends to `out` itself (after this call, which has
    /// moved everything written so far there).
    mutating func reserve(_ needed: Int, flushingTo out: inout [UInt8]) -> Bool {
        if buffer.count - count >= needed { return true }
        flush(to: &out)
        return needed <= buffer.count
    }

    /// Moves what the buffer holds to `out`.
    mutating func flush(to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        count = 0
    }

    // MARK: - Writing, into room reserved first

    mutating func write(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// The decimal digits of `value`: at most 20 bytes.
    mutating func write(_ value: Int64) {
        if value < 0 { write(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var index = count + digits
        count = index
        repeat {
            index -= 1
            buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }
}
