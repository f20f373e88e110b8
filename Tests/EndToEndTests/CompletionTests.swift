import Foundation
import TestSupport
import Testing

/// The completion scripts run in their shells, with the built binary first on PATH, on the sample roster; and
/// `__complete`, which they call for a filter's values.
@Suite struct CompletionTests {
    let sample: SampleRoster

    init() throws {
        sample = try SampleRoster()
    }

    /// The clubs of the sample roster that `query --club-prefix` finds, as players write them.
    private func clubs(startingWith prefix: String) throws -> Set<String> {
        let result = try sample.run(["query", "--club-prefix", prefix, "--all", "--format", "ndjson"])
        #expect(result.status == 0)
        return Set(
            try result.stdout.split(separator: "\n").compactMap { line in
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            }.compactMap { $0["club"] as? String })
    }

    @Test func completeListsTheRostersClubsThatStartWithThePrefix() throws {
        let expected = try clubs(startingWith: "man")
        #expect(!expected.isEmpty)
        let result = try sample.run(["__complete", "club", "man"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(Set(lines) == expected)
        #expect(lines.count == expected.count)
        #expect(try sample.run(["__complete", "club", "zzz"]).stdout == "")
        let refused = try sample.run(["__complete", "goals", "1"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("Error: The value 'goals' is invalid for '<field>'"))
    }

    /// Completions of partial command lines, as the shell's completion function answers them.
    static let cases: [(words: [String], expected: [String])] = [
        (["rosterdb", "qu"], ["query"]),
        (["rosterdb", "query", "--so"], ["--sort"]),
        (["rosterdb", "query", "--sort", "go"], ["goals", "goals:desc"]),
        (["rosterdb", "query", "--sort", "name,as"], ["name,assists", "name,assists:desc"]),
        (["rosterdb", "export", "--format", "n"], ["ndjson"]),
        (["rosterdb", "query", "--position", "L"], ["LB", "LWB", "LM", "LW"]),
        (["rosterdb", "completions", "z"], ["zsh"]),
        (["rosterdb", "query", "--club", "man"], ["Manchester\\ City"]),
        // After a quote the user opened, as the value is: the shell closes the quote.
        (["rosterdb", "query", "--club", "\"man"], ["Manchester City"]),
    ]

    /// The words of `completion` as its shell's completion function gives them, one a line.
    private func complete(_ words: [String], shell: String, setup: String) throws -> RosterProcess.Result {
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        let command =
            "\(setup); source <(rosterdb completions \(shell)); COMP_WORDS=(\(array)); "
            + "COMP_CWORD=\(words.count - 1); _rosterdb; printf '%s\\n' \"${COMPREPLY[@]}\""
        let path = RosterProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
        return try RosterProcess.run(
            ["-c", command], in: sample.folder.url, environment: ["PATH": path, "ROSTERDB_DB": "roster.db"],
            executable: URL(fileURLWithPath: shell == "zsh" ? "/usr/bin/zsh" : "/bin/bash"))
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        for (words, expected) in Self.cases {
            let result = try complete(words, shell: "bash", setup: "true")
            #expect(result.stderr == "", "\(words)")
            #expect(result.stdout.split(separator: "\n").map(String.init) == expected, "\(words)")
        }
    }

    /// zsh runs the same function through its bashcompinit, with bash's 0-based arrays.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed"))
    func zshCompletesCommandsOptionsAndValues() throws {
        for (words, expected) in Self.cases {
            let result = try complete(
                words, shell: "zsh", setup: "autoload -U compinit && compinit -u -D; setopt ksharrays")
            #expect(result.stderr == "", "\(words)")
            #expect(result.stdout.split(separator: "\n").map(String.init) == expected, "\(words)")
        }
    }

    @Test func theManualPageIsRoffThatManReads() throws {
        let result = try sample.run(["manual"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(".TH ROSTERDB 1 "))
        #expect(result.stdout.contains(".SH EXIT STATUS\n"))
    }
}
