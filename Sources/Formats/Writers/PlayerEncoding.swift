import RosterModel

/// How a player is written as a record, the one place that knows: `export` writes the fields that `import` reads
/// back, and the JSON, NDJSON and CSV list formats add the age on the as-of date after the birth date. Every field of
/// `PlayerField` is written, in its order; an unknown value is JSON `null` or an empty CSV cell.
public enum PlayerEncoding {
    /// A column of a written record: a field, or the age derived from the birth date.
    public enum Column: Hashable, Sendable {
        case field(PlayerField)
        case age

        /// The name in a JSON object and a CSV header.
        public var name: String {
            switch self {
            case .field(let field): field.name
            case .age: "age"
            }
        }
    }

    /// Whether a record has an `age` column, and its value (nil when unknown).
    public enum AgeField: Hashable, Sendable {
        case omitted
        case included(Int?)
    }

    /// The columns of a record: every field, with `age` after `birth_date` when `age` is true.
    public static func columns(age: Bool) -> [Column] {
        age ? columnsWithAge : fieldColumns
    }

    private static let fieldColumns = PlayerField.allCases.map(Column.field)
    private static let columnsWithAge = PlayerField.allCases.flatMap { field in
        field == .birthDate ? [Column.field(field), .age] : [Column.field(field)]
    }

    /// The player as a compact JSON object:
    /// `{"id":1,"name":"Lionel Messi","position":"RW",…,"birth_date":"1987-06-24","age":38,"image":"messi.png"}`.
    public static func jsonObject(_ player: Player, age: AgeField) -> String {
        var bytes: [UInt8] = []
        appendJSONObject(player, age: age, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `jsonObject(player, age:)` to `out` as UTF-8, for writers that build their output as bytes (a server
    /// writing a page of players: several times faster than growing a String).
    public static func appendJSONObject(_ player: Player, age: AgeField, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + 200 + player.name.utf8.count)
        let withAge = age != .omitted
        let keys = withAge ? keysWithAge : keysWithoutAge
        for (index, column) in columns(age: withAge).enumerated() {
            out += keys[index]
            switch column {
            case .age:
                if case .included(let years?) = age { appendInteger(Int64(years), to: &out) } else { out += null }
            case .field(let field): appendJSONValue(player[field], to: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// What comes before each column's value: `{"id":`, then `,"name":`, ….
    private static let keysWithAge = keys(columns(age: true))
    private static let keysWithoutAge = keys(columns(age: false))

    private static func keys(_ columns: [Column]) -> [[UInt8]] {
        columns.enumerated().map { index, column in Array(((index == 0 ? "{" : ",") + "\"\(column.name)\":").utf8) }
    }

    private static let null = Array("null".utf8)

    /// The decimal digits of `value` (a small String, kept inline: no allocation).
    private static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        out += String(value).utf8
    }

    /// A field's value as JSON: a number, a string, or `null` for unknown.
    public static func jsonValue(_ value: FieldValue?) -> String {
        var bytes: [UInt8] = []
        appendJSONValue(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendJSONValue(_ value: FieldValue?, to out: inout [UInt8]) {
        switch value {
        case nil: out += null
        case .integer(let value): appendInteger(value, to: &out)
        case .text(let text): JSONText.appendQuoted(text, to: &out)
        // Position codes are plain capital letters and dates digits and hyphens: nothing to escape.
        case .position(let position):
            out.append(.quote)
            out += position.code.utf8
            out.append(.quote)
        case .date(let date):
            out.append(.quote)
            out += date.description.utf8
            out.append(.quote)
        }
    }

    /// The CSV header row of `columns(age:)`; ends with `\n`.
    public static func csvHeader(age: Bool) -> String {
        CSVText.row(columns(age: age).map(\.name))
    }

    /// The player as a CSV row under `csvHeader(age:)`; ends with `\n`.
    public static func csvRow(_ player: Player, age: AgeField) -> String {
        var row = ""
        row.reserveCapacity(96 + player.name.utf8.count)
        for (index, column) in columns(age: age != .omitted).enumerated() {
            if index > 0 { row += "," }
            switch column {
            case .age:
                if case .included(let years?) = age { row += String(years) }
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
