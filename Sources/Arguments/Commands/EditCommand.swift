import RosterFormats
import RosterModel
import RosterQuery

/// `rosterdb edit ID|NAME [fields] [--unset FIELD] [--add-goals N]`: changes one player.
public struct EditCommand: DeclaredCommand {
    public static let unset = Option<PlayerField>(
        "unset", "field", repeatable: true,
        help: "Make this field unknown; repeat it for several. One of \(clearableNames)."
    ) { text in
        guard let field = FieldOptions.field(named: text, among: PlayerField.clearable) else {
            return .failure(.init(reason: "expected one of \(clearableNames); the other fields always have a value."))
        }
        return .success(field)
    }
    private static let clearableNames = PlayerField.clearable.map(FieldOptions.optionName).joined(separator: ", ")
    /// `--add-goals`, `--add-assists`: the counts a match day adds to.
    public static let increments = PlayerField.counts.map { field in
        Option.number(
            "add-\(FieldOptions.optionName(field))", "n",
            in: -Int(FieldRule.maximumCount)...Int(FieldRule.maximumCount),
            help: "Add this many \(field.name) (a negative number takes away); the result stays within the limits.")
    }
    public static let fields = PlayerField.allCases.filter { $0 != .id }
    /// The options that change a value.
    private static let fieldSpecs =
        fields.map { FieldOptions.spec($0, forNewPlayers: false) } + [unset.spec] + increments.map { $0.spec }

    public static let spec = CommandSpec(
        name: name,
        abstract: "Change one player.",
        discussion: "The values follow the import's rules and messages. A new name or birth date that makes the "
            + "player one with the same name (ignoring case and accents) and birth date as another is refused, naming "
            + "its id, unless --allow-duplicate. Prints each changed field before and after.",
        arguments: [SharedOptions.player],
        options: fieldSpecs + [
            AddCommand.allowDuplicate.spec, SharedOptions.detailFormat.spec, SharedOptions.quiet.spec,
        ]
    )
    public static let name = "edit"

    public let player: String
    public let edit: PlayerEdit
    public let allowsDuplicate: Bool
    public let format: DetailFormat
    public let isQuiet: Bool

    public init(_ arguments: ParsedArguments) throws {
        player = arguments.positionals[0]
        var edit = PlayerEdit()
        edit.values = FieldOptions.read(EditCommand.fields, from: arguments)
        for field in try arguments.values(EditCommand.unset) {
            if edit.values[field] != nil {
                let option = FieldOptions.optionName(field)
                throw UsageError.conflictingOptions("--unset \(option)", "--\(option)")
            }
            edit.cleared.insert(field)
        }
        for (field, option) in zip(PlayerField.counts, EditCommand.increments) {
            if let amount = try arguments.value(option) { edit.increments[field] = amount }
        }
        guard !edit.isEmpty else { throw UsageError.nothingToChange(EditCommand.fieldSpecs.map(\.synopsis)) }
        self.edit = edit
        allowsDuplicate = arguments.isSet(AddCommand.allowDuplicate)
        format = try arguments.value(SharedOptions.detailFormat) ?? .text
        isQuiet = arguments.isSet(SharedOptions.quiet)
    }
}
