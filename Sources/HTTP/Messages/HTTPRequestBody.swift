import Glibc

/// The body of a request, received piece by piece as the client sends it: kept in memory while small, and past
/// `memoryBytes` in a temporary file that has no name (removed as soon as made), so that a large body (an import's
/// feed) takes flat memory. The server counts the pieces against its limit before any is kept.
package final class HTTPRequestBody: @unchecked Sendable, Equatable {
    /// Bytes kept in memory before the body moves to a file.
    package static let memoryBytes = 256 * 1024

    private var memory: [UInt8] = []
    /// The temporary file, once the body outgrew memory.
    private var descriptor: Int32?
    /// Bytes received.
    package private(set) var count = 0

    package init() {}

    /// A body of `bytes`, for tests and callers that build requests themselves.
    package convenience init(_ bytes: [UInt8]) {
        self.init()
        memory = bytes
        count = bytes.count
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// The same body: one request's.
    package static func == (left: HTTPRequestBody, right: HTTPRequestBody) -> Bool { left === right }

    /// Adds the next piece; throws when no temporary file can be made or written (the disk is full).
    package func append(_ piece: UnsafeRawBufferPointer) throws {
        count += piece.count
        if descriptor == nil && memory.count + piece.count <= Self.memoryBytes {
            memory.append(contentsOf: piece)
            return
        }
        let file = try spilled()
        try Self.write(piece, to: file)
    }

    /// The whole body as bytes; nil when it is larger than `limit` (read it as a file instead).
    package func bytes(upTo limit: Int) throws -> [UInt8]? {
        guard count <= limit else { return nil }
        guard let descriptor else { return memory }
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + offset, count - offset, off_t(offset))
            }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { throw HTTPRequestBodyError(reason: Self.reason(read)) }
            offset += read
        }
        return bytes
    }

    /// A descriptor that reads the body from its start, which the caller closes: of the file that holds it (a
    /// small body is written to one first).
    package func openForReading() throws -> Int32 {
        let file = try spilled()
        let copy = dup(file)
        guard copy >= 0 else { throw HTTPRequestBodyError(reason: String(cString: strerror(errno))) }
        // The duplicate shares the file's offset, which nothing else moves once the body is whole.
        lseek(copy, 0, SEEK_SET)
        return copy
    }

    /// The temporary file, made (with what memory held) if there is none yet.
    private func spilled() throws -> Int32 {
        if let descriptor { return descriptor }
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/rosterdb-body-XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else {
            throw HTTPRequestBodyError(reason: "no temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        descriptor = file
        let kept = memory
        memory = []
        try kept.withUnsafeBytes { bytes in try Self.write(bytes, to: file) }
        return file
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to file: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(file, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw HTTPRequestBodyError(reason: reason(written)) }
            offset += written
        }
    }

    private static func reason(_ result: Int) -> String {
        result == 0 ? "the temporary file ended early" : String(cString: strerror(errno))
    }
}

/// A request body that could not be kept: no temporary file could be made or written.
package struct HTTPRequestBodyError: Error, CustomStringConvertible {
    package let reason: String

    package var description: String { "the request body could not be kept: \(reason)" }
}
