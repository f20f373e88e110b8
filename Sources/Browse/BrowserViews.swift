import RosterModel
import RosterService

/// What the browser draws its screens with: the command line's own views (the table of `query`, the detail of
/// `show`, the timeline of `history`), handed in by the command that starts it, so that each is written once.
package protocol BrowserViews {
    /// The table `query` draws for `players` (each with their age), fitted to `width` columns: its two title
    /// lines, then one line per player, without newlines.
    func table(_ players: [(player: Player, age: Int?)], width: Int) -> (header: [String], rows: [String])
    /// `text` cut (with `…`) or padded with spaces to exactly `width` display columns.
    func fitted(_ text: String, width: Int) -> String
    /// The counts per group of `stats` with their bars, as `stats --by` draws them, fitted to `width`, as lines, and
    /// the index of the line of the first group (the others follow it in order).
    func frequency(_ stats: GroupedStats, width: Int) -> (lines: [String], firstGroup: Int)
    /// What the command line writes for `error` (an invalid player's problems, then `Error: …`), on one line.
    func errorMessage(_ error: any Error) -> String
    /// The detail of `player` as `show` draws it, then their history as `history` draws it, as lines.
    func detail(_ player: Player, asOf: CalendarDate, history: [HistoryEntry], historySince: String) -> [String]
}
