import RosterArguments
import RosterService

extension InitCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try Roster(path: context.databasePath, access: .write, busyTimeout: context.busyTimeout)
        try context.output.write(OpenSummaryView.render(roster.openSummary, path: context.databasePath) + "\n")
        if loadSample {
            let added = try roster.loadSampleIfEmpty()
            try context.output.write(InitView.sampleLine(added: added, total: try roster.count()) + "\n")
        }
        return .success
    }
}
