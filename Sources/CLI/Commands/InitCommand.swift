import RosterService

/// `rosterdb init [--sample]`: creates or migrates the roster, and can load the sample roster.
struct InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Create the roster database, or migrate it to this version's schema.",
        discussion: "With --sample, the sample roster (seed.sql) is loaded when the roster is empty; "
            + "running it again adds nothing.",
        options: [sample.spec]
    )
    static let sample = Flag("sample", help: "Load the sample roster when the roster is empty.")

    let loadSample: Bool

    init(_ arguments: ParsedArguments) throws {
        loadSample = arguments.isSet(InitCommand.sample)
    }

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
