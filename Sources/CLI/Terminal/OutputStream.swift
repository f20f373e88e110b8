import Glibc
import RosterModel
import RosterService

/// Where a command writes text: standard output, standard error, a file, or a string in tests.
protocol TextOutput: AnyObject {
    /// Appends `text`; throws the first failure to write (a full disk, a closed pipe), and every call after it,
    /// so that work whose output can no longer go anywhere stops at once instead of piling it up in memory.
    func write(_ text: String) throws
    /// Writes what is buffered; throws when the bytes could not be written (full disk, closed pipe).
    func flush() throws
}

/// Writing output failed: a full disk, a reader that went away, a device that takes no bytes.
struct OutputError: CategorizedError {
    /// The file written, as the user named it; nil for standard output.
    var path: String?
    let errorNumber: Int32
    /// What rosterdb was doing, when the error alone would not say (`cannot create a temporary file beside it`).
    var note: String?

    init(path: String? = nil, errorNumber: Int32, note: String? = nil) {
        self.path = path
        self.errorNumber = errorNumber
        self.note = note
    }

    /// The reader of a pipe stopped reading (`| head`): not a failure of rosterdb's.
    var isBrokenPipe: Bool { errorNumber == EPIPE }
    var category: ErrorCategory { .io }
    var description: String {
        "cannot write \(path ?? "output"): \(String(cString: strerror(errorNumber)))" + (note.map { " (\($0))" } ?? "")
    }
}

/// A buffered writer on a file descriptor.
final class FileOutput: TextOutput {
    private let descriptor: Int32
    /// The name errors give the output; nil for standard output.
    private let path: String?
    private var buffer: [UInt8] = []
    /// The first failure; once there is one, nothing more is kept or written.
    private var failure: OutputError?
    private static let capacity = 1 << 16

    /// Whether a signal that asks to stop ends a wait to write (with `Interrupted`): for what a command produces,
    /// not for standard error, which must still take the message that says why it stopped.
    private let stopsOnSignal: Bool

    /// The most one write(2) takes: for a pipe, a FIFO or a socket, what a ready descriptor takes without waiting
    /// (`PIPE_BUF`): a longer write into one that has room for less would wait inside write(2), where a signal that
    /// came just before it ends nothing (an interrupted import waited for good on a change list nobody read).
    private let writeLimit: Int

    init(descriptor: Int32, path: String? = nil, stopsOnSignal: Bool = true) {
        self.descriptor = descriptor
        self.path = path
        self.stopsOnSignal = stopsOnSignal
        var info = stat()
        let kind = fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : 0
        writeLimit = kind == S_IFIFO || kind == S_IFSOCK ? Int(PIPE_BUF) : Int.max
        buffer.reserveCapacity(FileOutput.capacity)
    }

    func write(_ text: String) throws {
        if let failure { throw failure }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= FileOutput.capacity { try flush() }
    }

    func flush() throws {
        if let failure { throw failure }
        var written = 0
        while written < buffer.count {
            try waitUntilWritable()
            let result = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress! + written, min(bytes.count - written, writeLimit))
            }
            if result < 0 {
                if errno == EINTR { continue }
                failure = OutputError(path: path, errorNumber: errno)
                buffer = []
                throw failure!
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Waits until the descriptor takes bytes, a tenth of a second at a time, and throws `Interrupted` once a
    /// signal asks to stop: a pipe or FIFO whose reader stopped reading (but did not close it) would otherwise
    /// keep a stopped export waiting in write(2), since a signal that arrives just before the call, or during a
    /// write that has taken some bytes, does not end it. A descriptor that takes bytes at once is written whatever
    /// the signal: a signal ends a wait, not a write, so that the report of an interrupted import, or of a change
    /// already committed, still reaches a file or a reader that reads.
    private func waitUntilWritable() throws {
        var output = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while true {
            let ready = poll(&output, 1, 100)
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
            if stopsOnSignal && SignalTrap.received != 0 { throw Interrupted() }
        }
    }
}
