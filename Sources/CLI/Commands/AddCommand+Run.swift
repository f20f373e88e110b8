import RosterModel
import RosterService

extension AddCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        SignalTrap.install()
        let roster = try context.openRoster(.write, stop: SignalTrap.stop)
        let player = try roster.add(values, allowDuplicate: allowsDuplicate)
        if !isQuiet {
            try context.report(saved: true) { try context.output.write(format.render(player, asOf: .today())) }
        }
        return .success
    }
}
