import RosterModel
import RosterService

/// `rosterdb show ID|NAME`: the detail view of one player.
package struct ShowCommand: DeclaredCommand {
    package static let name = "show"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Show one player in detail.",
        discussion: "A name that several players share lists them with their ids (exit 1). The start of a name (words "
            + "that start the words of a name, ignoring case and accents, as query --name matches) takes the one "
            + "player it matches, saying which on standard error; several are listed (exit 1).",
        arguments: [SharedOptions.player],
        options: SharedOptions.detailFormat, FilterOptions([.asOf]), SharedOptions.at
    ) { positionals, format, filters, at in
        ShowCommand(
            player: positionals[0], format: format ?? .text, asOf: SharedOptions.query(filters, at: at).asOf, at: at)
    }

    package let player: String
    package let format: DetailFormat
    package let asOf: CalendarDate
    /// The day whose end the roster is read as it was at, from its history; nil for now.
    package let at: CalendarDate?
}
