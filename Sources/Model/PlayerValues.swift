/// A player's values, field by field, wherever they are kept: a `Player`, or a row of the roster read where it lies.
/// A writer that reads them through this protocol writes a row exactly as it writes the `Player` made of that row,
/// without making the `Player` (and a String of each text) first.
package protocol PlayerValues {
    /// What reading the values may fail with: `Never` for a `Player`.
    associatedtype ReadError: Error

    /// Calls `body` with every field and its value, once each, in the order of `PlayerField.allCases`. A field that
    /// is never unknown (`isOptional` false) always has a value of its `valueType`; an optional one has that or
    /// `.unknown`. The value is valid during its call only.
    func forEachValue(_ body: (PlayerField, BorrowedFieldValue) -> Void) throws(ReadError)
}

/// The value of one field, borrowed from where it is kept (text as the bytes of its UTF-8), for the length of one
/// call of `PlayerValues.forEachValue`'s body.
package enum BorrowedFieldValue {
    case unknown
    case integer(Int64)
    /// Well-formed UTF-8.
    case text(UnsafeBufferPointer<UInt8>)
    case position(Position)
    case date(CalendarDate)
}

extension Player: PlayerValues {
    package typealias ReadError = Never

    package func forEachValue(_ body: (PlayerField, BorrowedFieldValue) -> Void) {
        for field in PlayerField.allCases {
            switch self[field] {
            case nil: body(field, .unknown)
            case .integer(let value): body(field, .integer(value))
            case .text(var text): text.withUTF8 { body(field, .text($0)) }
            case .position(let position): body(field, .position(position))
            case .date(let date): body(field, .date(date))
            }
        }
    }

    /// The player whose values `values` holds.
    package init<Values: PlayerValues>(_ values: Values) throws(Values.ReadError) {
        var player = Player(name: "", position: .forward)
        try values.forEachValue { field, value in
            switch value {
            case .unknown: player[field] = nil
            case .integer(let number): player[field] = .integer(number)
            case .text(let bytes): player[field] = .text(String(decoding: bytes, as: UTF8.self))
            case .position(let position): player[field] = .position(position)
            case .date(let date): player[field] = .date(date)
            }
        }
        self = player
    }

    /// Whether `values` hold exactly this player's values, text compared byte for byte, without making a `Player` of
    /// them: an import compares every record with the stored row, and most rows of a nightly feed are unchanged.
    /// Inlinable, so that it is specialized for the row it reads instead of copying the player at every field.
    @inlinable
    package func hasValues<Values: PlayerValues>(of values: Values) throws(Values.ReadError) -> Bool {
        var same = true
        try values.forEachValue { field, value in
            guard same else { return }
            switch (value, self[field]) {
            case (.unknown, nil): break
            case (.integer(let stored), .integer(let own)?): same = stored == own
            case (.text(let stored), .text(var own)?):
                same = own.withUTF8 { UTF8Text.sameBytes($0, stored) }
            case (.position(let stored), .position(let own)?): same = stored == own
            case (.date(let stored), .date(let own)?): same = stored == own
            default: same = false
            }
        }
        return same
    }
}
