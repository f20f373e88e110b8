/// CSV fields and rows (RFC 4180), as `export` and `--format csv` write them.
///
/// Rows end with `\n`, not the RFC's `\r\n`: RFC 4180 lets readers accept either, ours does, and so do
/// spreadsheets and the usual Unix tools, which would otherwise keep a stray `\r` in the last field.
package enum CSVText {
    /// `text` as one field: quoted, with `"` doubled, when it holds `,`, `"`, CR or LF, or starts or ends with a
    /// space or tab (which some readers would trim); otherwise as it is. An empty text is an empty field.
    package static func field(_ text: String) -> String {
        guard needsQuoting(text) else { return text }
        var quoted = "\""
        quoted.reserveCapacity(text.utf8.count + 4)
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
        }
        quoted += "\""
        return quoted
    }

    /// The fields, each as `field(_:)` writes it, separated by commas and ended by `\n`.
    package static func row(_ fields: [String]) -> String {
        var row = ""
        for (index, text) in fields.enumerated() {
            if index > 0 { row += "," }
            row += field(text)
        }
        row += "\n"
        return row
    }

    private static func needsQuoting(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return false }
        if first == .space || first == .tab || last == .space || last == .tab { return true }
        return utf8.contains { $0 == .comma || $0 == .quote || $0 == .carriageReturn || $0 == .lineFeed }
    }
}
