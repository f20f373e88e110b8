import RosterFormats
import RosterModel
import RosterService

extension HistoryCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        switch action {
        case .show(let player, let criteria, let format):
            let roster = try context.openRosterToRead()
            let history = try roster.history(of: player, matching: criteria)
            try context.tell(history.prefix)
            let text: String
            switch format {
            case .table:
                let name = history.changes.first?.name ?? (try? roster.findPlayer(String(history.playerID)).name) ?? ""
                text =
                    "\(DisplayWidth.printable(name)) (id \(history.playerID)): "
                    + (history.changes.count == 1 ? "1 change" : "\(history.changes.count.groupedDigits) changes")
                    + ", newest first (history kept since \(HistoryEntry.shown(history.start.time)) UTC)\n\n"
                    + (history.changes.isEmpty ? "" : HistoryTableView.render(history.changes, showsPlayer: false))
            case .ndjson: text = history.changes.map(ChangeEncoding.line).joined()
            case .json:
                text = ChangeEncoding.historyObject(
                    playerID: history.playerID, since: history.start.time, history.changes)
            }
            try context.output.write(text)
        case .forget(let day):
            SignalTrap.install()
            let roster = try context.openRoster(.write, stop: SignalTrap.stop)
            let (forgotten, start) = try roster.forgetHistory(before: day)
            try context.report(saved: true) {
                try context.output.write(
                    "Forgot \(forgotten == 1 ? "1 change" : "\(forgotten.groupedDigits) changes") made before \(day); "
                        + "the history is kept since \(HistoryEntry.shown(start.time)) UTC "
                        + "(change \(start.firstNumber)).\n")
            }
        }
        return .success
    }
}
