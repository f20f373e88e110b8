import RosterModel

/// How a player is written as a record, the one place that knows: `export` writes the fields that `import` reads
/// back, and the JSON, NDJSON and CSV list formats add the age on the as-of date after the birth date. Every field of
/// `PlayerField` is written, in its order; an unknown value is JSON `null` or an empty CSV cell.
package enum PlayerEncoding {
    /// A column of a written record: a field, or the age derived from the birth date.
    package enum Column: Hashable, Sendable {
        case field(PlayerField)
        case age

        /// The name in a JSON object and a CSV header.
        package var name: String {
            switch self {
            case .field(let field): field.name
            case .age: "age"
            }
        }
    }

    /// Whether a record has an `age` column, and its value (nil when unknown): given, or the age on a day, from the
    /// birth date the record holds.
    package enum AgeField: Hashable, Sendable {
        case omitted
        case included(Int?)
        case asOf(CalendarDate)
    }

    /// The columns of a record: every field, with `age` after `birth_date` when `age` is true.
    package static func columns(age: Bool) -> [Column] {
        age ? columnsWithAge : fieldColumns
    }

    private static let fieldColumns = PlayerField.allCases.map(Column.field)
    private static let columnsWithAge = PlayerField.allCases.flatMap { field in
        field == ageFollows ? [Column.field(field), .age] : [Column.field(field)]
    }

    /// The field the age is written after.
    private static let ageFollows = PlayerField.birthDate

    /// The player as a compact JSON object:
    /// `{"id":1,"name":"Lionel Messi","position":"RW",…,"birth_date":"1987-06-24","age":38,"image":"messi.png"}`.
    package static func jsonObject(_ player: Player, age: AgeField) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        appendJSONObject(player, age: age, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `jsonObject(player, age:)` to `out` as UTF-8, for writers that build their output as bytes; `values`
    /// may be a `Player` or a row of the roster read where it lies (a server writing a page of players, which would
    /// otherwise spend as long making `Player` values and Strings as writing them). Callers that write many players
    /// reserve the room for them; the array otherwise grows as arrays do.
    package static func appendJSONObject<Values: PlayerValues>(
        _ values: Values, age: AgeField, to out: inout [UInt8]
    ) throws(Values.ReadError) {
        // Written through a buffer: a player is some thirteen pieces, a page some 260.
        var writer = ByteWriter()
        defer { writer.finish(to: &out) }
        // Read once here rather than checked for being made at each field.
        let (pieces, room) = (Self.pieces, pieceRoom)
        var index = 0
        try values.forEachValue { field, value in
            _ = writer.reserve(room, flushingTo: &out)
            writer.write(pieces[index])
            index += 1
            switch value {
            case .unknown: writer.write(pieces[Piece.null])
            case .integer(let number): writer.write(number)
            case .text(let bytes): write(bytes, with: &writer, to: &out)
            // Position codes are plain capital letters and dates digits and hyphens: nothing to escape.
            case .position(let position):
                writer.write(.quote)
                for byte in position.code.utf8 { writer.write(byte) }
                writer.write(.quote)
            case .date(let date):
                writer.write(.quote)
                date.withISO { writer.write($0) }
                writer.write(.quote)
            }
            guard field == ageFollows else { return }
            let years: Int?
            switch (age, value) {
            case (.omitted, _): return
            case (.included(let given), _): years = given
            case (.asOf(let day), .date(let birthDate)): years = birthDate.age(on: day)
            case (.asOf, _): years = nil
            }
            _ = writer.reserve(room, flushingTo: &out)
            writer.write(pieces[Piece.age])
            if let years { writer.write(Int64(years)) } else { writer.write(pieces[Piece.null]) }
        }
        _ = writer.reserve(1, flushingTo: &out)
        writer.write(UInt8(ascii: "}"))
    }

    /// Text as a JSON string: through the writer when it holds nothing to escape and fits, else (a rare text)
    /// appended to `out` by `JSONText`, after what the writer holds.
    private static func write(_ text: UnsafeBufferPointer<UInt8>, with writer: inout ByteWriter, to out: inout [UInt8])
    {
        if JSONText.firstEscape(in: text) == nil, writer.reserve(text.count + 2, flushingTo: &out) {
            writer.write(.quote)
            writer.write(text)
            writer.write(.quote)
        } else {
            writer.flush(to: &out)
            JSONText.appendQuoted(text, to: &out)
        }
    }

    /// What comes before each field's value (`{"id":`, then `,"name":`, …), then before the age, and `null`: written
    /// for every field of every player, from every thread of a server, so kept as `ConstantPieces`.
    private static let pieces = ConstantPieces(
        PlayerField.allCases.enumerated().map { index, field in
            Array(((index == 0 ? "{" : ",") + "\"\(field.name)\":").utf8)
        } + [Array(",\"\(Column.age.name)\":".utf8), Array("null".utf8)])

    /// Room for a piece and any value but text: 20 digits, a date or a code in quotes, null.
    private static let pieceRoom = (0..<pieces.count).map { pieces[$0].count }.max()! + 24

    /// The pieces after the fields'.
    private enum Piece {
        static let age = PlayerField.allCases.count
        static let null = age + 1
    }

    /// A field's value as JSON: a number, a string, or `null` for unknown.
    package static func jsonValue(_ value: FieldValue?) -> String {
        var bytes: [UInt8] = []
        switch value {
        case nil: bytes.append(contentsOf: pieces[Piece.null])
        case .integer(let value): JSONText.appendInteger(value, to: &bytes)
        case .text(let text): JSONText.appendQuoted(text, to: &bytes)
        case .position(let position): appendPosition(position, to: &bytes)
        case .date(let date): appendDate(date, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // Position codes are plain capital letters and dates digits and hyphens: nothing to escape.
    private static func appendPosition(_ position: Position, to out: inout [UInt8]) {
        out.append(.quote)
        out += position.code.utf8
        out.append(.quote)
    }

    private static func appendDate(_ date: CalendarDate, to out: inout [UInt8]) {
        out.append(.quote)
        date.appendISO(to: &out)
        out.append(.quote)
    }

    /// The CSV header row of `columns(age:)`; ends with `\n`.
    package static func csvHeader(age: Bool) -> String {
        CSVText.row(columns(age: age).map(\.name))
    }

    /// The player as a CSV row under `csvHeader(age:)`; ends with `\n`.
    package static func csvRow(_ player: Player, age: AgeField) -> String {
        var row = ""
        row.reserveCapacity(96 + player.name.utf8.count)
        for (index, column) in columns(age: age != .omitted).enumerated() {
            if index > 0 { row += "," }
            switch column {
            case .age:
                switch age {
                case .omitted, .included(nil): break
                case .included(let years?): row += String(years)
                case .asOf(let day): if let years = player.birthDate?.age(on: day) { row += String(years) }
                }
            case .field(let field):
                switch player[field] {
                case nil: break
                case .integer(let value): row += String(value)
                case .text(let text): row += CSVText.field(text)
                case .position(let position): row += position.code
                case .date(let date): row += date.description
                }
            }
        }
        row += "\n"
        return row
    }
}
