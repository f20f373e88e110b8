import RosterFormats
import RosterModel

/// `rosterdb add --name … --position … [fields]`: adds one player, checked as an import record is.
public struct AddCommand: DeclaredCommand {
    public static let allowDuplicate = Flag(
        "allow-duplicate", help: "Add the player even when one with the same name and birth date is there.")

    public static let spec = CommandSpec(
        name: name,
        abstract: "Add one player.",
        discussion: "The values follow the import's rules and messages. A player with the same name (ignoring case "
            + "and accents) and birth date as one in the roster is refused, naming its id, unless --allow-duplicate. "
            + "Prints the new player as show does.",
        options: PlayerField.allCases.map { FieldOptions.spec($0, forNewPlayers: true) } + [
            allowDuplicate.spec, SharedOptions.detailFormat.spec, SharedOptions.quiet.spec,
        ]
    )
    public static let name = "add"

    public let values: [PlayerField: String]
    public let allowsDuplicate: Bool
    public let format: DetailFormat
    public let isQuiet: Bool

    public init(_ arguments: ParsedArguments) throws {
        values = FieldOptions.read(PlayerField.allCases, from: arguments)
        allowsDuplicate = arguments.isSet(AddCommand.allowDuplicate)
        format = try arguments.value(SharedOptions.detailFormat) ?? .text
        isQuiet = arguments.isSet(SharedOptions.quiet)
    }
}
