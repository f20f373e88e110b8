import Foundation
import Glibc
import TestSupport
import Testing

/// What rosterdb writes for a terminal: help at its width, and a progress bar only where it can be redrawn.
@Suite struct TerminalTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// Help follows the width `$COLUMNS` gives (as a terminal's would) down to narrow ones, breaking lines between
    /// words; it was kept at 60 columns at least, which a 50-column terminal broke mid-word.
    @Test(arguments: [["--help"], ["import", "--help"], ["query", "--help"], ["export", "--help"]])
    func helpFitsANarrowTerminal(arguments: [String]) throws {
        let narrow = try RosterProcess.run(arguments, in: folder.url, environment: ["COLUMNS": "50"])
        let wide = try RosterProcess.run(arguments, in: folder.url, environment: ["COLUMNS": "1000"])
        #expect(narrow.status == 0)
        for line in narrow.stdout.split(separator: "\n") where !line.hasPrefix("USAGE:") {
            #expect(line.count <= 50, "\(line.count) columns: \(line)")
        }
        #expect(
            narrow.stdout.split(whereSeparator: \.isWhitespace)
                == wide.stdout.split(whereSeparator: \.isWhitespace))
    }

    @Test func helpIs80ColumnsWideWithoutATerminal() throws {
        let help = try RosterProcess.run(["import", "--help"], in: folder.url)
        let widths = help.stdout.split(separator: "\n").filter { !$0.hasPrefix("USAGE:") }.map(\.count)
        #expect(widths.max() ?? 0 <= 80)
        #expect(widths.max() ?? 0 > 70)
    }

    static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    /// An import on a terminal (made by `script`) draws its progress bar with a carriage return and ESC [K, which
    /// a dumb terminal (`TERM=dumb`: Emacs' shell, some CI logs) shows as garbage: there, no bar is drawn.
    @Test(.enabled(if: hasScript), arguments: [("xterm", true), ("dumb", false), ("", false)])
    func theProgressBarIsDrawnOnlyWhereALineCanBeRedrawn(term: String, drawn: Bool) throws {
        #expect(try RosterProcess.run(["--db", "roster.db", "init"], in: folder.url).status == 0)
        let feed = (1...100).map { #"{"name":"Player \#($0)","position":"ST"}"# + "\n" }.joined()
        try folder.write(feed, to: "feed.ndjson")
        let command = "'\(RosterProcess.executable.path)' --db roster.db import feed.ndjson"
        let session = try RosterProcess.run(
            ["--quiet", "--return", "--command", command, "/dev/null"], in: folder.url,
            environment: ["TERM": term], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(session.status == 0, "\(session.stdout)")
        #expect(session.stdout.contains("Imported feed.ndjson: 100 records"))
        #expect(session.stdout.contains("\u{1B}[K") == drawn, "\(session.stdout.debugDescription)")
    }
}
