import CSQLite
import Foundation
import Glibc
import TestSupport
import Testing

@testable import RosterRepository

/// Once a change is committed, no exit code and no report may say that nothing was written: a signal or an
/// output that fails afterwards ends the command with exit 5 ("saved, report not written"), and `--report json`
/// says `committed`. Before the commit, a signal still rolls everything back, and the report says so.
@Suite struct TruthfulOutcomeTests {
    let folder: TemporaryDirectory
    let roster: String

    init() throws {
        folder = try TemporaryDirectory()
        roster = folder.path("roster.db")
        let created = try RosterProcess.run(["--db", roster, "init", "--sample"], in: folder.url)
        #expect(created.status == 0)
    }

    private func count() throws -> Int {
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READONLY)
        let statement = try connection.prepare("SELECT count(*) FROM players")
        _ = try statement.step()
        return statement.int(at: 0)
    }

    /// `count` new players as NDJSON, ids from 1,001: their change list is far more than a pipe's 64 KiB.
    private func feed(count: Int) throws -> String {
        let lines = (1...count).map { number in
            #"{"id":\#(1_000 + number),"name":"Truthful Player \#(number)","position":"ST","goals":\#(number % 50)}"#
        }
        return try folder.write(lines.joined(separator: "\n") + "\n", to: "feed.ndjson")
    }

    /// A FIFO with a reader that never reads, so that a writer fills its buffer and then waits: the descriptor
    /// keeps the reader's end open.
    private func stalledFIFO(_ name: String, filled: Bool = false) throws -> (path: String, reader: Int32) {
        let path = folder.path(name)
        #expect(mkfifo(path, 0o600) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        if filled {
            // Fills the pipe's buffer, so that the first write of the command waits.
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 4_096)
            while write(writer, block, block.count) > 0 {}
            close(writer)
        }
        return (path, reader)
    }

    private static func sleeping(_ pid: Int32) -> Bool {
        guard let stat = FileBytes.read("/proc/\(pid)/stat") else { return false }
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return false }
        return text[text.index(close, offsetBy: 2)...].hasPrefix("S")
    }

    /// SIGTERM while the change list waits for its reader, after the import was committed: it exited 143 saying
    /// "the roster was left as it was" while every row was in.
    @Test(arguments: [(SIGTERM, "--report"), (SIGINT, "--quiet")])
    func aSignalWhileTheChangeListWaitsAfterTheCommitExits5(signal: Int32, option: String) throws {
        let feed = try feed(count: 3_000)
        let (fifo, reader) = try stalledFIFO("changes.ndjson")
        defer { close(reader) }
        let arguments = option == "--report" ? ["--report", "json"] : [option]
        let importing = try RunningRosterProcess(
            ["--db", roster, "import", feed, "--changes", fifo] + arguments, in: folder.url)
        #expect(importing.wait(upTo: 60) { (try? count()) == 3_028 && Self.sleeping(importing.pid) })
        importing.signal(signal)
        let ending = try #require(importing.finish(within: 10), "rosterdb did not exit within 10 s of the signal")
        #expect(ending.status == 5, "\(ending.stderr)")
        #expect(
            ending.stderr.hasSuffix(
                "Error: interrupted while writing the change list; the import was saved, but its change list is "
                    + "incomplete\n"), "\(ending.stderr)")
        #expect(try count() == 3_028)
        if option == "--report" {
            #expect(ending.stdout.hasPrefix(#"{"status":"committed","#), "\(ending.stdout)")
            #expect(ending.stdout.contains(#""committed":true,"changes_written":false,"#), "\(ending.stdout)")
        }
    }

    /// A change list that cannot be written (a full disk) after the commit: it exited 74 ("the roster is
    /// unchanged") while the import was saved.
    @Test func aChangeListToAFullDiskAfterTheCommitExits5() throws {
        let feed = try feed(count: 20)
        let result = try RosterProcess.run(
            ["--db", roster, "import", feed, "--changes", "/dev/full", "--report", "json"], in: folder.url)
        #expect(result.status == 5, "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "Error: cannot write /dev/full: No space left on device; the import was saved, but its change list "
                    + "is incomplete\n"), "\(result.stderr)")
        #expect(result.stdout.contains(#""status":"committed","#), "\(result.stdout)")
        #expect(result.stdout.contains(#""committed":true,"changes_written":false,"#), "\(result.stdout)")
        #expect(try count() == 48)
    }

    /// A reader of the change list that stops reading (`| head`): the import exited 0, its list cut short without a
    /// word, and a consumer that crashed lost it. A saved change whose report or list did not reach its reader is
    /// exit 5, as for any output that fails.
    @Test func aReaderThatStopsReadingAfterTheCommitMakesExit5() throws {
        let feed = try feed(count: 3_000)
        let script = #"exec "$0" "$@" | head -c 100 >/dev/null; exit "${PIPESTATUS[0]}""#
        let listed = try RosterProcess.run(
            ["-c", script, RosterProcess.executable.path, "--db", roster, "import", feed, "--changes", "-"],
            in: folder.url, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(listed.status == 5, "\(listed.stderr)")
        #expect(
            listed.stderr.hasSuffix("the import was saved, but its change list is incomplete\n"), "\(listed.stderr)")
        #expect(try count() == 3_028)
    }

    /// A dry run's change list is written before anything is rolled back: one that fails is an I/O error like any
    /// other, with nothing saved.
    @Test func aDryRunWhoseChangeListFailsExits74() throws {
        let feed = try feed(count: 20)
        let result = try RosterProcess.run(
            ["--db", roster, "import", feed, "--dry-run", "--changes", "/dev/full"], in: folder.url)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(try count() == 28)
    }

    /// A complete change list says so in the report.
    @Test func aWrittenChangeListIsReported() throws {
        let feed = try feed(count: 20)
        let result = try RosterProcess.run(
            ["--db", roster, "import", feed, "--changes", folder.path("changes.ndjson"), "--report", "json"],
            in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""committed":true,"changes_written":true,"#), "\(result.stdout)")
        let list = try #require(folder.bytes(of: folder.path("changes.ndjson")))
        #expect(list.count { $0 == UInt8(ascii: "\n") } == 20)
        let withoutList = try RosterProcess.run(["--db", roster, "import", feed, "--report", "json"], in: folder.url)
        #expect(withoutList.stdout.contains(#""changes_written":null,"#), "\(withoutList.stdout)")
    }

    /// `add`, `edit` and `remove` whose report waits for a reader that does not read, when a signal comes after the
    /// commit: they exited 143, "the roster was left as it was", with the change saved.
    @Test(arguments: [
        ["add", "--name", "Waiting Report", "--position", "GK"], ["edit", "1", "--goals", "99"], ["remove", "2"],
    ])
    func aSignalWhileTheReportWaitsAfterTheCommitExits5(command: [String]) throws {
        let (fifo, reader) = try stalledFIFO("report.txt", filled: true)
        defer { close(reader) }
        let before = try count()
        let running = try RunningRosterProcess(
            ["-c", "exec \"$0\" \"$@\" >'\(fifo)'", RosterProcess.executable.path, "--db", roster] + command,
            in: folder.url, executable: URL(fileURLWithPath: "/bin/bash"))
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READONLY)
        let changed = try connection.prepare(
            "SELECT count(*) FROM players WHERE name = 'Waiting Report' OR (id = 1 AND goals = 99) OR id = 2")
        func saved() -> Bool {
            changed.reset()
            guard (try? changed.step()) == true else { return false }
            return changed.int(at: 0) == (command[0] == "remove" ? 0 : 2)
        }
        #expect(running.wait(upTo: 30) { saved() && Self.sleeping(running.pid) })
        running.signal(SIGTERM)
        let ending = try #require(running.finish(within: 10), "rosterdb did not exit within 10 s of the signal")
        #expect(ending.status == 5, "\(ending.stderr)")
        #expect(ending.stderr == "Error: interrupted while writing the report; the change was saved\n")
        #expect(try count() == before + (command[0] == "add" ? 1 : command[0] == "remove" ? -1 : 0))
    }

    /// `--report json` printed nothing for an import a signal stopped (while it waited for the lock, or read its
    /// input): the report promised for every outcome, `interrupted`, was lost with the output's buffer.
    @Test func anInterruptedImportPrintsItsReport() throws {
        let feed = try feed(count: 20)
        let holder = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        let waiting = try RunningRosterProcess(
            ["--db", roster, "--busy-timeout", "60", "import", feed, "--report", "json"], in: folder.url)
        #expect(waiting.wait(upTo: 10) { waiting.hasOpen(roster) && Self.sleeping(waiting.pid) })
        usleep(200_000)
        waiting.signal(SIGTERM)
        let ending = try #require(waiting.finish(within: 10))
        try holder.execute("ROLLBACK")
        #expect(ending.status == 143)
        #expect(ending.stdout.hasPrefix(#"{"status":"interrupted","#), "\(ending.stdout)")
        #expect(ending.stdout.contains(#""committed":false,"#))

        let reading = try RunningRosterProcess(
            ["--db", roster, "import", "-", "--format", "ndjson", "--report", "json"], in: folder.url)
        try reading.write(Data(#"{"name":"Slow Feed","position":"ST"}"#.utf8 + [UInt8(ascii: "\n")]))
        #expect(reading.wait(upTo: 10) { reading.hasOpen(roster) && Self.sleeping(reading.pid) })
        reading.signal(SIGINT)
        let stopped = try #require(reading.finish(within: 10))
        #expect(stopped.status == 130)
        #expect(stopped.stdout.hasPrefix(#"{"status":"interrupted","#), "\(stopped.stdout)")
        #expect(try count() == 28)
    }
}
