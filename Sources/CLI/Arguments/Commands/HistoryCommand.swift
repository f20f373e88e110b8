import RosterModel
import RosterService

/// `rosterdb history ID|NAME`: a player's changes, newest first; `rosterdb history --forget-before DATE`: the history
/// before a day dropped.
package struct HistoryCommand: DeclaredCommand {
    package static let name = "history"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Show a player's changes, newest first, or forget the history before a day.",
        discussion: "Every change to a player is kept, with its number, time (UTC) and what made it: an import, add, "
            + "edit, remove, or another program. An id finds a player removed since too. --forget-before drops the "
            + "changes before a day in one transaction; the roster as it was before then can no longer be told.",
        arguments: [
            ArgumentSpec(name: "player", help: SharedOptions.player.help, isOptional: true, refusesBlank: true)
        ],
        options: HistoryOptions.since, HistoryOptions.until, HistoryOptions.format,
        Option.day("forget-before", help: "Drop the changes made before this day (UTC).")
    ) { positionals, since, until, format, forgetBefore in
        if let forgetBefore {
            if let player = positionals.first { throw UsageError.conflictingOptions("--forget-before", player) }
            for (name, given) in [("--since", since != nil), ("--until", until != nil), ("--format", format != nil)]
            where given {
                throw UsageError.conflictingOptions("--forget-before", name)
            }
            return HistoryCommand(action: .forget(before: forgetBefore))
        }
        guard let player = positionals.first else { throw UsageError.missingArgument("player") }
        return HistoryCommand(
            action: .show(
                player: player, criteria: HistoryOptions.criteria(since: since, until: until),
                format: format ?? .table))
    }

    package enum Action: Sendable {
        case show(player: String, criteria: HistoryCriteria, format: HistoryFormat)
        case forget(before: CalendarDate)
    }

    package let action: Action
}
