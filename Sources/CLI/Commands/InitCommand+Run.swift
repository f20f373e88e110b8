import RosterArguments
import RosterService

extension InitCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        // A migration or a restore of a large roster takes seconds: a signal stops it with its message and exit code.
        SignalTrap.install()
        let roster = try Roster(
            path: context.databasePath, access: .create, busyTimeout: context.busyTimeout, stop: SignalTrap.stop)
        let restored = try roster.restoreMissingObjects()
        try context.output.write(OpenSummaryView.render(roster.openSummary, path: context.databasePath) + "\n")
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
