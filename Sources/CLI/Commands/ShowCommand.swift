import RosterModel
import RosterService

/// `rosterdb show ID|NAME`: the detail view of one player.
struct ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one player in detail.",
        discussion: "The player is named by id, or by name compared ignoring case and accents. A name that several "
            + "players share lists them with their ids (exit 1).",
        arguments: [ArgumentSpec(name: "player", help: "An id, or a player's full name.")],
        options: [
            .value("format", "format", help: "text or json (default: text)."),
            .value("as-of", "yyyy-MM-dd", help: "The day the age is computed on (default: today)."),
        ]
    )

    let player: String
    let json: Bool
    let asOf: CalendarDate

    init(_ arguments: ParsedArguments) throws {
        player = arguments.positionals[0]
        json = try arguments.parsed("format", expecting: "text or json") { ["text": false, "json": true][$0] } ?? false
        asOf = try arguments.parsed("as-of", expecting: "a date written yyyy-MM-dd") { CalendarDate(iso: $0) }
            ?? .today()
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRoster(.read)
        do {
            let found = try roster.findPlayer(player)
            try context.output.write(
                json ? PlayerFormats.jsonObject(found, age: .included(found.age(on: asOf))) + "\n"
                    : PlayerDetailView.render(found, asOf: asOf))
        } catch let error as LookupError {
            try context.errors.write("Error: \(error.description)\n" + CandidateListView.render(error))
            return .failure
        }
        return .success
    }
}
