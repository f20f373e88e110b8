import RosterModel
import RosterService

/// A subcommand: it declares its options, reads them into typed values, and runs by calling the service and
/// handing the result to a view. It holds no SQL and no formatting.
protocol Command {
    static var spec: CommandSpec { get }
    /// Reads and checks the options; a bad value is a `UsageError`.
    init(_ arguments: ParsedArguments) throws
    func run(_ context: CommandContext) throws -> ExitStatus
}

/// What every command runs with: global options, output streams and terminal facts.
struct CommandContext {
    /// `--db`, else `$ROSTERDB_DB` unless empty, else `roster.db`.
    let databasePath: String
    /// `--busy-timeout`, in seconds.
    let busyTimeout: Double
    let output: TextOutput
    let errors: TextOutput
    let terminal: Terminal
    /// Standard input, for `import -`.
    let input: Int32

    /// Opens the roster; a migration of an existing roster is announced on standard error. With `shouldStop`,
    /// opening and all later work on the roster stop once it returns true.
    func openRoster(_ access: Roster.Access, shouldStop: (() -> Bool)? = nil) throws -> Roster {
        let roster = try Roster(path: databasePath, access: access, busyTimeout: busyTimeout, shouldStop: shouldStop)
        if !roster.openSummary.created, !roster.openSummary.appliedMigrations.isEmpty {
            try errors.write(OpenSummaryView.migrationLine(roster.openSummary, path: databasePath) + "\n")
        }
        return roster
    }
}
