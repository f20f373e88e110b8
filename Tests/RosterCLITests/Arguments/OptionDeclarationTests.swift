import RosterModel
import RosterService
import Testing

@testable import RosterCLI

/// An option named once in a command's declaration is accepted, shown in help, suggested, and read.
@Suite struct OptionDeclarationTests {
    struct Demo {
        let files: [String]
        let count: Int?
        let isLoud: Bool
        let names: [String]
    }

    static let demo = CommandDeclaration(
        name: "demo", abstract: "Do a demonstration.",
        arguments: [ArgumentSpec(name: "file", help: "Input.", isOptional: true, isRepeating: true)],
        options: Option.number("count", "n", in: 1...9, help: "How many."),
        Flag("loud", short: "l", help: "Say it loudly."),
        Option.text("name", "text", help: "A name; repeat for several.").repeated
    ) { files, count, isLoud, names in Demo(files: files, count: count, isLoud: isLoud, names: names) }

    let parser = ArgumentParser(commands: [demo.spec], globalOptions: CommandLineSpec.globalOptions)

    @Test func aDeclaredOptionIsAcceptedAndRead() throws {
        let arguments = try parser.parse(["demo", "a", "--count", "3", "-l", "--name", "x", "b", "--name=y"]).arguments
        let demo = try Self.demo.read(arguments)
        #expect(demo.files == ["a", "b"])
        #expect(demo.count == 3)
        #expect(demo.isLoud)
        #expect(demo.names == ["x", "y"])
        let none = try Self.demo.read(parser.parse(["demo"]).arguments)
        #expect((none.count, none.isLoud, none.names) == (nil, false, []))
    }

    @Test func aDeclaredOptionIsShownInHelpInItsOrder() {
        #expect(Self.demo.spec.options.map(\.name) == ["count", "loud", "name"])
        let help = HelpGenerator(width: 80).render(Self.demo.spec, globalOptions: CommandLineSpec.globalOptions)
        #expect(help.contains("OPTIONS:\n  --count <n>    How many.\n  -l, --loud     Say it loudly.\n  --name <text>"))
    }

    @Test func aDeclaredOptionIsSuggestedAndItsValueChecked() throws {
        #expect(throws: UsageError.unknownOption("--cont", suggestion: "--count")) {
            try parser.parse(["demo", "--cont", "3"])
        }
        #expect(throws: UsageError.repeatedOption("--count <n>")) {
            try parser.parse(["demo", "--count", "1", "--count", "2"])
        }
        let error = #expect(throws: UsageError.self) {
            try Self.demo.read(parser.parse(["demo", "--count", "10"]).arguments)
        }
        #expect(error?.message == "The value '10' is invalid for '--count <n>': expected a whole number from 1 to 9.")
    }

    /// A group's options come in its parts' order, and its closure receives each part's reading.
    @Test func aGroupReadsItsPartsInOrder() throws {
        let group = OptionGroup(
            FilterOptions([.minGoals, .asOf]),
            OptionList([Option.number("a", "n", in: 1...9, help: "A."), Option.number("b", "n", in: 1...9, help: "B.")])
        ) { filters, counts in (filters.query.filters, filters.given, counts) }
        #expect(group.specs.map(\.name) == ["min-goals", "as-of", "a", "b"])
        let spec = CommandSpec(name: "group", abstract: "Group.", options: group.specs)
        let parser = ArgumentParser(commands: [spec], globalOptions: [])
        let (filters, given, counts) = try group.read(
            from: parser.parse(["group", "--b", "3", "--min-goals", "2"]).arguments)
        #expect(filters == [.minGoals(2)])
        #expect(given == [.minGoals])
        #expect(counts == [nil, 3])
    }

    @Test func everyCommandSpellsEachOptionOnce() {
        for command in CommandLineSpec.commands {
            #expect(OptionSpec.repeatedSpelling(in: command.spec.options + CommandLineSpec.globalOptions) == nil)
        }
        let quiet = Flag("quiet", short: "q", help: "Quiet.")
        #expect(OptionSpec.repeatedSpelling(in: [quiet.spec, Flag("quick", short: "q", help: "Quick.").spec]) == "-q")
        #expect(OptionSpec.repeatedSpelling(in: [quiet.spec, SharedOptions.quiet.spec]) == "--quiet")
    }

    /// The second of two declarations of a spelling would never be read: building the declaration stops the
    /// program (in the tests' debug builds).
    @Test func aSpellingDeclaredTwiceStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = CommandDeclaration(
                name: "twice", abstract: "Twice.", options: Flag("db", help: "Not the global --db.")
            ) { _, _ in () }
        }
        await #expect(processExitsWith: .failure) {
            _ = CommandDeclaration(
                name: "twice", abstract: "Twice.", options: Flag("loud", short: "l", help: "Loud."),
                Flag("long", short: "l", help: "Long.")
            ) { _, _, _ in () }
        }
    }

    /// Only the tests' debug builds check it: an option read from a line whose command does not declare it.
    @Test func readingAnUndeclaredOptionStops() async {
        await #expect(processExitsWith: .failure) {
            let parser = ArgumentParser(
                commands: CommandLineSpec.commands, globalOptions: CommandLineSpec.globalOptions)
            guard let arguments = try? parser.parse(["show", "5"]).arguments else { return }
            _ = Flag("undeclared", help: "Not taken by show.").read(from: arguments)
        }
    }
}
