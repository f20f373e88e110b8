import RosterModel
import RosterService

/// `rosterdb query`: a filtered, sorted, paged list of players.
package struct QueryCommand: DeclaredCommand {
    package static let name = "query"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "List players: filtered, sorted and paged.",
        discussion: "Filters combine with AND; a filter given several times matches any of its values. Name order "
            + "lists namesakes by birth date; ties in any other order end on the name (A to Z), then the player id, "
            + "so pages are stable. When nothing matches, a nationality or club no player has gets suggestions on "
            + "standard error.",
        options: FilterOptions(QueryParameter.filters + [.sort, .page, .perPage]),
        Flag("all", help: "Every match on one page, streamed (for scripts)."),
        Option.choice("format", of: ListFormat.self, help: "The output format (default: table)."), SharedOptions.at
    ) { _, filters, all, format, at in
        var query = SharedOptions.query(filters, at: at)
        if all {
            for parameter in [QueryParameter.page, .perPage] where filters.given.contains(parameter) {
                throw UsageError.conflictingOptions("--all", parameter.name(.option))
            }
            query.paging = .all
        }
        return QueryCommand(query: query, format: format ?? .table, at: at)
    }

    package let query: PlayerQuery
    package let format: ListFormat
    /// The day whose end the roster is read as it was at, from its history; nil for now.
    package let at: CalendarDate?
}
