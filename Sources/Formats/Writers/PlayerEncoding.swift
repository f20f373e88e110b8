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
        var json = "{"
        json.reserveCapacity(160 + player.name.utf8.count)
        for (index, column) in columns(age: age != .omitted).enumerated() {
            if index > 0 { json += "," }
            json += "\""
            json += column.name
            json += "\":"
            switch column {
            case .age:
                if case .included(let years?) = age { json += String(years) } else { json += "null" }
            case .field(let field): json += jsonValue(player[field])
            }
        }
        json += "}"
        return json
    }

    /// A field's value as JSON: a number, a string, or `null` for unknown.
    public static func jsonValue(_ value: FieldValue?) -> String {
        switch value {
        case nil: "null"
        case .integer(let value): String(value)
        case .text(let text): JSONText.quoted(text)
        // Position codes are plain capital letters and dates digits and hyphens: nothing to escape.
        case .position(let position): "\"" + position.code + "\""
        case .date(let date): "\"" + date.description + "\""
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
