import RosterModel

/// The default list format: an aligned text table for people, with a paging footer.
///
/// ```
/// ID  Name          Pos  Nationality  Age   G   A
/// ──  ────────────  ───  ───────────  ───  ──  ──
/// 10  Lionel Messi  RW   Argentina     38  20  15
///
/// Page 1 of 1 · 1 player
/// ```
///
/// Widths are display widths, so Hangul, CJK and emoji (2 columns) and combining accents (0) keep columns
/// aligned; values are made printable first so that a name holding a newline or an escape cannot break the
/// layout. Column widths depend on every row, so rows are kept and the whole table comes from `end`.
struct PlayerTableRenderer: PlayerListRenderer {
    /// The terminal's width when standard output is one; a wider table has its Name, then its Nationality
    /// column cut (values end with `…`) down to their minimum widths.
    let maxWidth: Int?

    private var rows: [[Cell]] = []
    private var widths = PlayerTableRenderer.columns.map { DisplayWidth.of($0.title) }

    init(maxWidth: Int?) {
        self.maxWidth = maxWidth
    }

    mutating func begin(_ paging: PageInfo) -> String { "" }

    mutating func row(_ player: Player, age: Int?) -> String {
        let values = [
            player.id.map { String($0) }, DisplayWidth.printable(player.name), player.position.code,
            player.nationality.map(DisplayWidth.printable), age.map { String($0) }, String(player.goals),
            String(player.assists),
        ]
        let cells = values.map { Cell($0 ?? PlayerTableRenderer.unknown) }
        for (column, cell) in cells.enumerated() { widths[column] = max(widths[column], cell.width) }
        rows.append(cells)
        return ""
    }

    mutating func end(_ paging: PageInfo) -> String {
        guard !rows.isEmpty else { return PlayerTableRenderer.emptyMessage(paging) + "\n" }
        let widths = fittedWidths()
        let columns = PlayerTableRenderer.columns
        var table = line(columns.map { Cell($0.title) }, widths: widths)
        table += line(widths.map { Cell(String(repeating: "─", count: $0), width: $0) }, widths: widths)
        for row in rows { table += line(row, widths: widths) }
        table += "\n" + PlayerTableRenderer.footer(paging) + "\n"
        return table
    }

    /// The column widths, narrowed to `maxWidth` as far as the shrinkable columns' minimums allow.
    private func fittedWidths() -> [Int] {
        var widths = widths
        guard let maxWidth else { return widths }
        let separators = PlayerTableRenderer.separator.count * (widths.count - 1)
        // `$COLUMNS` may say anything; a negative width must not overflow the subtraction.
        var excess = widths.reduce(separators, +) - max(maxWidth, 0)
        for column in PlayerTableRenderer.shrinkOrder where excess > 0 {
            let cut = min(excess, widths[column] - PlayerTableRenderer.columns[column].minimumWidth)
            guard cut > 0 else { continue }
            widths[column] -= cut
            excess -= cut
        }
        return widths
    }

    /// One line: the cells cut and padded to their columns, without trailing spaces.
    private func line(_ cells: [Cell], widths: [Int]) -> String {
        var text = ""
        for (column, cell) in cells.enumerated() {
            if column > 0 { text += PlayerTableRenderer.separator }
            var cell = cell
            if cell.width > widths[column] { cell = Cell(DisplayWidth.truncated(cell.text, toWidth: widths[column])) }
            text += DisplayWidth.padded(
                cell.text, measuring: cell.width, toWidth: widths[column],
                alignRight: PlayerTableRenderer.columns[column].alignRight)
        }
        while text.last == " " { text.removeLast() }
        return text + "\n"
    }

    /// `No players match.`, or for a page past the end `No players on page 20 (271 players, 14 pages).`
    private static func emptyMessage(_ paging: PageInfo) -> String {
        if paging.total == 0 || paging.isAll { return "No players match." }
        return "No players on page \(paging.page) (\(players(paging.total)), "
            + "\(paging.pages) page\(paging.pages == 1 ? "" : "s"))."
    }

    /// `Page 2 of 14 · 271 players`, or for `--all` just `271 players`.
    private static func footer(_ paging: PageInfo) -> String {
        if paging.isAll { return players(paging.total) }
        return "Page \(paging.page) of \(paging.pages) · \(players(paging.total))"
    }

    private static func players(_ count: Int) -> String {
        count == 1 ? "1 player" : "\(count) players"
    }

    /// A value ready to print, with its display width.
    private struct Cell {
        var text: String
        var width: Int

        init(_ text: String) {
            self.init(text, width: DisplayWidth.of(text))
        }

        init(_ text: String, width: Int) {
            self.text = text
            self.width = width
        }
    }

    private struct Column {
        var title: String
        var alignRight: Bool
        /// How narrow `maxWidth` may make the column; a column not in `shrinkOrder` keeps its width.
        var minimumWidth: Int
    }

    private static let columns = [
        Column(title: "ID", alignRight: true, minimumWidth: 0),
        Column(title: "Name", alignRight: false, minimumWidth: 12),
        Column(title: "Pos", alignRight: false, minimumWidth: 0),
        // Wide enough for its title and for most countries' names.
        Column(title: "Nationality", alignRight: false, minimumWidth: 11),
        Column(title: "Age", alignRight: true, minimumWidth: 0),
        Column(title: "G", alignRight: true, minimumWidth: 0),
        Column(title: "A", alignRight: true, minimumWidth: 0),
    ]
    /// Name first: it is the widest column, and a cut name still identifies the player next to their ID.
    private static let shrinkOrder = [1, 3]
    private static let separator = "  "
    private static let unknown = "-"
}
