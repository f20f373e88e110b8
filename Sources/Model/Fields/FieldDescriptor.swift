/// Everything rosterdb knows of one field of a player, declared once here: the rule of its values and the names
/// records may give it (`FieldRule`), whether a player may lack it, whether a match day adds to it, and where the
/// detail screen shows it. Readers, validator, writers, options, the database's columns and the detail views
/// (`PlayerDetail`) all derive from these.
///
/// ```
/// static let goals = FieldDescriptor(
///     .wholeNumber(0...FieldRule.maximumCount), aliases: [.init(name: "goal")], isCount: true,
///     detail: .line("Goals", .counts))
/// ```
///
/// A class: each field's descriptor is one object, handed out without copying its texts (as a struct, each read of a
/// field's value type copied the whole descriptor, a twentieth of a re-import's instructions).
package final class FieldDescriptor: Sendable {
    package let rule: FieldRule
    /// The type of the field's values (`rule.kind.valueType`), read for every value stored or compared.
    package let valueType: FieldValue.ValueType
    /// Whether a player may lack the field: its value is then unknown. A field that is not optional but not required
    /// either (goals) is 0 when a record leaves it out.
    package let isOptional: Bool
    /// Whether it is a count that a match day adds to (`edit --add-goals 2`).
    package let isCount: Bool
    /// Where the detail screen (`show`, the web page's detail) shows the field.
    package let detail: DetailPlacement
    /// Columns, or templates joining them, in which providers' files often give the field, most likely first: what
    /// a first import suggests for `--map` when a file has no column of the field's own names.
    package let likelySources: [String]

    /// Where a field is shown on a player's detail screen.
    package enum DetailPlacement: Sendable {
        /// As the screen's title (the name).
        case heading
        /// On a line of its own, with this label, in `group`.
        case line(String, DetailGroup)
    }

    /// The groups of lines of the detail screen, in the order it shows them; within a group, lines come in the order
    /// of `PlayerField`.
    package enum DetailGroup: CaseIterable, Sendable {
        /// What names the player in the roster and in its feed.
        case identity
        /// Who the player is: position, nationality, club, birth date.
        case profile
        /// What the player has done, followed by the goal contributions.
        case counts
        /// Media about the player.
        case media
    }

    init(
        _ kind: FieldRule.Kind, aliases: [FieldRule.Alias] = [], isRequired: Bool = false, isOptional: Bool,
        isCount: Bool = false, detail: DetailPlacement, likelySources: [String] = []
    ) {
        rule = FieldRule(kind, aliases: aliases, isRequired: isRequired)
        valueType = kind.valueType
        self.isOptional = isOptional
        self.isCount = isCount
        self.detail = detail
        self.likelySources = likelySources
    }

    static let id = FieldDescriptor(
        .wholeNumber(1...FieldRule.maximumID), isOptional: true, detail: .line("ID", .identity))
    static let ref = FieldDescriptor(
        .text(maximumLength: 100), isOptional: true, detail: .line("Ref", .identity),
        likelySources: ["player_id", "code", "player_code", "external_id"])
    static let name = FieldDescriptor(
        .text(maximumLength: 200), isRequired: true, isOptional: false, detail: .heading,
        likelySources: [
            "{first_name} {second_name}", "{first_name} {last_name}", "{given_name} {family_name}",
            "{firstname} {lastname}", "{forename} {surname}", "full_name", "player_name", "player", "known_as",
            "display_name", "web_name",
        ])
    static let position = FieldDescriptor(
        .position, isRequired: true, isOptional: false, detail: .line("Position", .profile),
        likelySources: ["position_name", "element_type", "pos", "role", "playing_position", "position_short"])
    static let goals = FieldDescriptor(
        .wholeNumber(0...FieldRule.maximumCount), aliases: [.init(name: "goal")], isOptional: false, isCount: true,
        detail: .line("Goals", .counts), likelySources: ["goals_scored", "total_goals"])
    static let assists = FieldDescriptor(
        .wholeNumber(0...FieldRule.maximumCount), aliases: [.init(name: "assist")], isOptional: false,
        isCount: true, detail: .line("Assists", .counts), likelySources: ["total_assists", "goal_assists"])
    static let nationality = FieldDescriptor(
        .text(maximumLength: 100), isOptional: true, detail: .line("Nationality", .profile),
        likelySources: ["nation", "country", "citizenship", "country_name", "nationality_name"])
    static let club = FieldDescriptor(
        .text(maximumLength: 100), aliases: [.init(name: "team"), .init(name: "club_name")], isOptional: true,
        detail: .line("Club", .profile), likelySources: ["team_name", "squad"])
    static let birthDate = FieldDescriptor(
        .date(earliest: CalendarDate(year: 1850, month: 1, day: 1)!),
        aliases: [.init(name: "age", numberHint: "age holds the birth date (yyyy-MM-dd), not an age in years")],
        isOptional: true, detail: .line("Born", .profile),
        likelySources: ["date_of_birth", "dob", "birthdate", "birthday", "born"])
    static let image = FieldDescriptor(
        .text(maximumLength: 2_048), isOptional: true, detail: .line("Image", .media),
        likelySources: ["photo", "picture", "image_url", "photo_url", "headshot"])
}
