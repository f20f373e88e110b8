/// The formats `history` and `changes` print changes in: a table for people, or the change feed's JSON lines.
package enum HistoryFormat: String, CaseIterable, Sendable {
    case table, json, ndjson
}
