import RosterFormats
import RosterModel
import RosterService

/// The command-line options of the player's fields (`--name`, `--birth-date`, …), one per `PlayerField`, with their
/// help written from the field's rule; `add` and `edit` take them and hand the texts to the service, which reads
/// them by the import's rules.
package struct FieldOptions: OptionDeclaration {
    /// The fields, in the order the help lists them.
    package let fields: [PlayerField]
    /// Whether the help says which fields a new player needs (`add`; `edit` changes only what it is given).
    package let forNewPlayers: Bool

    package init(_ fields: [PlayerField], forNewPlayers: Bool) {
        self.fields = fields
        self.forNewPlayers = forNewPlayers
    }

    package var specs: [OptionSpec] { fields.map { FieldOptions.spec($0, forNewPlayers: forNewPlayers) } }

    /// The texts given, by field.
    package func read(from arguments: ParsedArguments) -> [PlayerField: String] {
        var values: [PlayerField: String] = [:]
        for field in fields {
            if let text = arguments.texts(named: FieldOptions.optionName(field)).last { values[field] = text }
        }
        return values
    }

    /// The option for `field`: its name with hyphens (`birth_date` → `--birth-date`).
    static func spec(_ field: PlayerField, forNewPlayers: Bool) -> OptionSpec {
        let valueName =
            switch field.rule.kind {
            case .wholeNumber: "n"
            case .text: "text"
            case .position: "position"
            case .date: "yyyy-MM-dd"
            }
        return OptionSpec(
            name: optionName(field), shortName: nil, kind: .value(name: valueName),
            help: help(field) + (forNewPlayers && field.rule.isRequired ? " Required." : ""))
    }

    /// What the option takes, from the field's rule.
    private static func help(_ field: PlayerField) -> String {
        let rule = field.rule
        let takes =
            switch rule.kind {
            case .wholeNumber(let range):
                "A whole number from \(range.lowerBound.groupedDigits) to \(range.upperBound.groupedDigits)."
            case .text(let length): "Text of at most \(length.groupedDigits) characters."
            case .position: "A position code or synonym (ST, Striker, CDM, Defender, …)."
            case .date(let earliest): "A day from \(earliest) to today."
            }
        return "The \(field.name.split(separator: "_").joined(separator: " ")). \(takes)"
    }

    /// `birth-date` for `birth_date`.
    package static func optionName(_ field: PlayerField) -> String {
        QueryParameter.Spelling.optionName(field.name)
    }

    /// The field an option's value names, written either way (`birth-date`, `birth_date`), among `fields`.
    package static func field(named text: String, among fields: [PlayerField]) -> PlayerField? {
        let name = String(text.lowercased().map { $0 == "-" ? "_" : $0 })
        return fields.first { $0.name == name }
    }
}
