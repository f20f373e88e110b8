/// The formats `export` writes; each writes the canonical import fields only, so that `import` reads it back
/// exactly.
enum ExportFormat: String, CaseIterable, Sendable {
    case json, ndjson, csv

    func makeRenderer() -> any PlayerListRenderer {
        switch self {
        case .json: JSONArrayRenderer()
        case .ndjson: NDJSONRenderer(age: false)
        case .csv: CSVRenderer(age: false)
        }
    }
}
