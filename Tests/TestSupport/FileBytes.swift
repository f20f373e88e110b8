import Glibc

/// Reads whole files with plain system calls. Foundation's `FileManager.contents(atPath:)` leaks a 4 KiB buffer for
/// every empty file it reads, which the leak sanitizer reports at the end of a test run.
public enum FileBytes {
    /// The bytes of the file at `path`, or nil when it cannot be opened.
    public static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += chunk[..<count]
        }
    }

    /// Writes `bytes` to a new file at `path` with permissions `mode`, through a descriptor closed on exec, so that
    /// no child another thread starts meanwhile keeps it open for writing; returns whether it was all written.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return false }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        return close(descriptor) == 0 && written == bytes.count
    }
}
