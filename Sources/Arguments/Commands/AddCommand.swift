import RosterFormats
import RosterModel

/// `rosterdb add --name … --position … [fields]`: adds one player, checked as an import record is.
public struct AddCommand: DeclaredCommand {
    public static let name = "add"
    public static let declaration = CommandDeclaration(
        name: name,
        abstract: "Add one player.",
        discussion: "The values follow the import's rules and messages. A player with the same name (ignoring case "
            + "and accents) and birth date as one in the roster is refused, naming its id, unless --allow-duplicate. "
            + "Prints the new player as show does.",
        options: FieldOptions(PlayerField.allCases, forNewPlayers: true), SharedOptions.allowDuplicate,
        SharedOptions.detailFormat, SharedOptions.quiet
    ) { _, values, allowsDuplicate, format, isQuiet in
        AddCommand(values: values, allowsDuplicate: allowsDuplicate, format: format ?? .text, isQuiet: isQuiet)
    }

    public let values: [PlayerField: String]
    public let allowsDuplicate: Bool
    public let format: DetailFormat
    public let isQuiet: Bool
}
