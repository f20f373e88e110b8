/// The one place a list format's name becomes a renderer.
extension ListFormat {
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
