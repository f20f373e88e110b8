import Glibc
import RosterModel

/// One input of an import. Every input is checked before anything is written, so a missing second file leaves the
/// roster as it was. A regular file is then closed and opened again when its turn comes, so that an import of more
/// files than `ulimit -n` allows reads them all; any other input (standard input, a pipe, a FIFO) stays open from
/// the check on, since it cannot be opened twice and opening a FIFO waits for its writer, which must not happen
/// while the import holds the roster's write lock.
final class InputFile {
    /// The name as the user gave it, for messages.
    let name: String
    /// The size of a regular file, for progress; nil for pipes and terminals.
    let size: Int?
    /// The open descriptor, nil while a regular file waits for its turn or after it was read.
    private var descriptor: Int32?
    private let ownsDescriptor: Bool
    private let stop: StopSignal

    /// Opens `name`; `-` is standard input (`standardInput`, -1 when it was closed). A missing, unreadable or
    /// folder path throws `cannotOpen`; running out of descriptors or memory throws `outOfResources`. Opening a
    /// FIFO waits for its writer, until `stop` returns true after a signal (`Interrupted`).
    init(opening name: String, standardInput: Int32, stop: StopSignal = .never) throws {
        let owned = name != "-"
        guard owned || standardInput >= 0 else {
            throw ImportError.cannotOpen(file: name, reason: "standard input is closed")
        }
        let descriptor = owned ? try InputFile.open(name, stop: stop) : standardInput
        // Closed here on failure, as self is not set up yet: deinit runs only for a fully initialized object.
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            if owned { close(descriptor) }
            throw ImportError.cannotOpen(file: name, reason: reason)
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            if owned { close(descriptor) }
            throw ImportError.cannotOpen(file: name, reason: "it is a folder")
        }
        let isRegular = info.st_mode & S_IFMT == S_IFREG
        if owned && isRegular { close(descriptor) }
        self.name = name
        self.descriptor = owned && isRegular ? nil : descriptor
        self.ownsDescriptor = owned
        self.stop = stop
        self.size = isRegular ? Int(info.st_size) : nil
    }

    /// The descriptor to read from, opened now if it waited for its turn. Opened without waiting, and refused
    /// unless it is still a regular file: a FIFO put in its place meanwhile would wait for a writer with the
    /// roster's write lock held.
    func openForReading() throws -> Int32 {
        if let descriptor { return descriptor }
        let opened = try InputFile.open(name, flags: O_NONBLOCK, stop: stop)
        var info = stat()
        guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            throw ImportError.cannotOpen(file: name, reason: "it is no longer a regular file")
        }
        descriptor = opened
        return opened
    }

    /// Closes the input once read, to leave its descriptor to the next one.
    func finishReading() {
        if ownsDescriptor, let descriptor { close(descriptor) }
        descriptor = nil
    }

    /// Opens `name` for reading, again when a signal interrupts the wait for a FIFO's writer.
    private static func open(_ name: String, flags: Int32 = 0, stop: StopSignal) throws -> Int32 {
        var opened: Int32
        repeat {
            // A signal that came before the wait must end it too: it will not interrupt it.
            if stop.isRaised { throw Interrupted() }
            opened = Glibc.open(name, O_RDONLY | O_CLOEXEC | flags)
        } while opened < 0 && errno == EINTR
        guard opened >= 0 else {
            let reason = String(cString: strerror(errno))
            switch errno {
            case EMFILE, ENFILE, ENOMEM: throw ImportError.outOfResources(file: name, reason: reason)
            default: throw ImportError.cannotOpen(file: name, reason: reason)
            }
        }
        return opened
    }

    deinit {
        finishReading()
    }
}
