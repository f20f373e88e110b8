import RosterModel
import RosterService

extension ShowCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRosterToRead(at: at)
        try context.output.write(format.render(try roster.findPlayer(player), asOf: asOf))
        return .success
    }
}
