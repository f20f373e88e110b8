import Foundation
import Glibc
import TestSupport
import Testing

/// `rosterdb browse` in a real terminal: tmux runs it in a 100×30 window on the sample roster (with a Hangul and a
/// Japanese name added), keys are sent to it, and each screen is compared with its expectation in
/// `Tests/Fixtures/browse`. `ROSTERDB_RECORD_SCREENS=1` writes the expectations from the screens instead, to be read
/// and committed by hand.
@Suite(.serialized) struct BrowseTests {
    let roster: SampleRoster

    init() throws {
        roster = try SampleRoster()
        for player in [
            ["--name", "이강인", "--position", "AM", "--nationality", "South Korea", "--club", "Paris Saint-Germain"],
            ["--name", "三笘薫", "--position", "LW", "--nationality", "Japan", "--club", "Brighton"],
        ] {
            #expect(
                try roster.run(["add", "--quiet", "--birth-date", "1995-01-01", "--goals", "9"] + player).status == 0)
        }
    }

    @Test func opensScrollsAndQuits() throws {
        let session = try BrowseSession(roster)
        try session.expect("open")
        try session.send("j", "j", "j")
        try session.expect("down-3")
        try session.send("NPage")
        try session.expect("page-down")
        try session.send("G")
        try session.expect("end")
        try session.send("g")
        try session.expect("open")
        try session.send("1", "2", "G")
        try session.expect("row-12")
        try session.send("q")
        #expect(try session.finished() == "exit 0")
        try session.expectTerminalRestored()
    }

    @Test func segmentsCycleWithTab() throws {
        let session = try BrowseSession(roster)
        try session.expect("open")
        try session.send("Tab")
        try session.expect("segment-gk")
        try session.send("Tab", "Tab", "Tab")
        try session.expect("segment-fw")
        try session.send("Tab")
        try session.expect("open")
        try session.send("BTab")
        try session.expect("segment-fw")
        try session.send("q")
        #expect(try session.finished() == "exit 0")
    }

    @Test func enterShowsThePlayerAndEscapeReturns() throws {
        let session = try BrowseSession(roster)
        try session.expect("open")
        try session.send("j", "j", "j")
        try session.send("Enter")
        try session.expect("detail")
        try session.send("Escape")
        try session.expect("down-3")
        try session.send("?")
        try session.expect("help")
        try session.send("q")
        try session.expect("down-3")
        try session.send("q")
        #expect(try session.finished() == "exit 0")
    }

    @Test func filtersAreTheQueryOnes() throws {
        let session = try BrowseSession(roster, arguments: ["--nationality", "south korea", "--club", "lafc"])
        try session.expect("filtered")
        try session.send("q")
        #expect(try session.finished() == "exit 0")
    }

    /// `/` finds names as `--name` does (word starts, ignoring case and accents), `n` and `N` the next and previous
    /// match, wrapping around; `s` sorts by the column under the cursor (`l` moves it), again the other way.
    @Test func searchesAndSorts() throws {
        let session = try BrowseSession(roster)
        try session.expect("open")
        try session.send("/", "m", "o", "d", "Enter")
        try session.expect("search-mod")
        try session.send("/", "R", "O", "D", "R", "Í", "Enter")
        try session.expect("search-rodri")
        try session.send("/", "손", "Enter")
        try session.expect("search-hangul")
        try session.send("/", "r", "o", "Enter")
        try session.expect("search-ro")
        try session.send("n")
        try session.expect("search-ro-next")
        try session.send("N", "N")
        try session.expect("search-ro-wrapped")
        try session.send("g", "l", "l", "l", "l", "l", "s")
        try session.expect("sort-goals")
        try session.send("s")
        try session.expect("sort-goals-ascending")
        try session.send("q")
        #expect(try session.finished() == "exit 0")
    }

    /// `f` keeps the players with the selected one's value in the column under the cursor, Backspace takes it back;
    /// `F` counts the players per value of the column, as `stats --by` does.
    @Test func filtersOnACellAndCountsAColumn() throws {
        let session = try BrowseSession(roster)
        try session.expect("open")
        try session.send("j", "l", "l", "l", "f")
        try session.expect("filter-club")
        try session.send("BSpace")
        try session.expect("filter-dropped")
        try session.send("h", "F")
        try session.expect("frequency-nationality")
        try session.send("j", "Enter")
        try session.expect("frequency-second-nationality")
        try session.send("BSpace", "l", "l", "F", "Enter")
        try session.expect("frequency-first-age-band")
        try session.send("q")
        #expect(try session.finished() == "exit 0")
    }

    /// `e` edits the value under the cursor through `edit`'s rules: a value they refuse gets `edit`'s message and
    /// changes nothing; one they take is saved and listed, the selection on the same player.
    @Test func editsACell() throws {
        let session = try BrowseSession(roster)
        try session.expect("open")
        try session.send("l", "l", "l", "l", "l", "e", "C-u", "a", "b", "c", "Enter")
        try session.expect("edit-refused")
        try session.send("h", "h", "e", "C-u", "R", "e", "a", "l", " ", "M", "a", "d", "r", "i", "d", "Enter")
        try session.expect("edit-saved")
        try session.send("q")
        #expect(try session.finished() == "exit 0")
        #expect(try roster.run(["show", "24"]).stdout.contains("Club:               Real Madrid\n"))
    }

    /// A resized terminal is drawn again to its size, the same player selected.
    @Test func aResizeKeepsTheSelection() throws {
        let session = try BrowseSession(roster)
        try session.expect("open")
        try session.send("1", "2", "G")
        try session.expect("row-12")
        try session.resize(columns: 60, lines: 16)
        try session.expect("resized")
        try session.send("q")
        #expect(try session.finished() == "exit 0")
    }

    /// A player added by another process meanwhile is listed on the next key, the selection on the same player.
    @Test func aChangedRosterIsReadAgainOnTheNextKey() throws {
        let session = try BrowseSession(roster)
        try session.expect("open")
        try session.send("j", "j")
        try session.expect("down-2")
        #expect(try roster.run(["add", "--quiet", "--name", "Aaron Ramsey", "--position", "CM"]).status == 0)
        try session.send("j")
        try session.expect("changed")
        try session.send("q")
        #expect(try session.finished() == "exit 0")
    }

    /// SIGTERM and SIGHUP end the browser with their exit code, the terminal given back as it was.
    @Test(arguments: [("TERM", "exit 143"), ("HUP", "exit 143"), ("INT", "exit 130")])
    func aSignalRestoresTheTerminal(signal: String, exit: String) throws {
        let session = try BrowseSession(roster)
        try session.expect("open")
        try session.kill(signal)
        #expect(try session.finished() == exit)
        try session.expectTerminalRestored()
    }

    /// A terminal that cannot be drawn on (`TERM=dumb`, or one the system's terminfo lacks) is a usage error too.
    @Test(arguments: ["TERM=dumb", "TERM=", "TERM=no-such-terminal"])
    func needsATerminalItCanDrawOn(environment: String) throws {
        let session = try BrowseSession(roster, environment: environment)
        #expect(try session.finished() == "exit 64")
        #expect(try session.screen().contains("Error: browse cannot draw on this terminal"))
        try session.expectTerminalRestored()
    }

    /// Without a terminal there is nothing to draw on: a usage error, before the roster is opened.
    @Test func needsATerminal() throws {
        let piped = try roster.run(["browse"])
        #expect(piped.status == 64)
        #expect(piped.stdout.isEmpty)
        #expect(piped.stderr.hasPrefix("Error: browse needs a terminal"))
    }
}

