import RosterModel

/// `rosterdb remove ID|NAME...`: removes players, all or none.
package struct RemoveCommand: DeclaredCommand {
    package static let name = "remove"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Remove players.",
        discussion: "Each player is named by id, or by name as show takes it. All are removed in one transaction: a "
            + "name that matches no player, or several, removes nothing (exit 1).",
        arguments: [ArgumentSpec(name: "player", help: "Ids or full names.", isRepeating: true)],
        options: Flag("dry-run", help: "List the players that would be removed; remove nothing."), SharedOptions.quiet
    ) { players, isDryRun, isQuiet in
        RemoveCommand(players: players, isDryRun: isDryRun, isQuiet: isQuiet)
    }

    package let players: [String]
    package let isDryRun: Bool
    package let isQuiet: Bool
}
