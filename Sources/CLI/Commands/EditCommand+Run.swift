import RosterModel
import RosterService

extension EditCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        SignalTrap.install()
        let roster = try context.openRoster(.write, stop: SignalTrap.stop)
        let (before, after, prefix) = try roster.edit(player, edit, allowDuplicate: allowsDuplicate)
        if !isQuiet {
            try context.report(saved: true) {
                try context.tell(prefix)
                try context.output.write(PlayerChangeView.render(before: before, after: after, format: format))
            }
        }
        return .success
    }
}
