import CSQLite
import Foundation
import Glibc
import TestSupport
import Testing

@testable import RosterRepository

/// Where output goes when it is not a plain new file: `export --output` at the roster itself, at links, FIFOs and
/// devices, at an existing file with its own mode; and output that cannot be written (a full disk, a reader that
/// went away), which must stop the work at once.
@Suite struct OutputTests {
    let folder: TemporaryDirectory
    let roster: String

    init() throws {
        folder = try TemporaryDirectory()
        roster = folder.path("roster.db")
        let created = try RosterProcess.run(["--db", roster, "init", "--sample"], in: folder.url)
        #expect(created.status == 0)
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> RosterProcess.Result {
        try RosterProcess.run(["--db", "roster.db"] + arguments, in: folder.url)
    }

    /// Runs `script` in bash in the test folder, `$0` being rosterdb.
    private func shell(_ script: String, _ arguments: [String] = []) throws -> RosterProcess.Result {
        try RosterProcess.run(
            ["-c", script, RosterProcess.executable.path] + arguments, in: folder.url,
            executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// The files of the test folder; with `roster: false`, without the roster's (SQLite may add its -wal and -shm).
    private func listing(roster: Bool = true) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { roster || !$0.hasPrefix("roster.db") }.sorted()
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(folder.path(path), &info)
        return info.st_mode
    }

    /// The sample roster as `export` prints it on standard output.
    private func expectedExport() throws -> String {
        let result = try run(["export"])
        #expect(result.status == 0)
        return result.stdout
    }

    // MARK: - The roster is never an output

    /// Ways to name the roster or a file SQLite keeps beside it: spellings, links, and files that do not exist yet.
    static let rosterSpellings: [(output: String, named: String)] = [
        ("roster.db", "the roster (/roster.db)"),
        ("./roster.db", "the roster (/roster.db)"),
        ("sub/../roster.db", "the roster (/roster.db)"),
        ("symlink.db", "the roster (/roster.db)"),
        ("hardlink.db", "the roster (/roster.db)"),
        ("roster.db-wal", "/roster.db-wal, which SQLite keeps beside the roster"),
        ("roster.db-shm", "/roster.db-shm, which SQLite keeps beside the roster"),
        ("roster.db-journal", "/roster.db-journal, which SQLite keeps beside the roster"),
        ("journal-link", "/roster.db-journal, which SQLite keeps beside the roster"),
    ]

    @Test(arguments: rosterSpellings)
    func exportNeverWritesTheRosterOrItsFiles(output: String, named: String) throws {
        try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.path("symlink.db"), withDestinationPath: "roster.db")
        #expect(link(roster, folder.path("hardlink.db")) == 0)
        // Dangling: the journal exists only during a write.
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("journal-link"), withDestinationPath: "roster.db-journal")
        let bytes = folder.bytes(of: roster)
        let files = try listing()
        let real = URL(fileURLWithPath: folder.url.path).resolvingSymlinksInPath().path
        let result = try run(["export", "--output", output])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: The value '\(output)' is invalid for '--output <file>': it is "
                    + named.replacingOccurrences(of: "/roster.db", with: real + "/roster.db")
                    + "; choose another file.\n"))
        #expect(folder.bytes(of: roster) == bytes)
        #expect(try listing() == files)
        // Also when the roster itself is named through a link.
        let linked = try RosterProcess.run(["--db", "symlink.db", "export", "-o", "roster.db"], in: folder.url)
        #expect(linked.status == 64)
        #expect(folder.bytes(of: roster) == bytes)
    }

    /// `import --changes` is an output as well, checked by the same rule before the import opens anything.
    @Test(arguments: rosterSpellings)
    func importNeverWritesItsChangesOverTheRoster(output: String, named: String) throws {
        try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.path("symlink.db"), withDestinationPath: "roster.db")
        #expect(link(roster, folder.path("hardlink.db")) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("journal-link"), withDestinationPath: "roster.db-journal")
        let feed = try folder.write(#"{"name":"New Player","position":"ST"}"# + "\n", to: "feed.ndjson")
        let bytes = folder.bytes(of: roster)
        let result = try run(["import", feed, "--changes", output])
        #expect(result.status == 64)
        #expect(result.stderr.contains("is invalid for '--changes <file>': it is "), "\(result.stderr)")
        #expect(folder.bytes(of: roster) == bytes)
    }

    @Test func anEmptyOutputPathIsAUsageError() throws {
        let result = try run(["export", "--output", ""])
        #expect(result.status == 64)
        #expect(
            result.stderr == """
                Error: The value '' is invalid for '--output <file>': expected a file, not an empty text.
                Usage: rosterdb export [<options>]
                  See 'rosterdb export --help' for more information.

                """)
    }

    @Test func aDashIsStandardOutput() throws {
        let result = try run(["export", "-o", "-"])
        #expect(result.status == 0)
        #expect(result.stdout == (try expectedExport()))
        #expect(!FileManager.default.fileExists(atPath: folder.path("-")))
    }

    // MARK: - Files that are not plain new files

    @Test func aFIFOIsWrittenThroughToItsReader() throws {
        let fifo = folder.path("export.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader is there before rosterdb opens the FIFO; the export (4 KB) fits in the pipe's buffer.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let result = try run(["export", "--output", "export.fifo"])
        #expect(result.status == 0, "\(result.stderr)")
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(reader, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        #expect(String(decoding: received, as: UTF8.self) == (try expectedExport()))
        #expect(mode("export.fifo") & S_IFMT == S_IFIFO, "the FIFO was replaced")
    }

    @Test func aLinkToADeviceIsWrittenThroughAndAFullOneExits74() throws {
        try FileManager.default.createSymbolicLink(atPath: folder.path("null"), withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: folder.path("full"), withDestinationPath: "/dev/full")
        let files = try listing()
        let null = try run(["export", "--output", "null"])
        #expect(null.status == 0, "\(null.stderr)")
        let full = try run(["export", "--output", "full"])
        #expect(full.status == 74)
        #expect(full.stderr == "Error: cannot write full: No space left on device\n")
        #expect(mode("null") & S_IFMT == S_IFLNK && mode("full") & S_IFMT == S_IFLNK, "a link was replaced")
        #expect(try listing() == files)
    }

    @Test func aLinkIsFollowedAndItsTargetReplacedKeepingItsMode() throws {
        try folder.write("old", to: "target.json")
        #expect(chmod(folder.path("target.json"), 0o640) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.json"), withDestinationPath: "target.json")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("dangling.json"), withDestinationPath: "new.json")
        #expect(try run(["export", "--output", "link.json"]).status == 0)
        #expect(try run(["export", "--output", "dangling.json"]).status == 0)
        let expected = try expectedExport()
        #expect(String(decoding: folder.bytes(of: folder.path("target.json")) ?? [], as: UTF8.self) == expected)
        #expect(String(decoding: folder.bytes(of: folder.path("new.json")) ?? [], as: UTF8.self) == expected)
        #expect(mode("link.json") & S_IFMT == S_IFLNK && mode("dangling.json") & S_IFMT == S_IFLNK)
        #expect(mode("target.json") & 0o7777 == 0o640)
    }

    /// A new roster and a new output file get the permissions the umask leaves, as files the shell creates do.
    @Test(arguments: [(mode_t(0o022), mode_t(0o644)), (0o077, 0o600), (0o002, 0o664)])
    func newFilesFollowTheUmask(umask: mode_t, expected: mode_t) throws {
        let mask = String(umask, radix: 8)
        let made = try shell(
            #"umask \#(mask) && "$0" --db new.db add --name "Umask Player" --position ST && "$0" export -o out.json"#)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(mode("new.db") & 0o7777 == expected & 0o644)
        #expect(mode("out.json") & 0o7777 == expected)
    }

    /// `-o /dev/stdout` with standard output appended to a file appends, as the shell was asked to. (Through a link
    /// of the test's own, as `/dev/stdout` is one: a rosterdb that replaced links would replace only that.)
    @Test func standardOutputNamedByPathKeepsItsRedirection() throws {
        try folder.write("kept\n", to: "log.json")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("stdout"), withDestinationPath: "/proc/self/fd/1")
        let result = try shell(#"exec "$0" --db roster.db export -o stdout >> log.json"#)
        #expect(result.status == 0, "\(result.stderr)")
        let log = String(decoding: folder.bytes(of: folder.path("log.json")) ?? [], as: UTF8.self)
        #expect(log == "kept\n" + (try expectedExport()))
    }

    /// A name near the longest a folder allows leaves no room for a suffix: the temporary file gets a short name.
    @Test func aNameOfTheLongestLengthCanBeWritten() throws {
        let name = String(repeating: "n", count: Int(NAME_MAX) - 5) + ".json"
        let result = try run(["export", "--output", name])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: folder.bytes(of: folder.path(name)) ?? [], as: UTF8.self) == (try expectedExport()))
    }

    /// SIGXFSZ would kill rosterdb without a word and leave its temporary file behind.
    @Test(.disabled(if: RosterProcess.isThreadSanitized, "ThreadSanitizer cannot run under a file-size limit"))
    func anExportOverTheFileSizeLimitExits74AndLeavesNoFile() throws {
        try fillRoster(megabytes: 1)
        try folder.write("old", to: "out.json")
        let files = try listing(roster: false)
        // Room for the roster's index file (-shm, 32 KiB), which even a reader may have to create, not the export.
        // SIGXFSZ as a login shell leaves it, whatever the test runner ignores.
        let result = try shell(#"ulimit -f 64; exec env --default-signal=XFSZ "$0" --db roster.db export -o out.json"#)
        #expect(result.status == 74)
        #expect(result.stderr == "Error: cannot write out.json: File too large\n")
        #expect(try listing(roster: false) == files)
        #expect(folder.bytes(of: folder.path("out.json")) == Array("old".utf8))
    }

    // MARK: - Output that cannot be written

    /// A roster whose export is about `megabytes` large: players with long image names, written by SQL.
    private func fillRoster(megabytes: Int) throws {
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try connection.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 100 UNION ALL SELECT i + 1 FROM n WHERE i < \(100 + megabytes * 500))
            INSERT INTO players (id, name, position, sort_name, image)
            SELECT i, 'Player ' || i, 'ST', 'player ' || i, printf('%.2000c', 'x') FROM n
            """)
    }

    /// Output that fails must stop the work at the first failure; piling the rest up in memory took as much memory
    /// as the whole output (and, under a memory limit, ended in a crash).
    @Test(
        .disabled(if: RosterProcess.isSanitized, "the sanitizers' shadow memory distorts peak memory"),
        arguments: [
            (#"exec "$0" "$@" >/dev/full"#, 74, "Error: cannot write output: No space left on device\n"),
            (#"set -o pipefail; "$0" "$@" | head -c 100 >/dev/null"#, 0, ""),
        ])
    func outputThatCannotBeWrittenStopsTheWork(script: String, status: Int32, stderr: String) throws {
        try fillRoster(megabytes: 30)
        for command in [["query", "--all", "--format", "ndjson", "--sort", "id"], ["export"]] {
            let arguments = ["--db", roster] + command
            let flowing = try RosterProcess.spawn(
                shell: #"exec "$0" "$@" >/dev/null"#, arguments, in: folder.url, scratch: folder.url)
            #expect(flowing.exitCode == 0)
            let stopped = try RosterProcess.spawn(shell: script, arguments, in: folder.url, scratch: folder.url)
            #expect(stopped.exitCode == status)
            #expect(stopped.stderr == stderr)
            #expect(
                stopped.peakMemoryKiB < flowing.peakMemoryKiB + 8 * 1024,
                "\(command[0]): \(stopped.peakMemoryKiB) KiB against \(flowing.peakMemoryKiB) KiB")
        }
    }
}
