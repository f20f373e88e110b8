import RosterModel

/// How a player is written as a record, the one place that knows: `export` writes the canonical fields that
/// `import` reads back, and the JSON, NDJSON and CSV list formats add the age on the as-of date.
///
/// Fields come in the order of `canonicalFields` (`fieldsWithAge`); an unknown value is JSON `null` or an empty
/// CSV cell.
public enum PlayerFormats {
    /// The fields `import` reads and `export` writes, in order.
    public static let canonicalFields = ["id", "name", "position", "goals", "assists", "nationality", "birth_date",
                                         "image"]
    /// The fields of the list formats: the canonical ones with `age` after `birth_date`.
    public static let fieldsWithAge = ["id", "name", "position", "goals", "assists", "nationality", "birth_date",
                                       "age", "image"]

    /// Whether a record has an `age` field, and its value (nil when the birth date is unknown).
    public enum AgeField: Hashable, Sendable {
        case omitted
        case included(Int?)
    }

    /// The player as a compact JSON object:
    /// `{"id":1,"name":"Lionel Messi","position":"RW",…,"birth_date":"1987-06-24","age":38,"image":"messi.png"}`.
    public static func jsonObject(_ player: Player, age: AgeField) -> String {
        var json = "{\"id\":"
        json.reserveCapacity(160 + player.name.utf8.count)
        json += player.id.map { String($0) } ?? "null"
        json += ",\"name\":"
        json += JSONText.quoted(player.name)
        // Position codes are plain capital letters.
        json += ",\"position\":\""
        json += player.position.code
        json += "\",\"goals\":"
        json += String(player.goals)
        json += ",\"assists\":"
        json += String(player.assists)
        json += ",\"nationality\":"
        json += player.nationality.map(JSONText.quoted) ?? "null"
        json += ",\"birth_date\":"
        json += player.birthDate.map { "\"\($0)\"" } ?? "null"
        if case .included(let years) = age {
            json += ",\"age\":"
            json += years.map { String($0) } ?? "null"
        }
        json += ",\"image\":"
        json += player.image.map(JSONText.quoted) ?? "null"
        json += "}"
        return json
    }

    /// The CSV header row: `canonicalFields`, or `fieldsWithAge` when `age` is true; ends with `\n`.
    public static func csvHeader(age: Bool) -> String {
        CSVText.row(age ? fieldsWithAge : canonicalFields)
    }

    /// The player as a CSV row under `csvHeader(age:)`; ends with `\n`.
    public static func csvRow(_ player: Player, age: AgeField) -> String {
        var row = player.id.map { String($0) } ?? ""
        row.reserveCapacity(96 + player.name.utf8.count)
        row += ","
        row += CSVText.field(player.name)
        row += ","
        row += player.position.code
        row += ","
        row += String(player.goals)
        row += ","
        row += String(player.assists)
        row += ","
        row += player.nationality.map(CSVText.field) ?? ""
        row += ","
        row += player.birthDate?.description ?? ""
        if case .included(let years) = age {
            row += ","
            row += years.map { String($0) } ?? ""
        }
        row += ","
        row += player.image.map(CSVText.field) ?? ""
        row += "\n"
        return row
    }
}
