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
/// layout. Column widths are measured over the rows of a page; `--all` measures its first `window` rows and then
/// streams the rest with those widths, cutting longer text with `…`, so that memory stays flat however many rows.
struct PlayerTableRenderer: PlayerListRenderer {
    /// The terminal's width when standard output is one; a wider table has its text columns cut (values end with
    /// `…`) down to their minimum widths, in the order of their `shrinkOrder`.
    let maxWidth: Int?

    /// Rows measured before `--all` starts to stream.
    static let window = 1_000

    /// Rows kept until the widths are known.
    private var pending: [[Cell]] = []
    private var widths = PlayerTableRenderer.columns.map { DisplayWidth.of($0.title) }
    /// The widths rows are written with, once streaming has begun.
    private var streamingWidths: [Int]?
    private var streams = false

    init(maxWidth: Int?) {
        self.maxWidth = maxWidth
    }

    /// The number columns of a table that streams are as wide as the largest value among all its rows: the first
    /// `window` rows need not hold it (`--sort id`), and a number is never cut.
    var measuresAll: Bool { true }

    mutating func begin(_ paging: PageInfo) -> String {
        streams = paging.isAll
        if let largest = paging.largest {
            let widest = Player(
                id: largest.id, name: "", position: .forward, goals: Int(clamping: largest.goals),
                assists: Int(clamping: largest.assists))
            for (column, declaration) in PlayerTableRenderer.columns.enumerated() where declaration.shrinkOrder == nil {
                widths[column] = max(widths[column], DisplayWidth.of(declaration.value(widest, nil) ?? ""))
            }
        }
        return ""
    }

    mutating func row(_ player: Player, age: Int?) -> String {
        let cells = PlayerTableRenderer.columns.map { Cell($0.value(player, age) ?? PlayerTableRenderer.unknown) }
        if let streamingWidths { return line(cells, widths: streamingWidths) }
        for (column, cell) in cells.enumerated() { widths[column] = max(widths[column], cell.width) }
        pending.append(cells)
        guard streams, pending.count == PlayerTableRenderer.window else { return "" }
        let fitted = fittedWidths()
        streamingWidths = fitted
        defer { pending = [] }
        return header(fitted) + pending.map { line($0, widths: fitted) }.joined()
    }

    mutating func end(_ paging: PageInfo) -> String {
        if streamingWidths != nil { return "\n" + PlayerTableRenderer.footer(paging) + "\n" }
        guard !pending.isEmpty else { return PlayerTableRenderer.emptyMessage(paging) + "\n" }
        let fitted = fittedWidths()
        return header(fitted) + pending.map { line($0, widths: fitted) }.joined() + "\n"
            + PlayerTableRenderer.footer(paging) + "\n"
    }

