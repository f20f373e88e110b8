import RosterArguments
import Testing

@testable import RosterCLI

/// The program runs what the command line declares.
@Suite struct CommandTests {
    /// Every declared command also runs: none is left out of the program.
    @Test func everyDeclaredCommandRuns() {
        #expect(CommandLineInterface.commands.map { $0.spec.name } == CommandLineSpec.commandNames)
    }
}
