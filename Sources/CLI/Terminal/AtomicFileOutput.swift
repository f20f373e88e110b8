import Glibc
import RosterModel

/// Writes a file under a temporary name next to it and renames it into place on `commit`, so readers never see
/// half a file and a failed write leaves the old file, if any, as it was.
final class AtomicFileOutput: TextOutput {
    private let path: String
    private let temporaryPath: String
    private let file: FileOutput
    private let descriptor: Int32
    private var committed = false

    init(path: String) throws {
        self.path = path
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw OutputFileError(path: path, errorNumber: errno)
        }
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.descriptor = descriptor
        file = FileOutput(descriptor: descriptor)
    }

    func write(_ text: String) {
        file.write(text)
    }

    func flush() throws {
        try file.flush()
    }

    /// Flushes, syncs and renames the file into place.
    func commit() throws {
        do {
            try file.flush()
        } catch let error as OutputError {
            throw OutputFileError(path: path, errorNumber: error.errorNumber)
        }
        // mkstemp made the file private; give it the mode any new file gets here.
        let mask = umask(0)
        umask(mask)
        guard fchmod(descriptor, 0o666 & ~mask) == 0, fsync(descriptor) == 0, rename(temporaryPath, path) == 0 else {
            throw OutputFileError(path: path, errorNumber: errno)
        }
        committed = true
    }

    deinit {
        close(descriptor)
        if !committed { unlink(temporaryPath) }
    }
}

/// Writing an output file failed.
struct OutputFileError: CategorizedError {
    let path: String
    let errorNumber: Int32
    var category: ErrorCategory { .io }
    var description: String { "cannot write \(path): \(String(cString: strerror(errorNumber)))" }
}
