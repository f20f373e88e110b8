import RosterModel

/// What `rosterdb`'s command line declares: its commands, the global options, and the texts of `--version` and
/// `--help`. Parsing and help are derived from it.
package enum CommandLineSpec {
    package static let versionText = "rosterdb " + Release.version
    package static let overview = "A command-line roster database for football players, backed by SQLite."

    /// Every command, once: the parser's, the help's and (through `CommandList`) the front end's.
    package typealias Commands = CommandList<
        InitCommand, ImportCommand, QueryCommand, BrowseCommand, ShowCommand, StatsCommand, AddCommand, EditCommand,
        RemoveCommand,
        ExportCommand, HistoryCommand, ChangesCommand, ServeCommand, TokenCommand, CompletionsCommand, ManualCommand,
        CompleteCommand
    >
    package static var commands: [any DeclaredCommand.Type] { Commands.declared }
    /// The commands people run, hidden ones left out: those the help, the manual and the completions show.
    package static var visibleCommands: [CommandSpec] { commands.map { $0.spec }.filter { !$0.isHidden } }
    /// Their names, as a missing command's error lists them; only that error builds every declaration.
    package static var commandNames: [String] { visibleCommands.map(\.name) }

    package static let database = Option.text(
        "db", "path", help: "The roster database (default: $ROSTERDB_DB, else roster.db in this folder).")
    package static let busyTimeout = Option.decimal(
        "busy-timeout", "seconds", in: 0...86_400, expecting: "a number of seconds from 0 to 86400",
        help: "How long to wait for another writer's lock (default: 5).")
    package static let help = Flag("help", short: "h", help: "Show help information.")
    package static let version = Flag("version", help: "Show the version.")
    /// The options every command line takes, before or after the command; the front end reads them one by one, as
    /// it needs them.
    package static let globalOptions = [database.spec, busyTimeout.spec, help.spec, version.spec]
}
