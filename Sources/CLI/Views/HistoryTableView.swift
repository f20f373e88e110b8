import RosterModel

/// Changes as a table for people, one line a changed field (a club move reads at a glance):
///
/// ```
/// Change  When (UTC)           Player              What                                By
/// ──────  ───────────────────  ──────────────────  ──────────────────────────────────  ────────────────────
///     31  2026-12-05 21:04:11  Mohamed Salah (1)   club  Liverpool → Al-Hilal          import players.json
///                                                  goals  29 → 30
///     30  2026-12-04 21:03:58  Erling Haaland (2)  added                               import players.json
/// ```
///
/// `history` leaves out the player column (one player); widths are display widths, every text made printable.
enum HistoryTableView {
    static func render(_ entries: [HistoryEntry], showsPlayer: Bool) -> String {
        var rows: [[String]] = []
        for entry in entries {
            let what = lines(entry)
            for (index, line) in what.enumerated() {
                let first = index == 0
                var row = [
                    first ? String(entry.number) : "", first ? DisplayWidth.printable(entry.shownTime) : "",
                ]
                if showsPlayer { row.append(first ? DisplayWidth.printable("\(entry.name) (\(entry.playerID))") : "") }
                row += [line, first ? DisplayWidth.printable(entry.madeByText) : ""]
                rows.append(row)
            }
        }
        let titles = ["Change", "When (UTC)"] + (showsPlayer ? ["Player"] : []) + ["What", "By"]
        var widths = titles.map(DisplayWidth.of)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], DisplayWidth.of(cell)) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                // The last column is not padded: no trailing spaces.
                column == cells.count - 1
                    ? cell : DisplayWidth.padded(cell, toWidth: widths[column], alignRight: column == 0)
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return line(titles) + line(widths.map { String(repeating: "─", count: $0) }) + rows.map(line).joined()
    }

    /// What a change did, a line a field: `club  Liverpool → Al-Hilal`; an added or removed player in one word.
    private static func lines(_ entry: HistoryEntry) -> [String] {
        guard entry.kind == .updated else { return [entry.kind.rawValue] }
        guard !entry.fields.isEmpty else { return ["updated"] }
        let width = entry.fields.map(\.field.name.count).max() ?? 0
        return entry.fields.map { change in
            DisplayWidth.padded(change.field.name, toWidth: width, alignRight: false) + "  "
                + "\(shown(change.before)) → \(shown(change.after))"
        }
    }

    private static func shown(_ value: FieldValue?) -> String {
        value.map { DisplayWidth.printable($0.text) } ?? "unknown"
    }
}

extension String {
    /// The text without the spaces at its end, which a padded empty last cell leaves.
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
