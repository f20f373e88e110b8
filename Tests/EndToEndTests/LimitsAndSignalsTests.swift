import CSQLite
import Foundation
import Glibc
import TestSupport
import Testing

@testable import RosterRepository

/// Signals at awkward moments (while an input FIFO waits for its writer, while the reading thread waits on a silent
/// pipe) and resource limits (`ulimit -n`, `ulimit -v`): each must end with a message and a documented exit code,
/// the lock released and the roster unchanged; never a hang or a crash.
@Suite struct LimitsAndSignalsTests {
    let folder: TemporaryDirectory
    let roster: String

    init() throws {
        folder = try TemporaryDirectory()
        roster = folder.path("roster.db")
        let created = try RosterProcess.run(["--db", roster, "init", "--sample"], in: folder.url)
        #expect(created.status == 0)
    }

    /// Every row of the roster, read by a fresh connection.
    private func rows() throws -> [String] {
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READONLY)
        let statement = try connection.prepare("SELECT id, name, goals FROM players ORDER BY id")
        var rows: [String] = []
        while try statement.step() {
            rows.append("\(statement.int(at: 0)) \(statement.text(at: 1)) \(statement.int(at: 2))")
        }
        return rows
    }

    /// `count` players as NDJSON, ids from 1: updates of the sample roster's players, then new ones.
    private static func feed(count: Int) -> String {
        (1...count).map { id in
            #"{"id":\#(id),"name":"Feed Player \#(id)","position":"ST","goals":\#(id % 97)}"# + "\n"
        }.joined()
    }

    /// The state of the process's main thread (`S` sleeping, `R` running), from /proc.
    private static func state(of pid: Int32) -> String? {
        guard let stat = FileBytes.read("/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: stat, as: UTF8.self)
        // The name in parentheses may hold spaces; the state follows the last `)`.
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
    }

    /// The number of threads of the process.
    private static func threads(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
    }

    // MARK: - Signals

    /// Opening a FIFO waits for its writer; SIGINT and SIGTERM are trapped without SA_RESTART, so the open failed
    /// with EINTR and the import exited 66 ("Interrupted system call").
    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSignalStopsAnImportThatWaitsToOpenAFIFO(signal: Int32, status: Int32) throws {
        let before = try rows()
        let fifo = folder.path("feed.ndjson")
        #expect(mkfifo(fifo, 0o600) == 0)
        let importing = try RunningRosterProcess(["--db", roster, "import", fifo], in: folder.url)
        // The roster is open (and the signals trapped) before the inputs are; then it sleeps in open(2).
        #expect(importing.wait(upTo: 10) { importing.hasOpen(roster) && Self.state(of: importing.pid) == "S" })
        importing.signal(signal)
        let ending = try #require(importing.finish(within: 10), "rosterdb did not exit within 10 s of the signal")
        #expect(ending.status == status)
        #expect(ending.stderr == RosterProcess.interrupted)
        #expect(try rows() == before)
    }

    /// A map file that is a FIFO: opening it waits for a writer, and reading it for input. A signal made the open
    /// fail with EINTR (exit 66, "Interrupted system call"), and one during the read was retried for ever.
    @Test(arguments: [(SIGTERM, Int32(143), false), (SIGINT, Int32(130), true)])
    func aSignalStopsAnImportThatWaitsForItsMapFile(signal: Int32, status: Int32, writerOpen: Bool) throws {
        let before = try rows()
        let fifo = folder.path("map.txt")
        #expect(mkfifo(fifo, 0o600) == 0)
        try folder.write(Self.feed(count: 3), to: "feed.ndjson")
        let importing = try RunningRosterProcess(
            ["--db", roster, "import", "feed.ndjson", "--map-file", fifo], in: folder.url)
        // A writer that says nothing: the read waits.
        let writer = writerOpen ? open(fifo, O_WRONLY) : -1
        defer { if writer >= 0 { close(writer) } }
        #expect(importing.wait(upTo: 10) { Self.state(of: importing.pid) == "S" })
        usleep(100_000)
        importing.signal(signal)
        let ending = try #require(importing.finish(within: 10), "rosterdb did not exit within 10 s of the signal")
        #expect(ending.status == status)
        #expect(ending.stderr == RosterProcess.interrupted)
        #expect(try rows() == before)
    }

    /// The reading thread waits on a silent pipe while the importing thread waits for its next batch: a signal
    /// handled by either must end both, not wait for input that may never come.
    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSignalStopsAnImportWhoseReadingThreadWaitsForInput(signal: Int32, status: Int32) throws {
        let before = try rows()
        let importing = try RunningRosterProcess(["--db", roster, "import", "-", "--format", "ndjson"], in: folder.url)
        // Fewer records than a batch: the reading thread has none to hand over and waits for more.
        try importing.write(Data(Self.feed(count: 5).utf8))
        #expect(importing.wait(upTo: 10) { Self.threads(of: importing.pid) >= 2 })
        importing.signal(signal)
        let ending = try #require(importing.finish(within: 10), "rosterdb did not exit within 10 s of the signal")
        #expect(ending.status == status)
        #expect(ending.stderr == RosterProcess.interrupted)
        #expect(try rows() == before)
    }

    // MARK: - Closed standard streams

    /// With standard input closed (`<&-`), SQLite put /dev/null on descriptor 0 as it opened the roster, and
    /// `import -` read it as an empty feed: with `--prune`, every player was removed, and the import exited 0.
    @Test func aClosedStandardInputIsNoEmptyFeed() throws {
        let before = try rows()
        let result = try RosterProcess.run(
            [
                "-c", "exec \"$0\" \"$@\" <&-", RosterProcess.executable.path,
                "--db", roster, "import", "--format", "ndjson", "--prune", "--max-prune", "100", "-",
            ],
            in: folder.url, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 66)
        #expect(result.stderr == "Error: cannot open -: standard input is closed\n")
        #expect(try rows() == before)
    }

    /// A write whose report could not be written (standard output closed or full) exited 74, which says the
    /// roster is unchanged, after the change was saved: a script that tried again added the player twice.
    @Test(arguments: [">&-", ">/dev/full"])
    func aSavedChangeWhoseReportIsLostExits5(redirection: String) throws {
        let before = try rows()
        let result = try RosterProcess.run(
            [
                "-c", "exec \"$0\" \"$@\" \(redirection)", RosterProcess.executable.path,
                "--db", roster, "add", "--name", "Lost Report", "--position", "ST",
            ],
            in: folder.url, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 5)
        #expect(result.stderr.hasPrefix("Error: cannot write "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; the change was saved\n"), "\(result.stderr)")
        #expect(try rows().count == before.count + 1)
    }

    // MARK: - Limits

    /// Each limit on open files from the fewest rosterdb can start with: at 7 and 8 the reading thread, a thread
    /// pool worker then, trapped (SIGILL) for want of a descriptor for its event loop.
    @Test(arguments: 4...10)
    func anImportUnderAFileLimitImportsOrExits74(limit: Int) throws {
        let feed = try folder.write(Self.feed(count: 40), to: "feed.ndjson")
        let before = try rows()
        let result = try RosterProcess.run(
            [
                "-c", "ulimit -n \(limit); exec \"$0\" \"$@\"", RosterProcess.executable.path,
                "--db", roster, "import", feed,
            ],
            in: folder.url, executable: URL(fileURLWithPath: "/bin/bash"))
        if result.status == 0 {
            #expect(try rows().count == 40)
        } else {
            #expect(result.status == 74, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: cannot open ") && result.stderr.hasSuffix("\n"))
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.lowercased().contains("too many open files"))
            #expect(try rows() == before)
        }
    }

    /// More input files than the limit on open files allows: each is checked before the write starts, then opened
    /// when its turn comes and closed after it. Every input was held open from the start, and the import ended
    /// with "too many open files" (exit 74).
    @Test func anImportOfMoreFilesThanTheFileLimitReadsThemAll() throws {
        let files = try (1...60).map { number in
            try folder.write(
                #"{"id":\#(number),"name":"File Player \#(number)","position":"GK","goals":\#(number)}"# + "\n",
                to: "feed-\(number).ndjson")
        }
        let result = try RosterProcess.run(
            ["-c", "ulimit -n 30; exec \"$0\" \"$@\"", RosterProcess.executable.path, "--db", roster, "import"]
                + files,
            in: folder.url, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try rows().filter { $0.contains("File Player") }.count == 60)
    }

    /// A file replaced by a FIFO after the import checked it, before its turn: refused (66) when its turn comes.
    /// Opened as it was, it waited for a writer for ever, holding the roster's write lock. The FIFO feeding the
    /// first input is written past its buffer before the swap, so the import is reading (its check done) by then.
    @Test func aFileReplacedByAFIFOBeforeItsTurnIsRefused() throws {
        let before = try rows()
        let records = (100...2_099).map { #"{"id":\#($0),"name":"Piped Player \#($0)","position":"ST"}"# }
        try folder.write(records.joined(separator: "\n") + "\n", to: "records.ndjson")
        try folder.write(#"{"name":"Second Player","position":"GK"}"# + "\n", to: "second.ndjson")
        let script = """
            mkfifo first.ndjson
            ( exec 3>first.ndjson; cat records.ndjson >&3; rm second.ndjson; mkfifo second.ndjson; exec 3>&- ) &
            timeout 30 "$0" --db "$1" import first.ndjson second.ndjson
            """
        let result = try RosterProcess.run(
            ["-c", script, RosterProcess.executable.path, roster], in: folder.url,
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains("second.ndjson") && result.stderr.contains("no longer a regular file"))
        #expect(try rows() == before)
    }

    /// Under an address-space limit the reading thread, a thread pool worker then, could not start, and the
    /// import waited for it for ever, holding the write lock and deaf to signals. (The debug binary, with its
    /// shared libraries, needs about 30 MB to load at all.) Not under the sanitizers, whose shadow memory cannot be
    /// mapped under such a limit.
    @Test(
        .disabled(if: RosterProcess.isSanitized, "the sanitizers cannot run under an address-space limit"),
        arguments: [32_000, 36_000, 40_000])
    func anImportUnderAnAddressSpaceLimitEnds(kibibytes: Int) throws {
        let feed = try folder.write(Self.feed(count: 20_000), to: "feed.ndjson")
        let before = try rows()
        let importing = try RunningRosterProcess(
            [
                "-c", "ulimit -v \(kibibytes); exec \"$0\" \"$@\"", RosterProcess.executable.path,
                "--db", roster, "import", feed,
            ],
            in: folder.url, executable: URL(fileURLWithPath: "/bin/bash"))
        try importing.closeInput()
        guard let ending = importing.finish(within: 120) else {
            Issue.record("the import under ulimit -v \(kibibytes) did not end within 120 s")
            return
        }
        #expect(ending.signal == nil, "a signal ended rosterdb: \(ending.stderr)")
        if ending.status == 0 {
            #expect(try rows().count == 20_000)
        } else {
            #expect([1, 74].contains(ending.status), "\(ending.stderr)")
            #expect(ending.stderr.hasPrefix("Error: ") && ending.stderr.split(separator: "\n").count == 1)
            #expect(try rows() == before)
        }
    }
}
