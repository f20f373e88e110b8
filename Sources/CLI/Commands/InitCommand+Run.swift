import RosterArguments
import RosterService

extension InitCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try Roster(path: context.databasePath, access: .write, busyTimeout: context.busyTimeout)
        try context.output.write(OpenSummaryView.render(roster.openSummary, path: context.databasePath) + "\n")
        let restored = try roster.restoreMissingObjects()
        if !restored.isEmpty {
            try context.output.write(
                "Restored what another program had removed: \(restored.joined(separator: ", ")).\n")
        }
        if loadSample {
            let added = try roster.loadSampleIfEmpty()
            try context.output.write(InitView.sampleLine(added: added, total: try roster.count()) + "\n")
        }
        return .success
    }
}
