import RosterModel
import RosterService

/// A subcommand that runs: declared (with its options read into typed values) in Arguments/, run here by
/// calling the service and handing the result to a view. It holds no SQL and no formatting.
protocol Command: DeclaredCommand {
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
    /// Standard input, for `import -`; -1 when it was closed.
    let input: Int32

    /// Opens the roster; a migration of an existing roster is announced on standard error. Once `stop` is raised,
    /// opening and all later work on the roster stop.
    func openRoster(_ access: Roster.Access, stop: StopSignal = .never) throws -> Roster {
        let roster = try Roster(path: databasePath, access: access, busyTimeout: busyTimeout, stop: stop)
        if !roster.openSummary.created, !roster.openSummary.appliedMigrations.isEmpty {
            try errors.write(OpenSummaryView.migrationLine(roster.openSummary, path: databasePath) + "\n")
        }
        return roster
    }

    /// Opens the roster for a command that only reads, with SIGINT, SIGTERM and SIGHUP trapped from here on: for
    /// a user who cannot write it, opening may copy the roster privately, which a signal must not leave behind.
    /// A signal then ends the command as `Interrupted`.
    func openRosterToRead() throws -> Roster {
        SignalTrap.install()
        return try openRoster(.read, stop: SignalTrap.stop)
    }

    /// `openRosterToRead`, reading the roster as it was at the end of `day` (`--at`) when one is given.
    func openRosterToRead(at day: CalendarDate?) throws -> Roster {
        let roster = try openRosterToRead()
        if let day { try roster.readAsOf(endOf: day) }
        return roster
    }

    /// Writes, with `write`, the report of a change; once the change is `saved`, to the end (standard output and
    /// error flushed), and one that cannot be written, for whatever reason (a full disk, a reader that stopped
    /// reading, a signal while waiting for one), throws `ReportNotWritten`: from then on no error may say that
    /// nothing was written, and no success that all was told. The report of a dry run, which saved nothing, fails
    /// as any output does.
    func report(saved: Bool, _ write: () throws -> Void) throws {
        guard saved else { return try write() }
        do {
            try write()
            try output.flush()
            try errors.flush()
        } catch {
            throw ReportNotWritten(cause: error)
        }
    }

    /// Says on standard error which player each name that was only the start of one took (`show salah`): the user
    /// did not name them in full. Names are made printable, as another program may have written them.
    func tell(_ matches: [PrefixMatch]) throws {
        for match in matches { try errors.write(DisplayWidth.printable(match.message) + "\n") }
    }

    /// `tell` for one name, or for none when it was named in full.
    func tell(_ match: PrefixMatch?) throws {
        try tell(match.map { [$0] } ?? [])
    }

    /// Opens the file an option names for output (`export --output`, `import --changes`), after making sure it is
    /// not the roster or one of the files SQLite keeps beside it, whatever the spelling, link or hard link: writing
    /// there would destroy the roster.
    func outputFile<Value>(_ path: String, for option: Option<Value>, stop: StopSignal) throws -> OutputFile {
        if let named = OutputFile.rosterFile(named: path, databasePath: databasePath) {
            let what =
                named.isDatabase
                ? "the roster (\(named.path))"
                : "\(named.path), which SQLite keeps beside the roster"
            throw UsageError.invalidValue(
                value: path, option: option.spec.synopsis, reason: "it is \(what); choose another file.")
        }
        return try OutputFile(path: path, stop: stop)
    }
}
