/// A body stream made of the pieces a closure returns, for producers that find it easier to hand out whole pieces
/// (a batch of encoded rows) than to fill the server's buffer: a piece larger than the buffer is sent over
/// several calls, and only one piece is held at a time.
public final class HTTPChunkStream: HTTPBodyStream {
    private let next: () throws -> [UInt8]?
    private let onClose: () -> Void
    private var piece: [UInt8] = []
    private var offset = 0

    /// A stream of the pieces `next` returns until it returns nil; `onClose` runs when the server closes it.
    public init(next: @escaping () throws -> [UInt8]?, onClose: @escaping () -> Void = {}) {
        self.next = next
        self.onClose = onClose
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while offset == piece.count {
            guard let following = try next() else { return 0 }
            piece = following
            offset = 0
        }
        let count = min(buffer.count, piece.count - offset)
        piece.withUnsafeBytes { bytes in
            buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }

    public func close() {
        onClose()
    }
}