    /// The table of a page of `players` (each with their age) as `end` draws it, fitted to `maxWidth`, as lines
    /// without newlines: the two title lines, then one line per player. The browser draws its screens with it.
    static func lines(_ players: [(player: Player, age: Int?)], maxWidth: Int) -> (header: [String], rows: [String]) {
        var table = PlayerTableRenderer(maxWidth: maxWidth)
        for (player, age) in players { _ = table.row(player, age: age) }
        let widths = table.fittedWidths()
        func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }
        return (lines(table.header(widths)), table.pending.map { String(table.line($0, widths: widths).dropLast()) })
    }

    /// The titles and their rules.
    private func header(_ widths: [Int]) -> String {
        line(PlayerTableRenderer.columns.map { Cell($0.title) }, widths: widths)
            + line(widths.map { Cell(String(repeating: "─", count: $0), width: $0) }, widths: widths)
    }

    /// The column widths, narrowed to `maxWidth` as far as the shrinkable columns' minimums allow.
    private func fittedWidths() -> [Int] {
        var widths = widths
        guard let maxWidth else { return widths }
        let columns = PlayerTableRenderer.columns
        let separators = PlayerTableRenderer.separator.count * (widths.count - 1)
        // `$COLUMNS` may say anything; a negative width must not overflow the subtraction.
        var excess = widths.reduce(separators, +) - max(maxWidth, 0)
        let shrinkable = columns.indices.filter { columns[$0].shrinkOrder != nil }
            .sorted { columns[$0].shrinkOrder! < columns[$1].shrinkOrder! }
        for column in shrinkable where excess > 0 {
            let cut = min(excess, widths[column] - columns[column].minimumWidth)
            guard cut > 0 else { continue }
            widths[column] -= cut
            excess -= cut
        }
        return widths
    }

    /// One line: the cells padded to their columns, text cut where it is wider, without trailing spaces. Numbers
    /// are never cut (their columns are sized for the largest, `measuresAll`).
    private func line(_ cells: [Cell], widths: [Int]) -> String {
        var text = ""
        for (column, cell) in cells.enumerated() {
            let declaration = PlayerTableRenderer.columns[column]
            if column > 0 { text += PlayerTableRenderer.separator }
            var cell = cell
            if cell.width > widths[column], declaration.shrinkOrder != nil {
                cell = Cell(DisplayWidth.truncated(cell.text, toWidth: widths[column]))
            }
            text += DisplayWidth.padded(
                cell.text, measuring: cell.width, toWidth: widths[column], alignRight: declaration.alignRight)
        }
        while text.last == " " { text.removeLast() }
        return text + "\n"
    }

    /// `No players match.`, or for a page past the end `No players on page 20 (271 players, 14 pages).`
    private static func emptyMessage(_ paging: PageInfo) -> String {
        if paging.total == 0 || paging.isAll { return "No players match." }
        return "No players on page \(paging.page.groupedDigits) (\(players(paging.total)), "
            + "\(paging.pages.groupedDigits) page\(paging.pages == 1 ? "" : "s"))."
    }

    /// `Page 2 of 14 · 271 players`, or for `--all` just `271 players`.
    private static func footer(_ paging: PageInfo) -> String {
        if paging.isAll { return players(paging.total) }
        return "Page \(paging.page.groupedDigits) of \(paging.pages.groupedDigits) · \(players(paging.total))"
    }

    private static func players(_ count: Int) -> String {
        count == 1 ? "1 player" : "\(count.groupedDigits) players"
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

    /// A column of the table, declared once: its title, alignment, how a narrow terminal may cut it, and its value.
    private struct Column {
        let title: String
        let alignRight: Bool
        /// When a table is too wide, text columns are cut in this order (1 first); nil keeps the column whole.
        let shrinkOrder: Int?
        /// How narrow cutting may make the column.
        let minimumWidth: Int
        /// The cell's text for a player and their age; nil prints as unknown.
        let value: @Sendable (Player, Int?) -> String?

        init(
            _ title: String, alignRight: Bool = false, shrinkOrder: Int? = nil, minimumWidth: Int = 0,
            value: @escaping @Sendable (Player, Int?) -> String?
        ) {
            self.title = title
            self.alignRight = alignRight
            self.shrinkOrder = shrinkOrder
            self.minimumWidth = minimumWidth
            self.value = value
        }
    }

    /// Club is cut first, then Name: it is the widest column, and a cut name still identifies the player next to
    /// their ID. Nationality's minimum is its title and most countries' names.
    private static let columns = [
        Column("ID", alignRight: true) { player, _ in player.id.map { String($0) } },
        Column("Name", shrinkOrder: 2, minimumWidth: 12) { player, _ in DisplayWidth.printable(player.name) },
        Column("Pos") { player, _ in player.position.code },
        Column("Nationality", shrinkOrder: 3, minimumWidth: 11) { player, _ in
            player.nationality.map(DisplayWidth.printable)
        },
        Column("Club", shrinkOrder: 1, minimumWidth: 8) { player, _ in player.club.map(DisplayWidth.printable) },
        Column("Age", alignRight: true) { _, age in age.map { String($0) } },
        Column("G", alignRight: true) { player, _ in String(player.goals) },
        Column("A", alignRight: true) { player, _ in String(player.assists) },
    ]
    private static let separator = "  "
    private static let unknown = "-"
}
