import Glibc
import RosterBrowse
import RosterModel
import RosterService

extension BrowseCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        // Refused before the roster is opened: nothing to draw on.
        guard isatty(STDIN_FILENO) == 1, context.terminal.stdoutIsTerminal else { throw BrowseError.notATerminal }
        guard context.terminal.canRedrawLines else { throw BrowseError.unknownTerminal }
        let roster = try context.openRosterToRead()
        let browser = try Browser(
            roster: roster, query: query, views: BrowserScreens(), stop: SignalTrap.stop,
            openToWrite: { try context.openRoster(.write, stop: SignalTrap.stop) })
        try browser.run()
        return .success
    }
}
