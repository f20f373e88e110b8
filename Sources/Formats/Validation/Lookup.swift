import RosterModel

/// `import --lookup club=teams.csv:id:name`: a field's values are keys into a second file (CSV, JSON or NDJSON),
/// each translated to what the row with that key holds in another column — a provider's club id to the club's name.
/// A value the file has no row for is a problem of its record, naming the value.
package struct Lookup: Sendable, Equatable {
    package let field: PlayerField
    package let file: String
    /// The column holding the keys, and the one holding what they stand for.
    package let keyColumn: String
    package let valueColumn: String

    /// Reads `FIELD=FILE:KEY_COLUMN:VALUE_COLUMN`; the file's name may hold colons, the columns may not.
    package static func parse(_ text: String) -> Result<Lookup, RecordMapping.Refused> {
        let form = "expected FIELD=FILE:KEY_COLUMN:VALUE_COLUMN, as in club=teams.csv:id:name."
        guard let equals = text.firstIndex(of: "=") else { return .failure(RecordMapping.Refused(reason: form)) }
        let fieldName = String(text[..<equals])
        guard let field = RecordMapping.field(named: fieldName) else {
            return .failure(RecordMapping.unknownField(fieldName))
        }
        let parts = text[text.index(after: equals)...].split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return .failure(RecordMapping.Refused(reason: form)) }
        let valueColumn = TextRule.trimmed(String(parts[parts.count - 1]))
        let keyColumn = TextRule.trimmed(String(parts[parts.count - 2]))
        let file = parts.dropLast(2).joined(separator: ":")
        guard !file.isEmpty, !keyColumn.isEmpty, !valueColumn.isEmpty else {
            return .failure(RecordMapping.Refused(reason: form))
        }
        return .success(Lookup(field: field, file: file, keyColumn: keyColumn, valueColumn: valueColumn))
    }

    /// The table the file's records give: each key (in the form values are compared in) and what it stands for.
    /// Rows without a key are left out; a key given twice with two meanings is refused (`LookupRefused`), as is
    /// anything the reader cannot read (its `ReadError`).
    package func table(from reader: inout any RecordReader) throws -> LookupTable {
        var values: [String: String] = [:]
        let keyName = FieldNames.key(keyColumn)
        let valueName = FieldNames.key(valueColumn)
        // The names records gave, as first spelt, for a message naming a column none has.
        var seen: [String: String] = [:]
        while true {
            guard let record = try reader.next() else { break }
            for field in record.fields where seen[FieldNames.key(field.name)] == nil {
                seen[FieldNames.key(field.name)] = field.name
            }
            func text(_ name: String) -> String? {
                guard let value = record.fields.first(where: { FieldNames.key($0.name) == name })?.value else {
                    return nil
                }
                switch value {
                case .string(let text), .cell(let text), .number(let text):
                    let trimmed = TextRule.trimmed(text)
                    return trimmed.isEmpty ? nil : trimmed
                default: return nil
                }
            }
            guard let key = text(keyName) else { continue }
            let value = text(valueName) ?? ""
            if let earlier = values[FieldNames.key(key)], earlier != value {
                throw LookupRefused.twoMeanings(
                    "record \(record.number): \(keyColumn) '\(key.shortened(to: 60))' is given twice, as "
                        + "'\(earlier.shortened(to: 60))' and as '\(value.shortened(to: 60))'")
            }
            values[FieldNames.key(key)] = value
        }
        let missing = [keyColumn, valueColumn].filter { seen[FieldNames.key($0)] == nil }
        if !missing.isEmpty { throw LookupRefused.missingColumns(missing, found: seen.values.sorted()) }
        return LookupTable(lookup: self, values: values)
    }
}

/// Why a lookup's file cannot be used.
package enum LookupRefused: Error, Sendable {
    /// No record of the file has these columns; `found` are those records have.
    case missingColumns([String], found: [String])
    /// A key stands for two values; the reason names the record.
    case twoMeanings(String)
}

/// A lookup with its file's keys read: what `RecordMapping` translates the field's values with.
package struct LookupTable: Sendable {
    package let lookup: Lookup
    /// What each key stands for, by the key's compared form; empty for a row without a value.
    let values: [String: String]

    /// The value `text` stands for; nil when the file has no row for it.
    func translate(_ text: String) -> String? {
        values[FieldNames.key(text)]
    }

    /// Why `text` stands for nothing.
    func missing(_ text: String) -> String {
        "'\(text.shortened(to: 60))' is no \(lookup.keyColumn) of \(lookup.file) (--lookup \(lookup.field.name))"
    }
}
