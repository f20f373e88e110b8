import CSQLite
import RosterModel

/// The player in a statement's current row, read where it lies: valid until the statement steps again or is reset,
/// so only during the call that hands it out. Writers read it through `PlayerValues` as they read a `Player`, and
/// `Player(row)` makes one of it.
///
/// The row's columns are `PlayerColumn.selectList`: column `i` holds `PlayerField.allCases[i]`. Its text is handed
/// out as SQLite holds it when that is well-formed UTF-8 (as rosterdb writes it), else as `String(decoding:)`
/// repairs it, as a `Player` read from the row holds it. A position or a date that another tool wrote and that is
/// not one stops the reading with an error.
public struct PlayerRowView: PlayerValues {
    private let statement: Statement

    init(_ statement: Statement) {
        self.statement = statement
    }

    public func forEachValue(_ body: (PlayerField, BorrowedFieldValue) -> Void) throws(DatabaseError) {
        for (offset, field) in PlayerField.allCases.enumerated() {
            let column = Int32(offset)
            if statement.isNull(at: column) {
                switch (field.isOptional, field.valueType) {
                case (true, _): body(field, .unknown)
                // Counts a `Player` holds as 0, a name as empty; a player has a position, always.
                case (false, .integer): body(field, .integer(0))
                case (false, .text): body(field, .text(UnsafeBufferPointer(start: nil, count: 0)))
                case (false, .position), (false, .date): throw corrupt("no \(field.name)")
                }
                continue
            }
            switch field.valueType {
            case .integer: body(field, .integer(statement.int64(at: column)))
            case .text:
                statement.withText(at: column) { bytes in
                    if Self.isWellFormedUTF8(bytes) { return body(field, .text(bytes)) }
                    var repaired = String(decoding: bytes, as: UTF8.self)
                    repaired.withUTF8 { body(field, .text($0)) }
                }
            // Positions and dates are read from the row's bytes: a String is made of them only for an error.
            case .position:
                guard let position = statement.withText(at: column, Position.init(code:)) else {
                    throw corrupt("unknown \(field.name) '\(statement.text(at: column))'")
                }
                body(field, .position(position))
            case .date:
                guard let date = statement.withText(at: column, CalendarDate.init(iso:)) else {
                    throw corrupt("invalid \(field.name) '\(statement.text(at: column))'")
                }
                body(field, .date(date))
            }
        }
    }

    private func corrupt(_ problem: String) -> DatabaseError {
        DatabaseError(code: SQLITE_CORRUPT, message: problem + " in players", sql: statement.sql)
    }

    /// Whether `bytes` are well-formed UTF-8: ASCII eight bytes at a time (most text is), the rest scalar by scalar
    /// through the standard library's own decoder, which refuses what `String(decoding:)` repairs.
    static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index + 8 <= bytes.count,
            UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            index += 8
        }
        while index < bytes.count, bytes[index] < 0x80 { index += 1 }
        guard index < bytes.count else { return true }
        var parser = Unicode.UTF8.ForwardParser()
        var rest = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        while true {
            switch parser.parseScalar(from: &rest) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
