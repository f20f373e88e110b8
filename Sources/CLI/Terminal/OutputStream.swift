import Glibc
import RosterModel

/// Where a command writes text: standard output, standard error, or a string in tests.
protocol TextOutput: AnyObject {
    func write(_ text: String)
    /// Writes what is buffered; throws when the bytes could not be written (full disk, closed pipe).
    func flush() throws
}

/// Writing standard output failed (a full disk, or a reader that went away).
struct OutputError: CategorizedError {
    let errorNumber: Int32
    var isBrokenPipe: Bool { errorNumber == EPIPE }
    var category: ErrorCategory { .io }
    var description: String { "cannot write output: \(String(cString: strerror(errorNumber)))" }
}

/// A buffered writer on a file descriptor.
final class FileOutput: TextOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var failure: OutputError?
    private static let capacity = 1 << 16

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(FileOutput.capacity)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= FileOutput.capacity { try? flush() }
    }

    func flush() throws {
        if let failure { throw failure }
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                failure = OutputError(errorNumber: errno)
                buffer.removeAll(keepingCapacity: true)
                throw failure!
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
