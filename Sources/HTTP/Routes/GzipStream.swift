import CZlib

/// A body gzipped while it is sent (RFC 1952, by zlib's deflate): each read fills the server's buffer with what the
/// source's bytes compress to, reading the source a buffer at a time, so that a streamed list stays streamed in flat
/// memory (zlib's state is about 256 KiB). An error of the source cuts the body off before gzip's trailer, so the
/// client sees it incomplete, as it would without compression.
final class GzipStream: HTTPBodyStream {
    /// Pages and other answers built whole: zlib's default, a small answer's size matters more than its time.
    static let wholeBodyLevel: Int32 = 6
    /// Streams of every match: the fastest level, which still takes a list to about a fifth, at several times the
    /// speed of the default.
    static let streamLevel: Int32 = 1

    private let source: any HTTPBodyStream
    private var deflater: UnsafeMutablePointer<z_stream>?
    /// The source's bytes not yet compressed; zlib keeps a pointer into it between reads.
    private let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 1)
    private var sourceEnded = false
    private var finished = false

    /// Nil when zlib cannot start (no memory): the body is then sent as it is.
    init?(_ source: any HTTPBodyStream, level: Int32) {
        let deflater = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        deflater.initialize(to: z_stream())
        guard czlib_deflate_init_gzip(deflater, level) == Z_OK else {
            deflater.deinitialize(count: 1)
            deflater.deallocate()
            input.deallocate()
            return nil
        }
        self.source = source
        self.deflater = deflater
    }

    deinit {
        release()
        input.deallocate()
    }

    /// `bytes` gzipped whole; nil when zlib cannot start.
    static func compress(_ bytes: [UInt8], level: Int32 = wholeBodyLevel) -> [UInt8]? {
        var pending: [UInt8]? = bytes
        let source = HTTPChunkStream(next: {
            defer { pending = nil }
            return pending
        })
        guard let gzip = GzipStream(source, level: level) else { return nil }
        defer { gzip.close() }
        var compressed: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            guard let count = try? buffer.withUnsafeMutableBytes({ try gzip.read(into: $0) }) else { return nil }
            if count == 0 { return compressed }
            compressed += buffer[..<count]
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let deflater, !finished, let out = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        let capacity = UInt32(clamping: buffer.count)
        deflater.pointee.next_out = out.assumingMemoryBound(to: Bytef.self)
        deflater.pointee.avail_out = capacity
        // Until some bytes are out: a read that returns 0 ends the body.
        while !finished && deflater.pointee.avail_out == capacity {
            if deflater.pointee.avail_in == 0 && !sourceEnded {
                let count = try source.read(into: input)
                sourceEnded = count == 0
                deflater.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                deflater.pointee.avail_in = UInt32(count)
            }
            let status = CZlib.deflate(deflater, sourceEnded ? Z_FINISH : Z_NO_FLUSH)
            // Z_BUF_ERROR: nothing to do until more input comes, which the next turn reads.
            if status == Z_STREAM_END {
                finished = true
            } else if status != Z_OK && status != Z_BUF_ERROR {
                throw GzipFailed(status: status)
            }
        }
        deflater.pointee.next_out = nil
        return Int(capacity - deflater.pointee.avail_out)
    }

    func close() {
        source.close()
        release()
    }

    /// Gives zlib's state back, once.
    private func release() {
        guard let deflater else { return }
        deflateEnd(deflater)
        deflater.deinitialize(count: 1)
        deflater.deallocate()
        self.deflater = nil
    }
}

/// zlib's deflate failed; the body is cut off.
struct GzipFailed: Error, CustomStringConvertible {
    let status: Int32

    var description: String { "gzip compression failed (zlib status \(status))" }
}
