import RosterModel
import RosterService

/// `rosterdb query`: a filtered, sorted, paged list of players.
struct QueryCommand: Command {
    static let all = Flag("all", help: "Every match on one page, streamed (for scripts).")
    static let format = Option.choice("format", of: ListFormat.self, help: "The output format (default: table).")
    /// The list parameters this command reads, in the order its help lists them.
    static let parameters = QueryParameter.filters + [.sort, .page, .perPage]

    static let spec = CommandSpec(
        name: "query",
        abstract: "List players: filtered, sorted and paged.",
        discussion: "Filters combine with AND; a filter given several times matches any of its values. Ties in any "
            + "order end on the player id, so pages are stable.",
        options: parameters.map(FilterOptions.spec) + [all.spec, format.spec]
    )

    let query: PlayerQuery
    let format: ListFormat

    init(_ arguments: ParsedArguments) throws {
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

    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRoster(.read)
        let maxWidth = context.terminal.stdoutIsTerminal ? context.terminal.width : nil
        var renderer = format.makeListRenderer(maxWidth: maxWidth)
        var paging = PageInfo.all(total: 0)
        try roster.run(
            query,
            begin: { facts in
                paging = facts
                try context.output.write(renderer.begin(facts))
            },
            row: { player in
                try context.output.write(renderer.row(player, age: player.age(on: query.asOf)))
            })
        try context.output.write(renderer.end(paging))
        return .success
    }
}
