import RosterService

/// The summary `import --history` writes on standard error.
enum HistoryRestoreView {
    static func summary(_ report: HistoryRestoreReport, file: String) -> String {
        let changes = "\(report.changes.groupedDigits) change\(report.changes == 1 ? "" : "s")"
        let players = "\(report.players.groupedDigits) player\(report.players == 1 ? "" : "s")"
        let span =
            report.changes == 0
            ? "history since \(report.start.time)"
            : "changes \(report.start.firstNumber)–\(report.start.lastNumber), history since \(report.start.time)"
        return report.dryRun
            ? "Checked \(file) (dry run, nothing written): \(changes) to restore (\(span)), leaving \(players)\n"
            : "Restored \(file): \(changes) (\(span)); the roster has \(players)\n"
    }
}
