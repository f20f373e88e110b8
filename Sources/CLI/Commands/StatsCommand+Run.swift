import RosterFormats
import RosterModel
import RosterService

extension StatsCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRosterToRead(at: at)
        let width = context.terminal.stdoutIsTerminal ? context.terminal.width : nil
        let text: String
        if let grouping {
            let stats = try roster.stats(query, by: grouping, top: top)
            text =
                switch format {
                case .table: StatsTableView.render(stats, maxWidth: width)
                case .json: StatsEncoding.json(stats) + "\n"
                case .csv: StatsCSVView.render(stats)
                }
        } else {
            let summary = try roster.summary(query, top: top ?? 5)
            text =
                switch format {
                case .table: StatsTableView.render(summary, maxWidth: width)
                case .json: StatsEncoding.json(summary) + "\n"
                case .csv: StatsCSVView.render(summary)
                }
        }
        try context.output.write(text)
        return .success
    }
}
