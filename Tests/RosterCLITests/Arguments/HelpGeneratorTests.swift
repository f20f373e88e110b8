import Foundation
import Testing

@testable import RosterCLI

@Suite struct HelpGeneratorTests {
    @Test func commandHelpIsRenderedFromItsDeclarationAtAWidth() {
        let spec = CommandSpec(
            name: "demo", abstract: "Do a demonstration.", discussion: "A longer text that has to wrap at the width.",
            arguments: [ArgumentSpec(name: "file", help: "Input.", isRepeating: true)],
            options: [
                Flag("quiet", short: "q", help: "Print only errors.").spec,
                Option.text("format", "format", help: "json or csv.").spec,
            ])
        let help = HelpGenerator(width: 40).render(
            spec, globalOptions: [Flag("help", short: "h", help: "Show help information.").spec])
        #expect(
            help.hasPrefix(
                """
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
            commands: CommandLineSpec.commands.map { $0.spec }, globalOptions: CommandLineSpec.globalOptions)
        for name in ["init", "import", "query", "show", "export"] { #expect(help.contains("\n  \(name) ")) }
        for code in ExitStatus.allCases { #expect(help.contains("\n  \(code.rawValue) ")) }
    }

    /// Every help text at a narrow width: no line wider than it (but the usage line, kept whole to be copied, and
    /// a single word longer than a line), and every word whole, in the same order as at a width that wraps nothing.
    @Test(arguments: [50, 30])
    func helpWrapsAtWordBoundariesToANarrowWidth(width: Int) {
        let commands = CommandLineSpec.commands.map { $0.spec }
        let globals = CommandLineSpec.globalOptions
        func texts(_ width: Int) -> [String] {
            let help = HelpGenerator(width: width)
            return [help.renderRoot(commands: commands, globalOptions: globals)]
                + commands.map { help.render($0, globalOptions: globals) }
        }
        for (narrow, wide) in zip(texts(width), texts(1000)) {
            for line in narrow.split(separator: "\n") where !line.hasPrefix("USAGE:") {
                #expect(
                    line.count <= width || !line.trimmingCharacters(in: .whitespaces).contains(" "),
                    "\(line.count) columns: \(line)")
            }
            #expect(narrow.split(whereSeparator: \.isWhitespace) == wide.split(whereSeparator: \.isWhitespace))
        }
    }
}
