import RosterModel

/// `rosterdb remove ID|NAME...`: removes players, all or none.
package struct RemoveCommand: DeclaredCommand {
    package static let name = "remove"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Remove players.",
        discussion: "Each player is named by id, or by name as show takes it. All are removed in one transaction: a "
            + "name that matches no player, or several, removes nothing (exit 1). So does the start of a name (the "
            + "words of one player's name, as show takes them) unless --yes: a prefix must never remove the wrong "
            + "player.",
        arguments: [ArgumentSpec(name: "player", help: "Ids or full names.", isRepeating: true, refusesBlank: true)],
        options: Flag("dry-run", help: "List the players that would be removed; remove nothing."),
        Flag("yes", help: "Take a name's start that matches one player, saying on standard error which."),
        SharedOptions.quiet
    ) { players, isDryRun, isSure, isQuiet in
        RemoveCommand(players: players, isDryRun: isDryRun, isSure: isSure, isQuiet: isQuiet)
    }

    package let players: [String]
    package let isDryRun: Bool
    /// `--yes`: a name's start that matches one player removes them.
    package let isSure: Bool
    package let isQuiet: Bool
}
