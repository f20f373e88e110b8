import RosterModel
import RosterService

/// `rosterdb remove ID|NAME...`: removes players, all or none.
struct RemoveCommand: Command {
    static let dryRun = Flag("dry-run", help: "List the players that would be removed; remove nothing.")
    static let quiet = Flag("quiet", short: "q", help: "Print only errors.")

    static let spec = CommandSpec(
        name: "remove",
        abstract: "Remove players.",
        discussion: "Each player is named by id, or by name as show takes it. All are removed in one transaction: a "
            + "name that matches no player, or several, removes nothing (exit 1).",
        arguments: [ArgumentSpec(name: "player", help: "Ids or full names.", isRepeating: true)],
        options: [dryRun.spec, quiet.spec]
    )

    let players: [String]
    let isDryRun: Bool
    let isQuiet: Bool

    init(_ arguments: ParsedArguments) throws {
        players = arguments.positionals
        isDryRun = arguments.isSet(RemoveCommand.dryRun)
        isQuiet = arguments.isSet(RemoveCommand.quiet)
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        SignalTrap.install()
        let roster = try context.openRoster(isDryRun ? .check : .write, stop: SignalTrap.stop)
        let removed = try roster.remove(players, dryRun: isDryRun)
        if !isQuiet || isDryRun {
            let count = removed.count == 1 ? "1 player" : "\(removed.count.groupedDigits) players"
            try context.output.write(
                (isDryRun ? "Would remove \(count) (dry run, nothing removed):\n" : "Removed \(count):\n")
                    + PlayerLinesView.render(removed))
        }
        return .success
    }
}
