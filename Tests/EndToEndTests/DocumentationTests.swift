import Foundation
import Glibc
import TestSupport
import Testing

/// Every ```sh block of README.md and docs/*.md, run as a reader would type it: a page's blocks in order, in one
/// shell, in a fresh folder holding the feeds under the names the pages give them, with the built `rosterdb` first
/// on PATH. Each command must exit 0, or the code its trailing comment names (`# exits 3`); blocks fenced as
/// ```sh untested are shown, not run (CONTRIBUTING.md, "Documentation"). An example that stops working fails here.
@Suite struct DocumentationTests {
    /// The pages whose commands run: README.md and every page of docs/ (not docs/benchmarks, which reports runs).
    static let pages: [String] = {
        let docs = Fixtures.packageRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    /// The real files of `Tests/Fixtures/feeds`, under the names the pages give them.
    static let feeds = [
        ("fpl-2024-25-players_raw.csv", "players_raw.csv"), ("fpl-2024-25-teams.csv", "teams.csv"),
        ("worldcup-squads.csv", "squads.csv"), ("worldcup-players.csv", "players.csv"),
        ("football-data-team.json", "team.json"),
    ]

    /// What some commands must print besides exiting as they should, by page and the command's exact text: the
    /// output a page shows beside them (standard output, or standard error for an import's summary).
    static let outputs: [String: [(command: String, contains: String)]] = [
        "README.md": [
            ("rosterdb import players_raw.csv --profile feeds/fpl-players.profile", "784 added"),
            ("rosterdb show \"Bukayo Saka\"", "Club:               Arsenal"),
            (
                "Scripts/examples/nightly-import.sh players_raw.csv roster.db reports --profile feeds/fpl-players.profile",
                "nightly-import: committed; 0 players changed"
            ),
            ("rosterdb history \"Bukayo Saka\"", "goals  6 → 7"),
            ("curl -s 'http://127.0.0.1:8765/api/players?club=arsenal&sort=goals:desc&per_page=3'", #""total":36,"#),
        ],
        "docs/feed-profiles.md": [
            (
                "rosterdb --db fpl.db import players_raw.csv --profile feeds/fpl-players.profile",
                "784 records — 784 added, 0 updated, 0 unchanged, 0 removed; 20 rows skipped by the row filters"
            ),
            ("rosterdb --db fpl.db query --club arsenal --sort goals:desc --per-page 5", "Page 1 of 8 · 36 players"),
            (
                "rosterdb --db worldcup.db import squads.csv --profile feeds/worldcup-squads.profile",
                "13,843 records — 10,401 added, 0 updated, 0 unchanged, 0 removed; 3,442 later records"
            ),
            (
                "rosterdb --db worldcup.db import players.csv --profile feeds/worldcup-birth-dates.profile --dry-run --changes - | wc -l",
                "10323"
            ),
            (
                "rosterdb --db worldcup.db import players.csv --profile feeds/worldcup-birth-dates.profile",
                "0 added, 10,323 updated, 78 unchanged, 0 removed"
            ),
            ("rosterdb --db worldcup.db query --name pele", "Pelé"),
            ("rosterdb --db arsenal.db import team.json --profile feeds/football-data-team.profile", "7 added"),
            (
                "Scripts/examples/nightly-import.sh players_raw.csv fpl.db reports --profile feeds/fpl-players.profile",
                "nightly-import: committed; 0 players changed"
            ),
        ],
        "docs/history.md": [
            (#"rosterdb history "Mohamed Salah""#, "club   Liverpool → Al-Hilal"),
            ("rosterdb changes --since 28", #"{"number":29,"#),
            (
                "rosterdb changes --since 28",
                #""fields":{"goals":[29,30],"club":["Liverpool","Al-Hilal"]},"made_by":"edit"}"#
            ),
            (
                "rosterdb changes --since 2026-12-01 --field club --kind updated --format table",
                "Mohamed Salah (15)"
            ),
        ],
        "docs/serving.md": [
            ("curl 'http://127.0.0.1:8766/api/players/19'", #""name":"Harry Kane""#),
            (
                """
                curl -X POST -H 'Content-Type: application/json' -d '{"name":"Cole Palmer","position":"AM","birth_date":"2002-05-06"}' \\
                  http://127.0.0.1:8766/api/players
                """, #""id":29,"#
            ),
            (
                """
                curl -X PATCH -H 'Content-Type: application/json' -d '{"add_goals":1,"club":"Chelsea","image":null}' \\
                  -H "If-Match: $etag" http://127.0.0.1:8766/api/players/29
                """, #""club":"Chelsea""#
            ),
            (
                """
                curl -X POST -H 'Content-Type: text/csv' --data-binary @players.csv \\
                  'http://127.0.0.1:8766/api/import?prune=1&dry_run=1'
                """, #""status":"dry_run""#
            ),
            ("curl -X DELETE http://127.0.0.1:8766/api/players/30", #""status":401"#),
        ],
        "docs/querying.md": [
            ("rosterdb query --position ST --sort goals:desc --as-of 2026-06-01", "Page 1 of 1 · 6 players"),
            ("rosterdb query --club \"real madird\"", "did you mean 'Real Madrid'?"),
            (
                "rosterdb query --club \"real madird\" --format json",
                #""suggestions":[{"field":"club","given":"real madird","values":["Real Madrid"]}]"#
            ),
        ],
        "docs/record-format.md": [
            ("rosterdb import example.csv", "2 records — 1 added, 0 updated, 1 unchanged, 0 removed"),
            ("rosterdb show 손흥민", "Born:               1992-07-08"),
        ],
        "docs/exit-codes.md": [
            ("rosterdb import --prune forwards.ndjson --report json > report.json", "would remove 15 of 28 players"),
            ("wc -l changes.ndjson", "15 changes.ndjson"),
        ],
    ]

    /// The ports the pages' `serve` examples listen on.
    static let documentedPorts = [8765, 8766]

    /// A port of the loopback interface that no socket holds now, as the kernel picks one for port 0.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard socket >= 0, bound else { throw SpawnedProcess.Failure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// One command of a page: its text (continuation lines and a here-document included) and the code it must exit.
    struct Command {
        let text: String
        let status: Int32

        /// The text without its trailing comment, as `outputs` names it.
        var bare: String {
            text.replacingOccurrences(of: #"\s+#\s[^\n]*$"#, with: "", options: .regularExpression)
        }
    }

    /// The commands of the page's ```sh blocks, in order. A command is a line, with the lines after it while it ends
    /// in a backslash or until its here-document's end; blank lines and comment lines are none.
    static func commands(of page: String) -> [Command] {
        var commands: [Command] = []
        var inside = false
        var pending: [String] = []
        var hereEnd: String?
        for line in page.components(separatedBy: "\n") {
            if !inside {
                inside = line == "```sh"
                continue
            }
            if hereEnd == nil && pending.isEmpty && line.hasPrefix("```") {
                inside = false
                continue
            }
            if pending.isEmpty && (line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#")) {
                continue
            }
            pending.append(line)
            if let end = hereEnd {
                if line == end { hereEnd = nil } else { continue }
            } else if let range = line.range(of: #"<<-?'?([A-Z]+)'?"#, options: .regularExpression) {
                hereEnd = String(line[range].filter(\.isUppercase))
                continue
            }
            if line.hasSuffix("\\") { continue }
            let text = pending.joined(separator: "\n")
            pending = []
            commands.append(Command(text: text, status: expectedStatus(of: text)))
        }
        return commands
    }

    /// The code a command's trailing comment names (`# exits 3`), else 0.
    static func expectedStatus(of command: String) -> Int32 {
        guard let last = command.components(separatedBy: "\n").last,
            let range = last.range(of: #"#\s*exits\s+[0-9]+"#, options: .regularExpression)
        else { return 0 }
        return Int32(last[range].filter(\.isNumber)) ?? 0
    }

    @Test func theParserFindsCommandsTheirEndsAndTheirCodes() {
        let page = """
            ```sh
            rosterdb init --sample
            # a comment line
            curl -X POST \\
              http://127.0.0.1/api/players       # exits 7
            cat > a.json <<'EOF'
            [1,
            ```
            EOF
            ```

            ```sh untested
            swift build
            ```
            """
        let commands = Self.commands(of: page)
        #expect(commands.map(\.status) == [0, 7, 0])
        #expect(commands.map { $0.text.hasPrefix("cat > a.json") && $0.text.hasSuffix("EOF") } == [false, false, true])
    }

    @Test(arguments: pages) func everyCommandOfThePageRuns(page: String) throws {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(page), encoding: .utf8)
        let commands = Self.commands(of: text)
        let checks = Self.outputs[page] ?? []
        for check in checks {
            #expect(commands.contains { $0.bare == check.command }, "\(page) has no command \(check.command)")
        }
        guard !commands.isEmpty else { return }

        let folder = try TemporaryDirectory()
        let results = try TemporaryDirectory()
        for (fixture, name) in Self.feeds {
            try folder.write(
                bytes: FileBytes.read(Fixtures.directory.appendingPathComponent("feeds/\(fixture)").path)!, to: name)
        }
        for (source, target) in [
            ("feeds", "feeds"), ("Scripts/examples", "Scripts/examples"),
            ("Tests/Fixtures/feeds", "Tests/Fixtures/feeds"),
        ] {
            let from = Fixtures.packageRoot.appendingPathComponent(source)
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(target), withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: from.path) {
                try FileManager.default.copyItem(
                    at: from.appendingPathComponent(name), to: folder.url.appendingPathComponent("\(target)/\(name)"))
            }
        }

        // One shell for the page, so that a variable or a server started in one block serves the next; each command's
        // output and code go to files of their own, outside the folder the commands see.
        var script = ""
        for (index, command) in commands.enumerated() {
            let result = results.path("\(index)")
            script += "{ \(command.text)\n} >'\(result).out' 2>'\(result).err'\necho $? >'\(result).status'\n"
        }
        // The pages' servers listen on 8765 and 8766, which another program of the machine may hold: each runs on a
        // port free now instead.
        for documented in Self.documentedPorts {
            let port = try Self.freePort()
            script = script.replacingOccurrences(of: "127.0.0.1:\(documented)", with: "127.0.0.1:\(port)")
                .replacingOccurrences(of: "--port \(documented)", with: "--port \(port)")
        }
        script += "kill $(jobs -p) 2>/dev/null\nwait\n"
        let run = try RosterProcess.runAsTyped(script, in: folder.url)
        #expect(run.status == 0, "\(page): \(run.stderr)")

        for (index, command) in commands.enumerated() {
            let result = results.path("\(index)")
            let status = (try? String(contentsOfFile: result + ".status", encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            let stdout = (try? String(contentsOfFile: result + ".out", encoding: .utf8)) ?? ""
            let stderr = (try? String(contentsOfFile: result + ".err", encoding: .utf8)) ?? ""
            #expect(
                status == command.status,
                "\(page): `\(command.text)` exited \(status.map(String.init) ?? "nothing"), not \(command.status)\n\(stdout)\n\(stderr)"
            )
            for check in checks where check.command == command.bare {
                #expect(
                    stdout.contains(check.contains) || stderr.contains(check.contains),
                    "\(page): `\(command.text)` printed no \(check.contains)\n\(stdout)\n\(stderr)")
            }
        }
    }
}
