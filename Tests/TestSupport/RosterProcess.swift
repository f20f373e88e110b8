import Foundation
import Glibc

/// The built `rosterdb` binary, run as a separate process, as a user runs it.
public enum RosterProcess {
    /// What a command stopped by a signal prints on standard error.
    public static let interrupted = "Error: interrupted; the roster was left as it was\n"

    /// What one run printed and returned.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The binary next to the test bundle, as `swift build` and `swift test` place it.
    public static let executable: URL = {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // The runner may sit inside a bundle folder (`rosterdbPackageTests.xctest`).
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("rosterdb")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Fixtures.packageRoot.appendingPathComponent(".build/debug/rosterdb")
    }()

    /// Copies the binary to `path`, for a user who cannot reach the build folder. A copy written through a
    /// descriptor that a child of another test inherited stays open for writing while that child runs, and running
    /// it fails meanwhile with ETXTBSY ("Text file busy"); `FileBytes.write` closes its descriptor on exec.
    public static func copyExecutable(to path: String) throws {
        guard let bytes = FileBytes.read(executable.path), FileBytes.write(bytes, to: path, mode: 0o755) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// Whether this build runs under the address or thread sanitizer, as the binary next to it then does: its
    /// shadow memory makes peak-memory figures meaningless.
    public static let isSanitized = dlsym(nil, "__asan_init") != nil || isThreadSanitized
    /// Whether this build runs under the thread sanitizer.
    public static let isThreadSanitized = dlsym(nil, "__tsan_init") != nil

    /// This process's environment without the variables that would change what rosterdb does (the default roster,
    /// the terminal's width), plus `extra`.
    private static func childEnvironment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["ROSTERDB_DB"] = nil
        environment["COLUMNS"] = nil
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Runs `rosterdb` as `run` does, with arguments given as bytes, under the `PeakMemory` helper built next to it,
    /// and tells its peak memory and whether a signal ended it. Output goes through files in `scratch`.
    public static func spawn(
        _ arguments: [[UInt8]], in directory: URL, scratch: URL, environment: [String: String] = [:]
    ) throws -> SpawnedProcess.Outcome {
        let env = childEnvironment(environment)
        return try SpawnedProcess.run(
            executable.path, arguments: arguments, in: directory.path, environment: env, scratch: scratch.path,
            measurer: executable.deletingLastPathComponent().appendingPathComponent("PeakMemory").path)
    }

    /// `spawn` with text arguments.
    public static func spawn(
        _ arguments: [String], in directory: URL, scratch: URL, environment: [String: String] = [:]
    ) throws -> SpawnedProcess.Outcome {
        try spawn(arguments.map { Array($0.utf8) }, in: directory, scratch: scratch, environment: environment)
    }

    /// Runs `script` with bash under the `PeakMemory` helper, with `$0` the built `rosterdb` and `arguments` its
    /// positional parameters (`exec "$0" "$@" >/dev/full`): for limits, redirections and pipes. A pipeline's peak
    /// memory is its largest process's, since a parent's counts the children it waited for.
    public static func spawn(
        shell script: String, _ arguments: [String], in directory: URL, scratch: URL,
        environment: [String: String] = [:]
    ) throws -> SpawnedProcess.Outcome {
        let env = childEnvironment(environment)
        return try SpawnedProcess.run(
            "/bin/bash", arguments: (["-c", script, executable.path] + arguments).map { Array($0.utf8) },
            in: directory.path, environment: env, scratch: scratch.path,
            measurer: executable.deletingLastPathComponent().appendingPathComponent("PeakMemory").path)
    }

    /// Runs a command line of the docs as a user types it, with bash, in `directory`: `rosterdb` is the built binary.
    public static func runAsTyped(_ command: String, in directory: URL) throws -> Result {
        try run(
            ["-c", command], in: directory,
            environment: ["PATH": executable.deletingLastPathComponent().path + ":/usr/bin:/bin"],
            executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// Runs `rosterdb` with `arguments` in `directory`, feeding it `stdin`, with `ROSTERDB_DB` unset unless given;
    /// `executable` runs something else instead (a shell that sets limits, then runs rosterdb).
    @discardableResult
    public static func run(
        _ arguments: [String], in directory: URL? = nil, stdin: Data = Data(), environment: [String: String] = [:],
        executable: URL = RosterProcess.executable
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let env = childEnvironment(environment)
        process.environment = env
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes while the process runs, so that a large output never blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
