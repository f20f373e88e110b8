import RosterModel
import RosterQuery

/// `rosterdb query`: a filtered, sorted, paged list of players.
public struct QueryCommand: DeclaredCommand {
    public static let all = Flag("all", help: "Every match on one page, streamed (for scripts).")
    public static let format = Option.choice("format", of: ListFormat.self, help: "The output format (default: table).")
    /// The list parameters this command reads, in the order its help lists them.
    public static let parameters = QueryParameter.filters + [.sort, .page, .perPage]

    public static let spec = CommandSpec(
        name: name,
        abstract: "List players: filtered, sorted and paged.",
        discussion: "Filters combine with AND; a filter given several times matches any of its values. Name order "
            + "lists namesakes by birth date; ties in any order end on the player id, so pages are stable.",
        options: parameters.map(FilterOptions.spec) + [all.spec, format.spec]
    )
    public static let name = "query"

    public let query: PlayerQuery
    public let format: ListFormat

    public init(_ arguments: ParsedArguments) throws {
        var query = PlayerQuery(asOf: .today())
        try FilterOptions.read(QueryCommand.parameters, from: arguments, into: &query)
        if arguments.isSet(QueryCommand.all) {
            for parameter in [QueryParameter.page, .perPage] where arguments.isGiven(FilterOptions.spec(parameter)) {
                throw UsageError.conflictingOptions("--all", parameter.name(.option))
            }
            query.paging = .all
        }
        self.query = query
        format = try arguments.value(QueryCommand.format) ?? .table
    }
}
