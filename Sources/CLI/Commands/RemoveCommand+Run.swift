import RosterModel
import RosterService

extension RemoveCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        SignalTrap.install()
        let roster = try context.openRoster(isDryRun ? .check : .write, stop: SignalTrap.stop)
        let (removed, prefixes) = try roster.remove(players, dryRun: isDryRun, prefixes: isSure ? .take : .refuse)
        if !isQuiet || isDryRun {
            let count = removed.count == 1 ? "1 player" : "\(removed.count.groupedDigits) players"
            let text =
                (isDryRun ? "Would remove \(count) (dry run, nothing removed):\n" : "Removed \(count):\n")
                + PlayerLinesView.render(removed)
            try context.report(saved: !isDryRun) {
                try context.tell(prefixes)
                try context.output.write(text)
            }
        }
        return .success
    }
}
