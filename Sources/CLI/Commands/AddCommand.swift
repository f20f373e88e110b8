import RosterFormats
import RosterModel
import RosterService

/// `rosterdb add --name … --position … [fields]`: adds one player, checked as an import record is.
struct AddCommand: Command {
    static let allowDuplicate = Flag(
        "allow-duplicate", help: "Add the player even when one with the same name and birth date is there.")
    static let format = Option.choice("format", of: DetailFormat.self, help: "The output format (default: text).")
    static let quiet = Flag("quiet", short: "q", help: "Print only errors.")

    static let spec = CommandSpec(
        name: "add",
        abstract: "Add one player.",
        discussion: "The values follow the import's rules and messages. A player with the same name (ignoring case "
            + "and accents) and birth date as one in the roster is refused, naming its id, unless --allow-duplicate. "
            + "Prints the new player as show does.",
        options: PlayerField.allCases.map(FieldOptions.spec) + [allowDuplicate.spec, format.spec, quiet.spec]
    )

    let values: [PlayerField: String]
    let allowsDuplicate: Bool
    let format: DetailFormat
    let isQuiet: Bool

    init(_ arguments: ParsedArguments) throws {
        values = FieldOptions.read(PlayerField.allCases, from: arguments)
        allowsDuplicate = arguments.isSet(AddCommand.allowDuplicate)
        format = try arguments.value(AddCommand.format) ?? .text
        isQuiet = arguments.isSet(AddCommand.quiet)
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        SignalTrap.install()
        let roster = try context.openRoster(.write, stop: SignalTrap.stop)
        let player = try roster.add(values, allowDuplicate: allowsDuplicate)
        if !isQuiet { try context.output.write(format.render(player, asOf: .today())) }
        return .success
    }
}

/// The formats `show`, `add` and `edit` print one player in.
enum DetailFormat: String, CaseIterable, Sendable {
    case text, json

    /// The player as `show` prints it, with the age on `asOf`.
    func render(_ player: Player, asOf: CalendarDate) -> String {
        switch self {
        case .text: PlayerDetailView.render(player, asOf: asOf)
        case .json: PlayerEncoding.jsonObject(player, age: .included(player.age(on: asOf))) + "\n"
        }
    }
}
