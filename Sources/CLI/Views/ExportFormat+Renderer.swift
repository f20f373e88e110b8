extension ExportFormat {
    func makeRenderer() -> any PlayerListRenderer {
        switch self {
        case .json: JSONArrayRenderer()
        case .ndjson: NDJSONRenderer(age: false)
        case .csv: CSVRenderer(age: false)
        }
    }
}
