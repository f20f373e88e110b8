/// The formats a list of players can be printed in; the one place a format name becomes a renderer.
enum ListFormat: String, CaseIterable, Sendable {
    case table, json, ndjson, csv

    /// The renderer for `query`; `maxWidth` is the terminal's width when the table may be cut to fit.
    func makeListRenderer(maxWidth: Int?) -> any PlayerListRenderer {
        switch self {
        case .table: PlayerTableRenderer(maxWidth: maxWidth)
        case .json: JSONPageRenderer()
        case .ndjson: NDJSONRenderer(age: true)
        case .csv: CSVRenderer(age: true)
        }
    }
}
