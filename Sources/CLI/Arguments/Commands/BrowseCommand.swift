import RosterModel
import RosterService

/// `rosterdb browse [filters]`: the roster full screen in the terminal, with segments and each player's detail.
package struct BrowseCommand: DeclaredCommand {
    package static let name = "browse"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Browse players full screen in the terminal.",
        discussion: "The table query draws, scrolled with the arrow keys (or j and k), PgUp and PgDn, g and G; Tab "
            + "switches between all players and each line (GK, DF, MF, FW), Enter shows the selected player with "
            + "their history, ? lists every key, q quits. Only the rows on screen and a margin are read, so a roster "
            + "of any size opens at once. Standard input and output must be a terminal.",
        options: FilterOptions(QueryParameter.filters + [.sort])
    ) { _, filters in
        BrowseCommand(query: filters.query)
    }

    package let query: PlayerQuery
}
