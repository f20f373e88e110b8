import RosterModel
import RosterService

extension InitCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        // A migration or a restore of a large roster takes seconds: a signal stops it with its message and exit code.
        SignalTrap.install()
        let roster = try Roster(
            path: context.databasePath, access: .create, busyTimeout: context.busyTimeout, stop: SignalTrap.stop)
        let opened = roster.openSummary
        let openingWrote = opened.created || !opened.appliedMigrations.isEmpty
        let restored: [String]
        let sample: (added: Int, total: Int)?
        do {
            restored = try roster.restoreMissingObjects()
            sample = loadSample ? try roster.loadSampleIfEmpty() : nil
        } catch let error as CategorizedError where error.category == .interrupted && openingWrote {
            // Each step is a transaction of its own: the roster was made or migrated, and stays so.
            let done = OpenSummaryView.render(opened, path: context.databasePath).dropLast()
            throw Interrupted(outcome: "\(done), but nothing more was done (run init again)")
        }
        let wrote = openingWrote || !restored.isEmpty || (sample?.added ?? 0) > 0
        // From here on, no error may say nothing was written when something was.
        try context.report(saved: wrote) {
            try context.output.write(OpenSummaryView.render(roster.openSummary, path: context.databasePath) + "\n")
            if !restored.isEmpty {
                try context.output.write(
                    "Restored what another program had removed: \(restored.joined(separator: ", ")).\n")
            }
            if let sample {
                try context.output.write(InitView.sampleLine(added: sample.added, total: sample.total) + "\n")
            }
        }
        return .success
    }
}
