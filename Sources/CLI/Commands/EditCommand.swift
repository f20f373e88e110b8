import RosterFormats
import RosterModel
import RosterService

/// `rosterdb edit ID|NAME [fields] [--unset FIELD] [--add-goals N]`: changes one player.
struct EditCommand: Command {
    static let unset = Option<PlayerField>(
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
    static let increments = PlayerField.counts.map { field in
        Option.number(
            "add-\(FieldOptions.optionName(field))", "n",
            in: -Int(FieldRule.maximumCount)...Int(FieldRule.maximumCount),
            help: "Add this many \(field.name) (a negative number takes away); the result stays within the limits.")
    }
    static let fields = PlayerField.allCases.filter { $0 != .id }
    static let format = Option.choice("format", of: DetailFormat.self, help: "The output format (default: text).")
    static let quiet = Flag("quiet", short: "q", help: "Print only errors.")

    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change one player.",
        discussion: "The player is named by id, or by name as show takes it. The values follow the import's rules "
            + "and messages. Prints each changed field before and after.",
        arguments: [ArgumentSpec(name: "player", help: "An id, or a player's full name.")],
        options: fields.map(FieldOptions.spec) + [unset.spec] + increments.map { $0.spec } + [format.spec, quiet.spec]
    )

    let player: String
    let edit: PlayerEdit
    let format: DetailFormat
    let isQuiet: Bool

    init(_ arguments: ParsedArguments) throws {
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
        guard !edit.isEmpty else {
            let changing =
                EditCommand.fields.map(FieldOptions.spec) + [EditCommand.unset.spec]
                + EditCommand.increments.map { $0.spec }
            throw UsageError.nothingToChange(changing.map(\.synopsis))
        }
        self.edit = edit
        format = try arguments.value(EditCommand.format) ?? .text
        isQuiet = arguments.isSet(EditCommand.quiet)
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        SignalTrap.install()
        let roster = try context.openRoster(.write, stop: SignalTrap.stop)
        let (before, after) = try roster.edit(player, edit)
        if !isQuiet { try context.output.write(PlayerChangeView.render(before: before, after: after, format: format)) }
        return .success
    }
}
