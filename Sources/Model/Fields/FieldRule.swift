/// What one field of a player may hold and how records name it, part of its `FieldDescriptor`: what the readers'
/// header checks, the validator, the writers and the help read. The schema's CHECK constraints mirror every limit here; a test
/// writes both edges of each through SQLite to prove that they agree.
package struct FieldRule: Sendable {
    /// What kind of value the field holds, with its limits.
    package enum Kind: Sendable {
        /// A whole number in the range: a JSON number or a CSV cell of digits.
        case wholeNumber(ClosedRange<Int64>)
        /// Text of at most this many characters (Unicode scalars) that follows `TextRule`.
        case text(maximumLength: Int)
        /// A position code or synonym (`ST`, `Striker`, `CDM`), stored as its code.
        case position
        /// A day written `yyyy-MM-dd`, not before `earliest` and not in the future.
        case date(earliest: CalendarDate)

        /// The type of the values of this kind.
        package var valueType: FieldValue.ValueType {
            switch self {
            case .wholeNumber: .integer
            case .text: .text
            case .position: .position
            case .date: .date
            }
        }
    }

    /// Another name records may give the field, as files from the original app do (`goal` for `goals`).
    package struct Alias: Sendable {
        package let name: String
        /// Said when the alias holds a number, which means the file uses it for something else.
        package let numberHint: String?

        init(name: String, numberHint: String? = nil) {
            self.name = name
            self.numberHint = numberHint
        }
    }

    package let kind: Kind
    package let aliases: [Alias]
    /// Every record must give the field (a CSV header must have its column).
    package let isRequired: Bool
    /// Whether an alias has a `numberHint`: only then is a value's name compared with the aliases.
    package let hasNumberHint: Bool

    init(_ kind: Kind, aliases: [Alias] = [], isRequired: Bool = false) {
        self.kind = kind
        self.aliases = aliases
        self.isRequired = isRequired
        hasNumberHint = aliases.contains { $0.numberHint != nil }
    }

    /// The largest id: 2^53 − 1, the largest whole number that every JSON reader (JavaScript's among them) keeps
    /// exactly, which leaves rosterdb room to give new players the next id.
    package static let maximumID: Int64 = 9_007_199_254_740_991
    /// The most goals or assists a player may have.
    package static let maximumCount: Int64 = 1_000_000

    /// The range of a whole-number field; nil for other kinds.
    package var range: ClosedRange<Int64>? {
        if case .wholeNumber(let range) = kind { return range }
        return nil
    }

    /// The longest text of a text field; nil for other kinds.
    package var maximumLength: Int? {
        if case .text(let length) = kind { return length }
        return nil
    }
}