/// One `rosterdb browse` in its own tmux server (its own socket), whose shell records `stty -g` before and after
/// and the exit code.
private final class BrowseSession {
    let folder: URL
    let socket: String

    /// `environment` is set for rosterdb alone (`TERM=dumb`), in the shell's words.
    init(_ roster: SampleRoster, arguments: [String] = [], environment: String = "") throws {
        folder = roster.folder.url
        socket = "rosterdb-browse-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let command =
            [
                "sh", "-c", "echo $$ > browse.pid; exec \"$0\" \"$@\"", RosterProcess.executable.path, "--db",
                "roster.db",
                "browse", "--as-of", "2026-06-01",
            ] + arguments
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script =
            "stty -g > stty.before; \(environment) \(quoted); echo \"exit $?\" > browse.exit; stty -g > stty.after; sleep 60"
        // The server tmux starts keeps every descriptor it inherits, among them the pipes of other processes the
        // tests run and read to their end: it is started from a shell that closes all but the first three, with its
        // output sent nowhere.
        let closeInherited =
            "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done 2>/dev/null"
        let start = try RosterProcess.run(
            [
                "-c",
                closeInherited + "; exec \"$0\" -L \"$1\" -f /dev/null new-session -d -x 100 -y 30 sh -c \"$2\" "
                    + "</dev/null >/dev/null 2>&1", BrowseSession.tmuxPath, socket, script,
            ],
            in: folder, environment: BrowseSession.environment, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(start.status == 0)
    }

    private static let environment = ["TERM": "xterm-256color", "TMUX": ""]

    /// tmux's server, started with descriptors closed and no terminal, does not always end on `kill-server`: it is
    /// stopped by its process id. The shell's last `sleep` ends a session that outlives its test anyway.
    deinit {
        let pid = (try? tmux(["display-message", "-p", "#{pid}"]).stdout).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        _ = try? tmux(["kill-server"])
        if let pid, pid > 0 { Glibc.kill(pid, SIGKILL) }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> RosterProcess.Result {
        let result = try RosterProcess.run(
            ["-L", socket] + arguments, in: folder, environment: BrowseSession.environment,
            executable: URL(fileURLWithPath: BrowseSession.tmuxPath))
        #expect(result.status == 0, "tmux \(arguments): \(result.stderr)")
        return result
    }

    static let tmuxPath =
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        } ?? "tmux"

    /// Resizes the window, as a terminal's resizing does (SIGWINCH).
    func resize(columns: Int, lines: Int) throws {
        try tmux(["resize-window", "-x", String(columns), "-y", String(lines)])
    }

    /// Sends keys by tmux's names (`Enter`, `Tab`, `NPage`) or as themselves.
    func send(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", key]) }
    }

    /// The screen as text, the history's times (the moment `init` ran) written as `YYYY-MM-DD hh:mm:ss`.
    func screen() throws -> String {
        let text = try tmux(["capture-pane", "-p"]).stdout
        return text.replacingOccurrences(
            of: #"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"#, with: "YYYY-MM-DD hh:mm:ss", options: .regularExpression)
    }

    /// Waits (up to ten seconds, for a slow machine) for the screen to be the one in `Tests/Fixtures/browse/NAME.txt`,
    /// then compares them.
    func expect(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = Fixtures.path("browse/\(name).txt")
        if ProcessInfo.processInfo.environment["ROSTERDB_RECORD_SCREENS"] == "1" {
            usleep(700_000)
            try screen().write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        var shown = ""
        for _ in 0..<200 {
            shown = try screen()
            if shown == expected { break }
            usleep(50_000)
        }
        #expect(shown == expected, "screen '\(name)'", sourceLocation: sourceLocation)
    }

    /// Sends `signal` to rosterdb.
    func kill(_ signal: String) throws {
        let pid = try String(contentsOf: folder.appendingPathComponent("browse.pid"), encoding: .utf8)
        let result = try RosterProcess.run(
            ["-s", signal, pid.trimmingCharacters(in: .whitespacesAndNewlines)], in: folder,
            executable: URL(fileURLWithPath: "/bin/kill"))
        #expect(result.status == 0)
    }

    /// What the shell recorded once rosterdb ended (`exit 0`), waiting for it up to ten seconds.
    func finished() throws -> String? {
        let file = folder.appendingPathComponent("browse.exit")
        for _ in 0..<200 {
            if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") {
                return text.trimmingCharacters(in: .newlines)
            }
            usleep(50_000)
        }
        return nil
    }

    /// The terminal's modes after are those before, and curses left the alternate screen: the shell's line is back.
    func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
        var after: String?
        for _ in 0..<200 {
            after = try? String(contentsOf: folder.appendingPathComponent("stty.after"), encoding: .utf8)
            if after?.hasSuffix("\n") == true { break }
            usleep(50_000)
        }
        let before = try String(contentsOf: folder.appendingPathComponent("stty.before"), encoding: .utf8)
        #expect(!before.isEmpty, sourceLocation: sourceLocation)
        #expect(after == before, "stty -g", sourceLocation: sourceLocation)
        // Left the alternate screen: nothing of the browser's table is on the shell's screen.
        #expect(!(try screen().contains("Nationality")), sourceLocation: sourceLocation)
        // The cursor is shown again.
        #expect(try tmux(["display-message", "-p", "#{cursor_flag}"]).stdout == "1\n", sourceLocation: sourceLocation)
    }
}
