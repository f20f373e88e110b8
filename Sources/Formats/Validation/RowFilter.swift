import RosterModel

/// Rows of a source that are no records of it (a provider's managers among its players), dropped before mapping and
/// validation: `import --skip-where COLUMN=VALUE[,VALUE…]` drops the rows holding one of the values in the column,
/// `--keep-where` those holding none. Columns are matched as field names are, values ignoring case and surrounding
/// spaces; an absent or null value is the empty text, and an object or array matches no value.
package struct RowFilter: Sendable, Equatable {
    /// The column or key (a path inside a JSON record: `player.injured`).
    package let column: String
    /// The values.
    let values: TextKeys
    /// Whether the rows holding one of the values are those kept (`--keep-where`), not those skipped.
    package let keepsMatches: Bool

    /// Reads `COLUMN=VALUE[,VALUE…]`.
    package static func parse(_ text: String, keepsMatches: Bool) -> Result<RowFilter, RecordMapping.Refused> {
        guard let equals = text.firstIndex(of: "=") else {
            return .failure(RecordMapping.Refused(reason: "expected COLUMN=VALUE[,VALUE…], as in element_type=5."))
        }
        let column = TextRule.trimmed(String(text[..<equals]))
        guard !column.isEmpty else {
            return .failure(RecordMapping.Refused(reason: "expected a column name before '='."))
        }
        if let forbidden = TextRule.firstForbidden(in: text) {
            return .failure(RecordMapping.Refused(reason: "it holds the control character \(forbidden.codePoint)."))
        }
        let values = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        return .success(
            RowFilter(
                column: column, values: TextKeys(values.map(String.init)), keepsMatches: keepsMatches))
    }

    /// Whether a record whose column holds `value` (nil when it has none) is dropped.
    func skips(_ value: RawValue?) -> Bool {
        let text: String
        switch value {
        case .string(let written), .cell(let written), .number(let written): text = written
        case .bool(let flag): text = flag ? "true" : "false"
        case .null, nil: text = ""
        // An object or an array holds no value to compare.
        default: return keepsMatches
        }
        return values.contains(text) != keepsMatches
    }
}
