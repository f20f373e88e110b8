import RosterFormats
import RosterModel
import RosterService

/// `rosterdb edit ID|NAME [fields] [--unset FIELD] [--add-goals N]`: changes one player.
package struct EditCommand: DeclaredCommand {
    package static let name = "edit"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Change one player.",
        discussion: "The values follow the import's rules and messages. A new name or birth date that makes the "
            + "player one with the same name (ignoring case and accents) and birth date as another is refused, naming "
            + "its id, unless --allow-duplicate. Prints each changed field before and after. The player is named as show "
            + "takes it, by the start of a name too.",
        arguments: [SharedOptions.player],
        options: changes, SharedOptions.allowDuplicate, SharedOptions.detailFormat, SharedOptions.quiet
    ) { positionals, edit, allowsDuplicate, format, isQuiet in
        EditCommand(
            player: positionals[0], edit: edit, allowsDuplicate: allowsDuplicate, format: format ?? .text,
            isQuiet: isQuiet)
    }

    /// The options that change a value: a field's new value, `--unset`, and `--add-goals`, `--add-assists` (the
    /// counts a match day adds to). Without any, there is nothing to do.
    private static let changes: OptionGroup<PlayerEdit> = OptionGroup(
        FieldOptions(PlayerField.allCases.filter { $0 != .id }, forNewPlayers: false),
        Option<PlayerField>(
            "unset", "field", help: "Make this field unknown; repeat it for several. One of \(clearableNames)."
        ) { text in
            guard let field = FieldOptions.field(named: text, among: PlayerField.clearable) else {
                return .failure(
                    .init(reason: "expected one of \(clearableNames); the other fields always have a value."))
            }
            return .success(field)
        }.repeated,
        OptionList(
            PlayerField.counts.map { field in
                Option.number(
                    "add-\(FieldOptions.optionName(field))", "n",
                    in: -Int(FieldRule.maximumCount)...Int(FieldRule.maximumCount),
                    help: "Add this many \(field.name) (a negative number takes away); the result stays within the "
                        + "limits.")
            })
    ) { values, cleared, increments in
        var edit = PlayerEdit()
        edit.values = values.mapValues(RawValue.cell)
        for field in cleared {
            if edit.values[field] != nil {
                let option = FieldOptions.optionName(field)
                throw UsageError.conflictingOptions("--unset \(option)", "--\(option)")
            }
            edit.cleared.insert(field)
        }
        for (field, amount) in zip(PlayerField.counts, increments) {
            if let amount { edit.increments[field] = amount }
        }
        guard !edit.isEmpty else { throw UsageError.nothingToChange(EditCommand.changes.specs.map(\.synopsis)) }
        return edit
    }
    private static let clearableNames = PlayerField.clearable.map(FieldOptions.optionName).joined(separator: ", ")

    package let player: String
    package let edit: PlayerEdit
    package let allowsDuplicate: Bool
    package let format: DetailFormat
    package let isQuiet: Bool
}
