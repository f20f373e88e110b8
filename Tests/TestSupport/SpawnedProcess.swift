import Foundation
import Glibc

/// A program run under the `PeakMemory` helper (built next to `rosterdb`), which reports the program's own peak
/// memory and how it ended: an exit code, or the signal that killed it. Arguments are bytes, so that a test can
/// pass what a shell can and `Process` cannot (an argument that is not UTF-8).
///
/// The helper is needed because Linux keeps a process's peak memory across exec, counting what the process had
/// before: a child that this (large) test process spawns would report the test process's peak, not its own.
public enum SpawnedProcess {
    /// How one run ended and what it printed.
    public struct Outcome: Sendable {
        /// The exit code; nil when a signal ended the process.
        public let exitCode: Int32?
        /// The signal that ended the process, if one did.
        public let signal: Int32?
        public let stdout: String
        public let stderr: String
        /// The largest resident set the process reached, in KiB (`ru_maxrss`).
        public let peakMemoryKiB: Int
    }

    /// A run that could not be made, or a step before a test that failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Runs `executable` with `arguments` in `directory`, with `environment` as its whole environment, under the
    /// `measurer` helper. Standard input is an empty file; standard output and error, and the helper's report, go
    /// to files in `scratch`, a folder of the caller's.
    public static func run(
        _ executable: String, arguments: [[UInt8]], in directory: String, environment: [String: String],
        scratch: String, measurer: String
    ) throws -> Outcome {
        let id = UUID().uuidString
        let paths = ["in", "out", "err", "report"].map { "\(scratch)/spawn-\(id).\($0)" }
        defer { paths.forEach { unlink($0) } }
        guard FileManager.default.createFile(atPath: paths[0], contents: Data()) else {
            throw Failure(description: "cannot create \(paths[0])")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, paths[0], O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, paths[1], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, paths[2], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try addChangeDirectory(&actions, directory)

        let argv = [Array(measurer.utf8), Array(paths[3].utf8), Array(executable.utf8)] + arguments
        let envp = environment.map { Array("\($0.key)=\($0.value)".utf8) }
        var pid = pid_t()
        let spawned = withCStrings(argv) { argv in
            withCStrings(envp) { envp in posix_spawn(&pid, measurer, &actions, nil, argv, envp) }
        }
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(measurer): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid: \(String(cString: strerror(errno)))") }
        }
        func text(_ path: String) -> String {
            String(decoding: FileBytes.read(path) ?? [], as: UTF8.self)
        }
        let report = text(paths[3]).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .newlines)) }
        guard status == 0, report.count == 3 else {
            throw Failure(description: "\(measurer) failed (status \(status)): \(text(paths[2]))")
        }
        return Outcome(
            exitCode: report[1] >= 0 ? Int32(report[1]) : nil, signal: report[2] == 0 ? nil : Int32(report[2]),
            stdout: text(paths[1]), stderr: text(paths[2]), peakMemoryKiB: report[0])
    }

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29), looked up at run time: Swift's Glibc module does not
    /// declare it.
    private static func addChangeDirectory(
        _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ directory: String
    ) throws {
        typealias AddChangeDirectory =
            @convention(c) (
                UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
            ) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
            throw Failure(description: "this C library has no posix_spawn_file_actions_addchdir_np (glibc 2.29+)")
        }
        let code = unsafeBitCast(symbol, to: AddChangeDirectory.self)(actions, directory)
        guard code == 0 else { throw Failure(description: "addchdir: \(String(cString: strerror(code)))") }
    }

    /// Calls `body` with `strings` as a NULL-terminated C array of NUL-terminated strings.
    private static func withCStrings<R>(
        _ strings: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
    ) -> R {
        let pointers = strings.map { bytes -> UnsafeMutablePointer<CChar>? in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        }
        defer { pointers.forEach { $0?.deallocate() } }
        return body(pointers + [nil])
    }
}
