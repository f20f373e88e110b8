import Glibc
import RosterModel
import RosterService

/// A small text file the command line reads whole (a map file), as UTF-8.
enum TextFile {
    /// The most a text file of options may hold.
    static let limit = 1 << 20

    /// The file's text; throws `unreadable` for a missing, unreadable, oversized or non-UTF-8 file, and
    /// `Interrupted` once `stop` is raised while opening a FIFO waits for a writer or a read waits for input.
    static func read(_ path: String, stop: StopSignal) throws -> String {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 && errno == EINTR && stop.isRaised { throw Interrupted() }
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw Unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                // No SA_RESTART (SignalTrap): a signal ends the wait on a silent pipe.
                if errno == EINTR {
                    if stop.isRaised { throw Interrupted() }
                    continue
                }
                throw Unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > limit { throw Unreadable(path: path, reason: "it is larger than 1 MiB") }
        }
        // NUL is valid UTF-8, but no text holds it: a file with NUL bytes is UTF-16 or not text at all.
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw Unreadable(path: path, reason: "it is not UTF-8 text")
        }
        return text
    }

    /// A text file that cannot be read (exit 66).
    struct Unreadable: CategorizedError {
        let path: String
        let reason: String
        var category: ErrorCategory { .unreadableInput }
        var description: String { "cannot read \(path): \(reason)" }
    }
}
