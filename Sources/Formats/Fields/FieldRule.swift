import RosterModel

/// What one field of a player may hold and how records name it: the one table that the readers' header checks,
/// the validator, the writers and the help read. The schema's CHECK constraints mirror every limit here; a test
/// writes both edges of each through SQLite to prove that they agree.
public struct FieldRule: Sendable {
    /// What kind of value the field holds, with its limits.
    public enum Kind: Sendable {
        /// A whole number in the range: a JSON number or a CSV cell of digits.
        case wholeNumber(ClosedRange<Int64>)
        /// Text of at most this many characters (Unicode scalars) that follows `TextRule`.
        case text(maximumLength: Int)
        /// A position code or synonym (`ST`, `Striker`, `CDM`), stored as its code.
        case position
        /// A day written `yyyy-MM-dd`, not before `earliest` and not in the future.
        case date(earliest: CalendarDate)
    }

    /// Another name records may give the field, as files from the original app do (`goal` for `goals`).
    public struct Alias: Sendable {
        public let name: String
        /// Said when the alias holds a number, which means the file uses it for something else.
        public let numberHint: String?

        init(name: String, numberHint: String? = nil) {
            self.name = name
            self.numberHint = numberHint
        }
    }

    public let field: PlayerField
    public let kind: Kind
    public let aliases: [Alias]
    /// Every record must give the field (a CSV header must have its column).
    public let isRequired: Bool
    /// Whether an alias has a `numberHint`: only then is a value's name compared with the aliases.
    public let hasNumberHint: Bool

    init(_ field: PlayerField, _ kind: Kind, aliases: [Alias] = [], isRequired: Bool = false) {
        self.field = field
        self.kind = kind
        self.aliases = aliases
        self.isRequired = isRequired
        hasNumberHint = aliases.contains { $0.numberHint != nil }
    }

    /// The largest id: 2^53 − 1, the largest whole number that every JSON reader (JavaScript's among them) keeps
    /// exactly, which leaves rosterdb room to give new players the next id.
    public static let maximumID: Int64 = 9_007_199_254_740_991
    /// The most goals or assists a player may have.
    public static let maximumCount: Int64 = 1_000_000

    /// The range of a whole-number field; nil for other kinds.
    public var range: ClosedRange<Int64>? {
        if case .wholeNumber(let range) = kind { return range }
        return nil
    }

    /// The longest text of a text field; nil for other kinds.
    public var maximumLength: Int? {
        if case .text(let length) = kind { return length }
        return nil
    }
}

extension PlayerField {
    /// The rules of this field.
    public var rule: FieldRule {
        switch self {
        case .id: FieldRule(self, .wholeNumber(1...FieldRule.maximumID))
        case .ref: FieldRule(self, .text(maximumLength: 100))
        case .name: FieldRule(self, .text(maximumLength: 200), isRequired: true)
        case .position: FieldRule(self, .position, isRequired: true)
        case .goals: FieldRule(self, .wholeNumber(0...FieldRule.maximumCount), aliases: [.init(name: "goal")])
        case .assists: FieldRule(self, .wholeNumber(0...FieldRule.maximumCount), aliases: [.init(name: "assist")])
        case .nationality: FieldRule(self, .text(maximumLength: 100))
        case .club:
            FieldRule(self, .text(maximumLength: 100), aliases: [.init(name: "team"), .init(name: "club_name")])
        case .birthDate:
            FieldRule(
                self, .date(earliest: CalendarDate(year: 1850, month: 1, day: 1)!),
                aliases: [.init(name: "age", numberHint: "age holds the birth date (yyyy-MM-dd), not an age in years")])
        case .image: FieldRule(self, .text(maximumLength: 2_048))
        }
    }
}
