/// A field of a player, in the order records, exports and views list them. What rosterdb knows of each — its rule,
/// aliases, whether it may be unknown, its roles and its place on the detail screen — is its `descriptor`, declared
/// once in `FieldDescriptor`; every other list derives from the descriptors or switches over the cases without a
/// `default`, so that a new case is a compile error until each place handles it.
package enum PlayerField: String, CaseIterable, Sendable, Comparable {
    case id, ref, name, position, goals, assists, nationality, club
    case birthDate = "birth_date"
    case image

    /// The name records, exports and the database use (`birth_date`).
    package var name: String { rawValue }

    /// Everything declared of the field.
    package var descriptor: FieldDescriptor {
        switch self {
        case .id: .id
        case .ref: .ref
        case .name: .name
        case .position: .position
        case .goals: .goals
        case .assists: .assists
        case .nationality: .nationality
        case .club: .club
        case .birthDate: .birthDate
        case .image: .image
        }
    }

    /// The rules of the field's values and names.
    package var rule: FieldRule { descriptor.rule }

    /// The Swift type of the field's value, which decides how it is stored and read back.
    package var valueType: FieldValue.ValueType { descriptor.valueType }

    /// Whether a player may lack the field: its value is then unknown (JSON `null`, an empty CSV cell, SQL NULL).
    package var isOptional: Bool { descriptor.isOptional }

    /// Fields a user may clear, making them unknown: the optional ones but the id, which names the player.
    package static let clearable = allCases.filter { $0.isOptional && $0 != .id }

    /// The counts a match day adds to (`edit --add-goals`).
    package static let counts = allCases.filter { $0.descriptor.isCount }

    package static func < (lhs: PlayerField, rhs: PlayerField) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The value of one field of a player, typed.
package enum FieldValue: Hashable, Sendable {
    case integer(Int64)
    case text(String)
    case position(Position)
    case date(CalendarDate)

    /// The same value, text compared byte for byte. Swift's `==` holds canonically equivalent strings equal (`é`
    /// and `e` + U+0301), but a roster keeps the bytes it was given: a value with other bytes is another value, which
    /// an import writes and an edit reports. (The synthesized hash stays valid: equal bytes are equal text.)
    package static func == (left: FieldValue, right: FieldValue) -> Bool {
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
    package enum ValueType: Sendable {
        case integer, text, position, date
    }

    // The value of a field whose type is known, for `Player`'s subscript: another type is a programming error.

    func integer(of field: PlayerField) -> Int64 {
        guard case .integer(let value) = self else { Self.mismatch(self, field) }
        return value
    }

    func text(of field: PlayerField) -> String {
        guard case .text(let value) = self else { Self.mismatch(self, field) }
        return value
    }

    func position(of field: PlayerField) -> Position {
        guard case .position(let value) = self else { Self.mismatch(self, field) }
        return value
    }

    func date(of field: PlayerField) -> CalendarDate {
        guard case .date(let value) = self else { Self.mismatch(self, field) }
        return value
    }

    /// The value of a field no player lacks.
    static func required(_ value: FieldValue?, of field: PlayerField) -> FieldValue {
        guard let value else { preconditionFailure("\(field.name) cannot be unknown") }
        return value
    }

    private static func mismatch(_ value: FieldValue, _ field: PlayerField) -> Never {
        preconditionFailure("\(value) is not a value of \(field.name)")
    }

    /// The value as text, as a table or a message shows it: digits, the text, the position code, `yyyy-MM-dd`.
    package var text: String {
        switch self {
        case .integer(let value): String(value)
        case .text(let text): text
        case .position(let position): position.code
        case .date(let date): date.description
        }
    }
}
