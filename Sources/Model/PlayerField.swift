/// A field of a player, in the order records, exports and views list them. Every layer derives its own list from
/// this one — the record rules (`FieldRule`), the database columns (`PlayerColumn`), the writers and the views —
/// each with an exhaustive switch, so adding a case makes the compiler point at every place that must learn it.
public enum PlayerField: String, CaseIterable, Sendable, Comparable {
    case id, ref, name, position, goals, assists, nationality, club
    case birthDate = "birth_date"
    case image

    /// The name records, exports and the database use (`birth_date`).
    public var name: String { rawValue }

    /// The Swift type of the field's value, which decides how it is stored and read back.
    public var valueType: FieldValue.ValueType {
        switch self {
        case .id, .goals, .assists: .integer
        case .ref, .name, .nationality, .club, .image: .text
        case .position: .position
        case .birthDate: .date
        }
    }

    /// Fields a player may lack: their value is unknown (JSON `null`, an empty CSV cell, SQL NULL).
    public var isOptional: Bool {
        switch self {
        case .id, .ref, .nationality, .club, .birthDate, .image: true
        case .name, .position, .goals, .assists: false
        }
    }

    /// Fields a user may clear, making them unknown: the optional ones but the id, which names the player.
    public static let clearable = allCases.filter { $0.isOptional && $0 != .id }

    /// The counts a match day adds to (goals, assists): the whole numbers but the id.
    public static let counts = allCases.filter { $0.valueType == .integer && $0 != .id }

    public static func < (lhs: PlayerField, rhs: PlayerField) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The value of one field of a player, typed.
public enum FieldValue: Hashable, Sendable {
    case integer(Int64)
    case text(String)
    case position(Position)
    case date(CalendarDate)

    /// The same value, text compared byte for byte. Swift's `==` holds canonically equivalent strings equal (`é`
    /// and `e` + U+0301), but a roster keeps the bytes it was given: a value with other bytes is another value, which
    /// an import writes and an edit reports. (The synthesized hash stays valid: equal bytes are equal text.)
    public static func == (left: FieldValue, right: FieldValue) -> Bool {
        switch (left, right) {
        case (.integer(let own), .integer(let other)): own == other
        case (.text(var own), .text(var other)):
            own.withUTF8 { own in other.withUTF8 { UTF8Text.sameBytes(own, $0) } }
        case (.position(let own), .position(let other)): own == other
        case (.date(let own), .date(let other)): own == other
        default: false
        }
    }

    /// The cases without their values.
    public enum ValueType: Sendable {
        case integer, text, position, date
    }

    /// The value as text, as a table or a message shows it: digits, the text, the position code, `yyyy-MM-dd`.
    public var text: String {
        switch self {
        case .integer(let value): String(value)
        case .text(let text): text
        case .position(let position): position.code
        case .date(let date): date.description
        }
    }
}
