import RosterModel
import Testing

@testable import RosterCLI

/// Each command reads its options into typed values, and refuses bad ones with the user's text quoted.
@Suite struct CommandOptionTests {
    let parser = ArgumentParser(
        commands: CommandLineSpec.commands.map { $0.spec }, globalOptions: CommandLineSpec.globalOptions)

    private func query(_ argv: [String]) throws -> QueryCommand {
        try QueryCommand(parser.parse(["query"] + argv).arguments)
    }

    @Test func queryDefaults() throws {
        let command = try query(["--as-of", "2026-01-01"])
        #expect(command.query.sort == [SortOrder(.name)])
        #expect(command.query.paging == .page(1, perPage: 20))
        #expect(command.format == .table)
        #expect(command.query.asOf == CalendarDate(year: 2026, month: 1, day: 1))
    }

    @Test func queryReadsEveryOption() throws {
        let command = try query([
            "--position", "Striker,cdm", "--nationality", "Japan", "--name", "mbap", "--min-goals", "1",
            "--max-goals", "9", "--min-assists", "2", "--max-assists", "8", "--min-age", "20", "--max-age", "30",
            "--sort", "goals:desc,NAME:asc, age", "--page", "3", "--per-page", "1000", "--format", "csv",
        ])
        #expect(
            command.query.filters == [
                .positions([.striker, .defensiveMidfielder]), .nationalities(["Japan"]), .names(["mbap"]), .minGoals(1),
                .maxGoals(9), .minAssists(2), .maxAssists(8), .minAge(20), .maxAge(30),
            ])
        #expect(command.query.sort == [SortOrder(.goals, descending: true), SortOrder(.name), SortOrder(.age)])
        #expect(command.query.paging == .page(3, perPage: 1000))
        #expect(command.format == .csv)
    }

    @Test(arguments: [
        (
            ["--per-page", "0"],
            "The value '0' is invalid for '--per-page <n>': expected a whole number from 1 to 1,000."
        ),
        (
            ["--per-page", "1001"],
            "The value '1001' is invalid for '--per-page <n>': expected a whole number from 1 to 1,000."
        ),
        (
            ["--page", "0"],
            "The value '0' is invalid for '--page <n>': expected a whole number from 1 to 1,000,000,000."
        ),
        (
            ["--page", "99999999999999999999"],
            "The value '99999999999999999999' is invalid for '--page <n>': expected a whole number from 1 to 1,000,000,000."
        ),
        (
            ["--min-goals", "-1"],
            "The value '-1' is invalid for '--min-goals <n>': expected a whole number from 0 to 1,000,000."
        ),
        (
            ["--sort", "goals:down"],
            "The value 'goals:down' is invalid for '--sort <keys>': unknown direction 'down'; use asc or desc."
        ),
        (
            ["--sort", "'; DROP TABLE players; --"],
            "The value ''; DROP TABLE players; --' is invalid for '--sort <keys>': unknown sort key ''; drop table players; --'; valid keys: id, name, position, goals, assists, nationality, club, age, birth_date."
        ),
        (
            ["--sort", ""],
            "The value '' is invalid for '--sort <keys>': unknown sort key ''; valid keys: id, name, position, goals, assists, nationality, club, age, birth_date."
        ),
        (
            ["--format", "xml"],
            "The value 'xml' is invalid for '--format <format>': expected one of table, json, ndjson or csv."
        ),
        (
            ["--as-of", "2023-02-30"],
            "The value '2023-02-30' is invalid for '--as-of <yyyy-MM-dd>': it is written yyyy-MM-dd but is not a real date."
        ),
        (
            ["--as-of", "26/06/2026"],
            "The value '26/06/2026' is invalid for '--as-of <yyyy-MM-dd>': expected a date written yyyy-MM-dd."
        ),
        (
            ["--sort", "goalz"],
            "The value 'goalz' is invalid for '--sort <keys>': unknown sort key 'goalz' (did you mean 'goals'?); valid keys: id, name, position, goals, assists, nationality, club, age, birth_date."
        ),
        (
            ["--format", "jsno"],
            "The value 'jsno' is invalid for '--format <format>': expected one of table, json, ndjson or csv (did you mean 'json'?)."
        ),
        (
            ["--name", "%_\""],
            "The value '%_\"' is invalid for '--name <text>': expected at least one letter or digit."
        ),
        (["--all", "--page", "2"], "'--all' cannot be combined with '--page'."),
        (
            ["--min-age", "30", "--max-age", "20"],
            "'--min-age 30' is greater than '--max-age 20', so nothing could match."
        ),
    ])
    func badQueryValuesAreUsageErrors(argv: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try query(argv) }
        #expect(error?.message == message)
    }

    @Test func importOptions() throws {
        let command = try ImportCommand(
            parser.parse([
                "import", "a.json", "-", "--prune", "--max-prune", "5", "--dry-run", "--skip-invalid", "-q", "--report",
                "json", "--format", "csv",
            ]).arguments)
        #expect(command.files == ["a.json", "-"])
        let options = command.options
        #expect((options.prune, options.maxPrunePercent, options.dryRun, options.skipInvalid) == (true, 5, true, true))
        #expect((command.quiet, command.jsonReport, options.format) == (true, true, .csv))
        #expect(throws: UsageError.optionRequires("--max-prune", "--prune")) {
            try ImportCommand(parser.parse(["import", "a.json", "--max-prune", "5"]).arguments)
        }
        // The second `-` would read nothing: standard input is at its end once the first has read it.
        #expect(throws: UsageError.standardInputTwice) {
            try ImportCommand(parser.parse(["import", "-", "a.json", "-"]).arguments)
        }
    }

    @Test func nullTokensRepeatAsTheHelpSays() throws {
        let command = try ImportCommand(parser.parse(["import", "a.csv", "--null", "None", "--null=N/A"]).arguments)
        #expect(command.options.mapping.nullTokens == ["None", "N/A"])
    }

    /// `Double` reads `0x5A` as 90: for `--max-prune`, a typo that removes most of the roster.
    @Test(arguments: ["0x5A", "1e1", ".5", "5.", "+5", " 5", "inf", "nan"])
    func decimalsAreWrittenInDigitsOnly(text: String) {
        #expect(throws: UsageError.self) {
            try ImportCommand(parser.parse(["import", "a.json", "--prune", "--max-prune", text]).arguments)
        }
        #expect(throws: UsageError.self) {
            try CommandLineSpec.busyTimeout.read(from: parser.parse(["--busy-timeout", text, "query"]).arguments)
        }
    }

    @Test func decimalsWithAFractionAreRead() throws {
        let command = try ImportCommand(parser.parse(["import", "a.json", "--prune", "--max-prune", "2.5"]).arguments)
        #expect(command.options.maxPrunePercent == 2.5)
    }

    /// The last of two meanings for one value won, silently.
    @Test func aValueMappedTwiceToDifferentValuesIsRefused() throws {
        let error = #expect(throws: UsageError.self) {
            try ImportCommand(parser.parse(["import", "a.csv", "--value-map", "position:2=DF,2=FW"]).arguments)
        }
        #expect(error?.message.contains("'2' is mapped twice, to 'DF' and to 'FW'.") == true)
        let same = try ImportCommand(parser.parse(["import", "a.csv", "--value-map", "position:2=DF,2=df"]).arguments)
        #expect(same.options.mapping.valueMaps[.position] == ["2": "df"])
    }
}

