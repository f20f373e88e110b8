import RosterFormats
import RosterModel

/// The tokens as `token list` prints them: a table for people, or a JSON object for scripts. Names only, with
/// what each may do and when it was made: the roster holds no token to show.
///
/// ```
/// Name     Access      Created (UTC)
/// ───────  ──────────  ────────────────────
/// nightly  read-write  2026-12-05T21:05:08Z
/// ```
enum TokenListView {
    static func render(_ tokens: [StoredToken], format: TokenFormat) -> String {
        switch format {
        case .table: table(tokens)
        case .json: json(tokens)
        }
    }

    private static func table(_ tokens: [StoredToken]) -> String {
        guard !tokens.isEmpty else { return "No tokens: serve takes writes without one.\n" }
        let titles = ["Name", "Access", "Created (UTC)"]
        let rows = tokens.map { [$0.name, access($0), DisplayWidth.printable($0.created)] }
        var widths = titles.map(DisplayWidth.of)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], DisplayWidth.of(cell)) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : DisplayWidth.padded(cell, toWidth: widths[column], alignRight: false)
            }.joined(separator: "  ") + "\n"
        }
        return line(titles) + line(widths.map { String(repeating: "─", count: $0) }) + rows.map(line).joined()
    }

    /// `{"tokens":[{"name":"nightly","read_only":false,"created":"2026-12-05T21:05:08Z"}]}`.
    private static func json(_ tokens: [StoredToken]) -> String {
        let objects = tokens.map { token in
            "{\"name\":\(JSONText.quoted(token.name)),\"read_only\":\(token.isReadOnly),"
                + "\"created\":\(JSONText.quoted(token.created))}"
        }
        return "{\"tokens\":[" + objects.joined(separator: ",") + "]}\n"
    }

    private static func access(_ token: StoredToken) -> String {
        token.isReadOnly ? "read-only" : "read-write"
    }
}
