import RosterArguments
import RosterModel
import RosterService

extension RemoveCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        SignalTrap.install()
        let roster = try context.openRoster(isDryRun ? .check : .write, stop: SignalTrap.stop)
        let removed = try roster.remove(players, dryRun: isDryRun)
        if !isQuiet || isDryRun {
            let count = removed.count == 1 ? "1 player" : "\(removed.count.groupedDigits) players"
            try context.output.write(
                (isDryRun ? "Would remove \(count) (dry run, nothing removed):\n" : "Removed \(count):\n")
                    + PlayerLinesView.render(removed))
        }
        return .success
    }
}
