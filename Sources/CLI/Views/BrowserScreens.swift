import RosterBrowse
import RosterModel
import RosterService

/// The browser's screens drawn by the command line's views: the table of `query`, the detail of `show` and the
/// timeline of `history`.
struct BrowserScreens: BrowserViews {
    func table(_ players: [(player: Player, age: Int?)], width: Int) -> (header: [String], rows: [String]) {
        PlayerTableRenderer.lines(players, maxWidth: width)
    }

    func fitted(_ text: String, width: Int) -> String {
        DisplayWidth.padded(DisplayWidth.truncated(text, toWidth: width), toWidth: width, alignRight: false)
    }

    func frequency(_ stats: GroupedStats, width: Int) -> (lines: [String], firstGroup: Int) {
        let lines = StatsTableView.render(stats, maxWidth: width).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .dropLast().map(String.init)
        // The title, a blank line and the headings come first (`StatsTableView.render`).
        return (lines, 3)
    }

    func errorMessage(_ error: any Error) -> String {
        let problems = (error as? InvalidPlayer).map { PlayerProblemsView.render($0.problems) } ?? ""
        return (problems + "Error: \(DisplayWidth.printable("\(error)"))").split(separator: "\n").joined(
            separator: " · ")
    }

    func detail(_ player: Player, asOf: CalendarDate, history: [HistoryEntry], historySince: String) -> [String] {
        var text = PlayerDetailView.render(player, asOf: asOf) + "\n"
        text +=
            "History: " + (history.count == 1 ? "1 change" : "\(history.count.groupedDigits) changes")
            + ", newest first (kept since \(HistoryEntry.shown(historySince)) UTC)\n\n"
        if !history.isEmpty { text += HistoryTableView.render(history, showsPlayer: false) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
