import CSQLite
import RosterModel

/// The player in a statement's current row, read where it lies: valid until the statement steps again or is reset,
/// so only during the call that hands it out. Writers read it through `PlayerValues` as they read a `Player`, and
/// `Player(row)` makes one of it.
///
/// The row's columns are `PlayerColumn.selectList`: column `i` holds `PlayerField.allCases[i]`. Its text is handed
/// out as SQLite holds it. A text that is not well-formed UTF-8, or a position, a date or a count that is not one,
/// which only another tool can have written, stops the reading with an error that names the player.
package struct PlayerRowView: PlayerValues {
    private let statement: Statement

    init(_ statement: Statement) {
        self.statement = statement
    }

    package func forEachValue(_ body: (PlayerField, BorrowedFieldValue) -> Void) throws(DatabaseError) {
        for (offset, field) in PlayerField.allCases.enumerated() {
            try value(of: field, at: Int32(offset), body)
        }
    }

    /// Every value of the row that rosterdb's rules refuse, each named as reading it names it: a player another
    /// program stored with several broken values has all of them named, not only the first that stops a read.
    package func unreadableValues() -> [DatabaseError.UnreadableValue] {
        var values: [DatabaseError.UnreadableValue] = []
        for (offset, field) in PlayerField.allCases.enumerated() {
            do throws(DatabaseError) {
                try value(of: field, at: Int32(offset)) { _, _ in }
            } catch {
                if let value = error.unreadableValue { values.append(value) }
            }
        }
        return values
    }

    /// Hands `field`, in column `column`, to `body`. One or two calls into SQLite a value, not three: a server
    /// writes some 240 values a page. A NULL is told by the text's missing pointer, and by the column's type only
    /// for a number that may be unknown (a count that is NULL reads as 0, as a `Player` holds it).
    @inline(__always)
    private func value(
        of field: PlayerField, at column: Int32, _ body: (PlayerField, BorrowedFieldValue) -> Void
    ) throws(DatabaseError) {
        let offset = Int(column)
        let valueType = PlayerRowView.valueTypes[offset]
        if valueType == .integer {
            switch statement.type(at: column) {
            case SQLITE_INTEGER:
                let value = statement.int64(at: column)
                // Out of its range (negative goals, 2,000,000 assists): summed and exported as it is, it makes
                // figures wrong and an export no import takes.
                if let range = PlayerRowView.integerRanges[offset], !range.contains(value) {
                    throw unreadable(
                        field, String(value),
                        "which is not from \(range.lowerBound.groupedDigits) to \(range.upperBound.groupedDigits)")
                }
                body(field, .integer(value))
            case SQLITE_NULL: body(field, PlayerRowView.optional[offset] ? .unknown : .integer(0))
            // A text or a real (`1e19`) that another tool wrote: read as a number, it would pass for another.
            default: throw unreadable(field, statement.text(at: column), "which is not an integer")
            }
            return
        }
        try statement.withTextOrNull(at: column) { (text) throws(DatabaseError) in
            guard let bytes = text else {
                switch (PlayerRowView.optional[offset], valueType) {
                case (true, _): return body(field, .unknown)
                // A name a `Player` holds as empty; a player has a position, always.
                case (false, .text): return body(field, .text(UnsafeBufferPointer(start: nil, count: 0)))
                case (false, _): throw unreadable(field, nil, "")
                }
            }
            switch valueType {
            case .integer, .text:
                // Repaired as `String(decoding:)` repairs it, it would be exported as other bytes than stored, and
                // compared unchanged with a record that differs.
                guard UTF8Text.isWellFormed(bytes) else {
                    throw unreadable(field, UTF8Text.showingInvalidBytes(bytes), "which is not UTF-8")
                }
                body(field, .text(bytes))
            // Positions and dates are read from the row's bytes: a String is made of them only for an error.
            case .position:
                guard let position = Position(code: bytes) else {
                    throw unreadable(field, String(decoding: bytes, as: UTF8.self), "which is not a position")
                }
                body(field, .position(position))
            case .date:
                guard let date = CalendarDate(iso: bytes) else {
                    throw unreadable(field, String(decoding: bytes, as: UTF8.self), "which is not a date")
                }
                body(field, .date(date))
            }
        }
    }

    /// Each field's value type and whether it may be unknown, by its place in `PlayerField.allCases`, read for every
    /// value without going through the field's descriptor.
    private static let valueTypes = ConstantTable(PlayerField.allCases.map(\.valueType))
    private static let optional = ConstantTable(PlayerField.allCases.map(\.isOptional))

    /// The range of each integer field, by its place in `PlayerField.allCases`: the rules' own, read once.
    private static let integerRanges = ConstantTable(PlayerField.allCases.map { $0.rule.range })

    /// A value rosterdb never writes, named with its player: the row's id is its first column.
    private func unreadable(_ field: PlayerField, _ value: String?, _ problem: String) -> DatabaseError {
        .unreadable(player: statement.int64(at: 0), field, value, problem)
    }
}
