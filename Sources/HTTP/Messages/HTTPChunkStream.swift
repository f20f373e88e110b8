/// A body stream made of the pieces a closure returns, for producers that find it easier to hand out whole pieces
/// (a batch of encoded rows) than to fill the server's buffer: a piece larger than the buffer is sent over
/// several calls, and only one piece is held at a time.
package final class HTTPChunkStream: HTTPBodyStream {
    private let next: () throws -> [UInt8]?
    private let onClose: () -> Void
    private var piece: [UInt8] = []
    private var offset = 0
    /// Whether `next` has returned nil: it is not asked again.
    private var ended = false

    /// A stream of the pieces `next` returns until it returns nil; `onClose` runs when the server closes it.
    package init(next: @escaping () throws -> [UInt8]?, onClose: @escaping () -> Void = {}) {
        self.next = next
        self.onClose = onClose
    }

    /// Takes the first piece now, before the response is sent: a producer that fails at once (an unreadable first
    /// row) makes the handler answer with an error status, rather than a 200 whose body is cut off before any byte.
    package func prime() throws {
        try fill()
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try fill()
        guard offset < piece.count else { return 0 }
        let count = min(buffer.count, piece.count - offset)
        piece.withUnsafeBytes { bytes in
            buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }

    package func close() {
        onClose()
    }

    /// Makes sure a piece with bytes left is at hand, unless `next` has ended.
    private func fill() throws {
        while offset == piece.count && !ended {
            if let following = try next() {
                piece = following
                offset = 0
            } else {
                ended = true
            }
        }
    }
}
