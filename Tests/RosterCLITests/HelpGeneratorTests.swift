import Testing

@testable import RosterCLI

@Suite struct HelpGeneratorTests {
    @Test func commandHelpIsRenderedFromItsDeclarationAtAWidth() {
        let spec = CommandSpec(
            name: "demo", abstract: "Do a demonstration.", discussion: "A longer text that has to wrap at the width.",
            arguments: [ArgumentSpec(name: "file", help: "Input.", isRepeating: true)],
            options: [Flag("quiet", short: "q", help: "Print only errors.").spec, Option.text("format", "format", help: "json or csv.").spec])
        let help = HelpGenerator(width: 40).render(spec, globalOptions: [Flag("help", short: "h", help: "Show help information.").spec])
        #expect(help.hasPrefix("""
            OVERVIEW: Do a demonstration.

            A longer text that has to wrap at the
            width.

            USAGE: rosterdb demo [<options>] <file> ...

            ARGUMENTS:
              <file> ...  Input.

            OPTIONS:
              -q, --quiet        Print only errors.
              --format <format>  json or csv.

            GLOBAL OPTIONS:
              -h, --help  Show help information.

            EXIT CODES:
              0    success
            """))
        #expect(help.contains("EXIT CODES:\n  0    success\n  1    "))
        // Every wrapped line fits; only the usage line, which is never wrapped, may be longer.
        for line in help.split(separator: "\n") where !line.hasPrefix("USAGE:") { #expect(line.count <= 40) }
    }

    @Test func rootHelpListsEveryCommandAndExitCode() {
        let help = HelpGenerator(width: 80).renderRoot(
            commands: CommandLineInterface.commands.map { $0.spec }, globalOptions: CommandLineInterface.globalOptions)
        for name in ["init", "import", "query", "show", "export"] { #expect(help.contains("\n  \(name) ")) }
        for code in ExitStatus.allCases { #expect(help.contains("\n  \(code.rawValue) ")) }
    }
}
