import RosterModel
import Testing

@testable import RosterCLI

@Suite struct ArgumentParserTests {
    let parser = ArgumentParser(
        commands: CommandLineSpec.commands.map { $0.spec }, globalOptions: CommandLineSpec.globalOptions)

    @Test func globalOptionsGoBeforeOrAfterTheCommand() throws {
        for argv in [["--db", "x.db", "query"], ["query", "--db", "x.db"], ["query", "--db=x.db"]] {
            let invocation = try parser.parse(argv)
            #expect(invocation.command?.name == "query")
            #expect(try CommandLineSpec.database.read(from: invocation.arguments) == "x.db")
        }
    }

    /// The command is found past global options alone without any command's declaration, and past a command's own
    /// option (whose value must be skipped) with every declaration: both ways find the same command.
    @Test func theCommandIsFoundPastOptionsOfEitherKind() throws {
        let lazy = ArgumentParser(commands: CommandLineSpec.commands, globalOptions: CommandLineSpec.globalOptions)
        for argv in [
            ["--db", "x.db", "show", "5"], ["--format", "json", "show", "5"], ["--format", "query", "show", "5"],
            ["--as-of=2026-01-01", "show", "5"], ["--busy-timeout", "3", "--format", "json", "show", "5"],
        ] {
            #expect(try lazy.findCommand(in: argv)?.name == "show", "\(argv)")
            #expect(try parser.findCommand(in: argv)?.name == "show", "\(argv)")
        }
        #expect(try lazy.findCommand(in: ["--db", "x.db"]) == nil)
        #expect(throws: UsageError.self) { try lazy.findCommand(in: ["--db", "x.db", "shwo"]) }
    }

    @Test func valuesMayLookLikeAnythingButAnOption() throws {
        let invocation = try parser.parse(["query", "--name", "-", "--min-goals=-3", "--nationality", "Côte d'Ivoire"])
        #expect(invocation.arguments.texts(named: FilterOptions.optionName(.name)) == ["-"])
        #expect(invocation.arguments.texts(named: FilterOptions.optionName(.minGoals)) == ["-3"])
        #expect(invocation.arguments.texts(named: FilterOptions.optionName(.nationality)) == ["Côte d'Ivoire"])
    }

    @Test func repeatableOptionsKeepEveryValue() throws {
        let invocation = try parser.parse(["query", "--position", "ST,CF", "--position", "LW"])
        #expect(invocation.arguments.texts(named: FilterOptions.optionName(.position)) == ["ST,CF", "LW"])
    }

    @Test(arguments: [
        ["query", "--format", "json", "--format", "csv"], ["query", "--sort", "a", "--sort=b"],
        ["import", "x", "-q", "--quiet"], ["--db", "a.db", "query", "--db", "b.db"],
    ])
    func anOptionThatTakesOneValueIsRefusedTwice(argv: [String]) {
        #expect(throws: UsageError.self) { try parser.parse(argv) }
    }

    @Test func doubleDashEndsTheOptions() throws {
        let invocation = try parser.parse(["show", "--", "--weird name"])
        #expect(invocation.arguments.positionals == ["--weird name"])
    }

    @Test func helpWinsOverOtherMistakes() throws {
        let invocation = try parser.parse(["query", "--bogus", "-h"])
        #expect(invocation.wantsHelp)
        #expect(invocation.command?.name == "query")
    }

    /// `help` where the command goes, global options before it in any spelling: it exited 64 "Unknown command
    /// 'help'" unless it came first.
    @Test(arguments: [
        (["--db", "X", "help", "query"], "query"), (["--busy-timeout", "1", "help", "query"], "query"),
        (["--db=X", "--busy-timeout=1", "help", "query"], "query"), (["--db", "X", "help"], nil),
        (["--format", "json", "help", "show"], "show"), (["help", "--db", "X", "import"], "import"),
        (["--busy-timeout", "-1", "help", "stats"], "stats"), (["help", "query", "--bogus"], "query"),
    ])
    func helpAfterGlobalOptionsIsHelp(argv: [String], command: String?) throws {
        let invocation = try parser.parse(argv)
        #expect(invocation.wantsHelp)
        #expect(invocation.command?.name == command)
        #expect(try parser.findCommand(in: argv)?.name == command)
    }

    @Test func helpOnAnUnknownCommandIsAMistakeWhereverHelpIs() {
        for argv in [["help", "querry"], ["--db", "X", "help", "querry", "--help"]] {
            #expect(throws: UsageError.unknownCommand("querry", suggestion: "query")) { try parser.parse(argv) }
        }
    }

    @Test(arguments: [
        (["query", "--positon", "ST"], UsageError.unknownOption("--positon", suggestion: "--position")),
        (["query", "--zzz"], UsageError.unknownOption("--zzz", suggestion: nil)),
        (["improt", "x.json"], UsageError.unknownCommand("improt", suggestion: "import")),
        (["query", "--page"], UsageError.missingValue(option: "--page <n>")),
        (["query", "--all=yes"], UsageError.unexpectedValue(option: "--all", value: "yes")),
        (["import"], UsageError.missingArgument("<file> ...")),
        (["show"], UsageError.missingArgument("<player>")),
        (["show", "1", "2"], UsageError.unexpectedArgument("2")),
    ])
    func mistakesBecomeUsageErrors(argv: [String], expected: UsageError) {
        #expect(throws: expected) { try parser.parse(argv) }
    }

    @Test(arguments: [
        ("--positon", ["--position", "--page"], "--position"), ("--sotr", ["--sort", "--all"], "--sort"),
        ("--per_page", ["--per-page", "--page"], "--per-page"), ("--x", ["--position"], nil),
        ("--dry", ["--db", "--dry-run"], "--dry-run"), ("--id", ["--db", "--format"], nil),
        ("goalz", ["goals", "assists"], "goals"), ("goal", ["goals", "assists"], "goals"),
        ("querry", ["query", "show"], "query"),
    ])
    func suggestionsAreTheNearestCloseName(typed: String, candidates: [String], expected: String?) {
        #expect(Suggestion.nearest(to: typed, among: candidates) == expected)
    }

    @Test(arguments: [("kitten", "sitting", 3), ("", "abc", 3), ("abc", "abc", 0), ("손흥민", "손흥", 1)])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(Suggestion.editDistance(a, b) == distance)
    }
}
