import RosterModel
import RosterService

extension ShowCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRosterToRead(at: at)
        let (found, prefix) = try roster.lookUp(player)
        try context.tell(prefix)
        try context.output.write(format.render(found, asOf: asOf))
        return .success
    }
}
