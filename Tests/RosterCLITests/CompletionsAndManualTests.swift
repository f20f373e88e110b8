import RosterModel
import Testing

@testable import RosterCLI

/// The completion scripts and the manual page hold every option that a command's help shows, with its fixed values,
/// as the declarations give them.
@Suite struct CompletionsAndManualTests {
    let commands = CommandLineSpec.commands.map { $0.spec }
    let visible = CommandLineSpec.visibleCommands
    let globalOptions = CommandLineSpec.globalOptions

    /// The commands people run, each with the options its help lists: its own, then the global ones.
    var shown: [(command: CommandSpec, options: [OptionSpec])] {
        commands.filter { !$0.isHidden }.map { ($0, $0.options + globalOptions) }
    }

    @Test func everyOptionInHelpIsInTheManualPage() {
        let page = ManualPageView(commands: visible, globalOptions: globalOptions).render()
        let help = HelpGenerator(width: 100)
        for (command, options) in shown {
            #expect(page.contains(".SS \(command.name)\n"), "\(command.name)")
            let text = help.render(command, globalOptions: globalOptions)
            for option in options {
                #expect(text.contains(option.helpLabel), "\(command.name) \(option.name)")
                #expect(page.contains("\\fB\\-\\-\(ManualPageView.escaped(option.name))\\fR"), "\(option.name)")
            }
        }
        for status in ExitStatus.allCases {
            #expect(page.contains(".TP\n.B \(status.rawValue)\n\(ManualPageView.escaped(status.meaning))\n"))
        }
        #expect(page.hasPrefix(".TH ROSTERDB 1 "))
    }

    @Test(arguments: CompletionShell.allCases) func everyOptionInHelpIsInTheScript(shell: CompletionShell) {
        let script = CompletionScriptView(commands: visible, globalOptions: globalOptions).render(shell)
        for (command, options) in shown {
            #expect(script.contains(command.name), "\(command.name)")
            for option in options {
                let spelling = shell == .fish ? "-l \(option.name)" : "'--\(option.name)'"
                #expect(script.contains(spelling), "\(shell) \(command.name) \(option.name)")
                for choice in option.choices {
                    #expect(script.contains(choice), "\(shell) \(option.name) \(choice)")
                }
                if let field = option.rosterValues {
                    #expect(
                        script.contains("__complete \(field.name)") || script.contains("_rosterdb_values \(field.name)")
                    )
                }
            }
        }
    }

    /// The options with fixed values carry them: a choice its cases, the filters their codes and keys.
    @Test func choicesComeFromTheDeclarations() throws {
        let query = try #require(commands.first { $0.name == "query" })
        let options = Dictionary(uniqueKeysWithValues: query.options.map { ($0.name, $0) })
        #expect(options["format"]?.choices == ListFormat.allCases.map(\.rawValue))
        #expect(options["position"]?.choices == Position.allCases.map(\.code))
        #expect(options["sort"]?.choices.contains("goals:desc") == true)
        #expect(options["club"]?.rosterValues == .club)
        #expect(options["nationality"]?.rosterValues == .nationality)
    }

    @Test func theHiddenCommandIsInNeitherHelpNorManualNorScripts() {
        let hidden = CompleteCommand.name
        #expect(commands.contains { $0.name == hidden && $0.isHidden })
        #expect(!visible.contains { $0.name == hidden })
        let root = HelpGenerator(width: 100).renderRoot(commands: commands, globalOptions: globalOptions)
        #expect(!root.contains(hidden))
        #expect(!ManualPageView(commands: visible, globalOptions: globalOptions).render().contains(".SS \(hidden)"))
        let bash = CompletionScriptView(commands: visible, globalOptions: globalOptions).render(.bash)
        #expect(!bash.contains("'\(hidden)'"))
    }

    @Test(arguments: [("a-b", "a\\-b"), ("back\\slash", "back\\eslash"), (".start", "\\&.start"), ("'q", "\\&'q")])
    func roffEscapes(text: String, expected: String) {
        #expect(ManualPageView.escaped(text) == expected)
    }
}