extension CommandOptionTests {
    /// An empty text is refused with the article its value name calls for (`serve --bind ""` said "expected a
    /// address").
    @Test(arguments: [
        (
            ["serve", "--bind", ""],
            "The value '' is invalid for '--bind <address>': expected an address, not an empty text."
        ),
        (
            ["export", "--output", ""],
            "The value '' is invalid for '--output <file>': expected a file, not an empty text."
        ),
    ])
    func anEmptyTextIsRefusedWithTheRightArticle(argv: [String], message: String) {
        let error = #expect(throws: UsageError.self) {
            let arguments = try parser.parse(argv).arguments
            _ = try argv[0] == "serve" ? ServeCommand(arguments) as Any : ExportCommand(arguments)
        }
        #expect(error?.message == message)
    }
}

extension CommandOptionTests {
    /// `serve --image-base`: a template whose origin is written out before its placeholders, or a usage error.
    @Test func anImageBaseIsATemplateWithItsOriginWrittenOut() throws {
        let serve = try ServeCommand(
            parser.parse(["serve", "--image-base", "https://img.example.org/{image}"]).arguments)
        #expect(serve.imageTemplate?.origin == "https://img.example.org")
        #expect(try ServeCommand(parser.parse(["serve"]).arguments).imageTemplate == nil)
        let error = #expect(throws: UsageError.self) {
            _ = try ServeCommand(parser.parse(["serve", "--image-base", "https://{ref}.org/"]).arguments)
        }
        #expect(
            error?.message
                == "The value 'https://{ref}.org/' is invalid for '--image-base <url>': expected an http or https URL "
                + "with {ref} or {image} in its path (https://img.example.org/{image}), its host written out before "
                + "any placeholder.")
    }
}

extension CommandOptionTests {
    /// `serve --write` takes writes, with `--max-body` bytes at most; `--max-body` alone would limit nothing.
    @Test func maxBodyGoesWithWrite() throws {
        let serve = try ServeCommand(parser.parse(["serve", "--write", "--max-body", "1024"]).arguments)
        #expect(serve.write && serve.maxBody == 1024)
        let plain = try ServeCommand(parser.parse(["serve"]).arguments)
        #expect(!plain.write && plain.maxBody == nil)
        #expect(throws: UsageError.self) { _ = try ServeCommand(parser.parse(["serve", "--max-body", "1"]).arguments) }
        #expect(throws: UsageError.self) {
            _ = try ServeCommand(parser.parse(["serve", "--write", "--max-body", "0"]).arguments)
        }
    }
}
