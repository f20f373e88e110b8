import RosterFormats
import RosterModel

/// `rosterdb add --name … --position … [fields]`: adds one player, checked as an import record is.
package struct AddCommand: DeclaredCommand {
    package static let name = "add"
    package static let declaration = CommandDeclaration(
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

    package let values: [PlayerField: String]
    package let allowsDuplicate: Bool
    package let format: DetailFormat
    package let isQuiet: Bool
}
