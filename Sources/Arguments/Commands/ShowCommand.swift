import RosterModel

/// `rosterdb show ID|NAME`: the detail view of one player.
public struct ShowCommand: DeclaredCommand {

    public static let spec = CommandSpec(
        name: name,
        abstract: "Show one player in detail.",
        discussion: "A name that several players share lists them with their ids (exit 1).",
        arguments: [SharedOptions.player],
        options: [SharedOptions.detailFormat.spec, FilterOptions.spec(.asOf)]
    )
    public static let name = "show"

    public let player: String
    public let format: DetailFormat
    public let asOf: CalendarDate

    public init(_ arguments: ParsedArguments) throws {
        player = arguments.positionals[0]
        format = try arguments.value(SharedOptions.detailFormat) ?? .text
        var query = PlayerQuery(asOf: .today())
        try FilterOptions.read([.asOf], from: arguments, into: &query)
        asOf = query.asOf
    }
}
