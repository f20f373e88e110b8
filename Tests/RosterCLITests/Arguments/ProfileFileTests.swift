import RosterModel
import RosterService
import Testing

@testable import RosterCLI

/// Profiles (`import --profile FILE`): one option a line, read before the command line's options.
@Suite struct ProfileFileTests {
    let parser = ArgumentParser(
        commands: CommandLineSpec.commands.map { $0.spec }, globalOptions: CommandLineSpec.globalOptions)

    /// The import the command line and the profile `text` (as `feed.profile`) make together.
    private func importing(_ argv: [String], profile text: String) throws -> ImportCommand {
        let invocation = try parser.parse(["import", "feed.csv", "--profile", "feed.profile"] + argv) { file in
            #expect(file == "feed.profile")
            return text
        }
        return try ImportCommand(invocation.arguments)
    }

    static let fpl = """
        \u{FEFF}# The Fantasy Premier League's players_raw.csv\r
        null = None\r
        map = name={first_name} {second_name}\r
          map=ref=code  \r
        \r
        value-map = position:1=GK,2=DF,3=MF,4=FW
        skip-where = element_type=5
        # a comment, and a flag alone:
        prune
        date-format = dd.MM.yyyy
        """

    @Test func aProfileGivesWhatTheSameCommandLineWould() throws {
        let profiled = try importing([], profile: Self.fpl)
        let written = try ImportCommand(
            parser.parse([
                "import", "feed.csv", "--null", "None", "--map", "name={first_name} {second_name}", "--map", "ref=code",
                "--value-map", "position:1=GK,2=DF,3=MF,4=FW", "--skip-where", "element_type=5", "--prune",
                "--date-format", "dd.MM.yyyy",
            ]).arguments)
        for command in [profiled, written] {
            #expect(command.options.mapping.sources[.ref] == .column("code"))
            #expect(
                command.options.mapping.sources[.name]
                    == .template([.column("first_name"), .text(" "), .column("second_name")]))
            #expect(command.options.mapping.nullTokens == ["None"])
            #expect(command.options.mapping.valueMaps[.position]?["1"] == "GK")
            #expect(command.options.mapping.rowFilters.map(\.column) == ["element_type"])
            #expect(command.options.prune)
            #expect(command.options.dateFormat.name == "dd.MM.yyyy")
        }
    }

    @Test func theCommandLineReplacesAnOptionTakenOnceAndAddsToARepeatedOne() throws {
        let command = try importing(
            ["--date-format", "yyyy-MM-dd", "--null", "N/A", "--map", "club=team"], profile: Self.fpl)
        #expect(command.options.dateFormat == .iso)
        #expect(command.options.mapping.nullTokens == ["None", "N/A"])
        #expect(command.options.mapping.sources[.club] == .column("team"))
        #expect(command.options.mapping.sources[.ref] == .column("code"))
        // A field the profile maps, mapped again, is a mistake to correct in one place.
        #expect(throws: UsageError.repeatedMapping("ref")) { try importing(["--map", "ref=id"], profile: Self.fpl) }
    }

    @Test(arguments: [
        (
            "mapp = ref=code",
            "feed.profile:1: 'mapp' is no option of this command (did you mean 'map'?); a line is OPTION = VALUE, or a flag's name alone"
        ),
        ("# ok\nprune = yes", "feed.profile:2: prune is a flag and takes no value: write its name alone"),
        ("map", "feed.profile:1: map needs a value: map = …"),
        ("records = a\nrecords = b", "feed.profile:2: records is given a second time; it is taken once"),
        ("profile = other.profile", "feed.profile:1: a profile cannot name another profile"),
        (
            "db = roster.db",
            "feed.profile:1: 'db' is no option of this command; a line is OPTION = VALUE, or a flag's name alone"
        ),
        (
            "null = None\ndate-format = yyyy.MM.dx",
            "feed.profile:2: The value 'yyyy.MM.dx' is invalid for '--date-format <pattern>': 'x' is not a part of a date in the date pattern 'yyyy.MM.dx'; a pattern is made of \(DateFormat.vocabulary)."
        ),
    ])
    func aWrongLineIsRefusedNamingIt(text: String, message: String) {
        let error = #expect(throws: UsageError.self) { try importing([], profile: text) }
        #expect(error?.message == message)
    }
}
