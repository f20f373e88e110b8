/// The formats `query` prints a list of players in; the command line's views make the renderer of each.
package enum ListFormat: String, CaseIterable, Sendable {
    case table, json, ndjson, csv
}
