import RosterModel
import RosterQuery

/// `rosterdb show ID|NAME`: the detail view of one player.
public struct ShowCommand: DeclaredCommand {
    public static let name = "show"
    public static let declaration = CommandDeclaration(
        name: name,
        abstract: "Show one player in detail.",
        discussion: "A name that several players share lists them with their ids (exit 1).",
        arguments: [SharedOptions.player],
        options: SharedOptions.detailFormat, FilterOptions([.asOf])
    ) { positionals, format, filters in
        ShowCommand(player: positionals[0], format: format ?? .text, asOf: filters.query.asOf)
    }

    public let player: String
    public let format: DetailFormat
    public let asOf: CalendarDate
}
