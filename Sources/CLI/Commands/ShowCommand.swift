import RosterModel
import RosterService

/// `rosterdb show ID|NAME`: the detail view of one player.
struct ShowCommand: Command {
    static let format = Option.choice("format", of: DetailFormat.self, help: "The output format (default: text).")

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one player in detail.",
        discussion: "The player is named by id, or by name compared ignoring case and accents. A name that several "
            + "players share lists them with their ids (exit 1).",
        arguments: [ArgumentSpec(name: "player", help: "An id, or a player's full name.")],
        options: [format.spec, FilterOptions.spec(.asOf)]
    )

    let player: String
    let format: DetailFormat
    let asOf: CalendarDate

    init(_ arguments: ParsedArguments) throws {
        player = arguments.positionals[0]
        format = try arguments.value(ShowCommand.format) ?? .text
        var query = PlayerQuery(asOf: .today())
        try FilterOptions.read([.asOf], from: arguments, into: &query)
        asOf = query.asOf
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRoster(.read)
        try context.output.write(format.render(try roster.findPlayer(player), asOf: asOf))
        return .success
    }
}
