/// The formats `export` writes; each writes the canonical import fields only, so that `import` reads it back
/// exactly.
package enum ExportFormat: String, CaseIterable, Sendable {
    case json, ndjson, csv
}
