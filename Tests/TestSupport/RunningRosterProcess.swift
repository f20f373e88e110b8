import Foundation
import Glibc

/// The built `rosterdb` running in the background, for tests that signal it or feed it slowly.
///
/// Unchecked: each output buffer is written by its one reader thread, and read only after `readers.wait()`.
public final class RunningRosterProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let readers = DispatchGroup()
    private var outData = Data()
    private var errData = Data()

    /// Starts `executable` (the built binary by default) with `arguments` in `directory`; its standard input stays
    /// open until `closeInput()`.
    public init(_ arguments: [String], in directory: URL, executable: URL = RosterProcess.executable) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["ROSTERDB_DB"] = nil
        environment["COLUMNS"] = nil
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        // A process that ended early must fail the test through `write`'s error, not kill the test runner.
        Glibc.signal(SIGPIPE, SIG_IGN)
        try process.run()
        readers.enter()
        DispatchQueue.global().async { [self] in
            outData = output.fileHandleForReading.readDataToEndOfFile()
            readers.leave()
        }
        readers.enter()
        DispatchQueue.global().async { [self] in
            errData = errors.fileHandleForReading.readDataToEndOfFile()
            readers.leave()
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    public var pid: Int32 { process.processIdentifier }

    /// Writes `data` to its standard input; returns once the pipe has taken it all, that is, once the process has
    /// read all but a pipe buffer (64 KiB) of it.
    public func write(_ data: Data) throws {
        try input.fileHandleForWriting.write(contentsOf: data)
    }

    public func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Whether the process has `path` open: it got that far.
    public func hasOpen(_ path: String) -> Bool {
        let folder = "/proc/\(process.processIdentifier)/fd"
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return descriptors.contains { descriptor in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(descriptor)")) == target
        }
    }

    /// Waits until `condition` holds or `seconds` pass; returns whether it held.
    @discardableResult
    public func wait(upTo seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// How the process ended.
    public struct Ending: Sendable, Equatable {
        /// The exit status, or nil when a signal ended it.
        public let status: Int32?
        /// The signal that ended it, if one did.
        public let signal: Int32?
        public let stdout: String
        public let stderr: String
    }

    /// Waits up to `seconds` for the process to end on its own; nil (and the process killed) when it did not.
    public func finish(within seconds: Double) -> Ending? {
        guard wait(upTo: seconds, until: { !process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            // Bounded, not waitUntilExit: a child that died of an abort was once left a zombie that Foundation never
            // reaped, and the wait never returned.
            _ = wait(upTo: 5) { !process.isRunning }
            return nil
        }
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        readers.wait()
        let exited = process.terminationReason == .exit
        return Ending(
            status: exited ? process.terminationStatus : nil, signal: exited ? nil : process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }
}
