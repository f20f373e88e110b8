import RosterFormats
import RosterModel
import RosterService

/// `rosterdb stats [filters] [--by GROUPING]`: counts, goals, assists and ages, per group or at a glance.
struct StatsCommand: Command {
    static let by = Option.choice(
        "by", of: StatsGrouping.self, help: "Count per group (age: 5-year bands on the as-of day).")
    static let top = Option.number(
        "top", "n", in: 1...1_000,
        help: "Keep the first N groups (default: all with "
            + "--by; 5 for the lists of the summary).")
    static let format = Option.choice("format", of: StatsFormat.self, help: "The output format (default: table).")

    static let spec = CommandSpec(
        name: "stats",
        abstract: "Count players: per position, line, nationality, club or age band, or at a glance.",
        discussion: "Over the players that match the filters: the total, and per group the players, goals, assists, "
            + "goal contributions and average age. Without --by, a summary: counts per line and position, the top "
            + "nationalities and clubs, the top scorers and assisters, the youngest and the oldest, and how many lack "
            + "a birth date, a nationality or a club.",
        options: FilterOptions.filters + [by.spec, top.spec, format.spec]
    )

    let query: PlayerQuery
    let grouping: StatsGrouping?
    let top: Int?
    let format: StatsFormat

    init(_ arguments: ParsedArguments) throws {
        var query = PlayerQuery(asOf: .today())
        try FilterOptions.read(QueryParameter.filters, from: arguments, into: &query)
        self.query = query
        grouping = try arguments.value(StatsCommand.by)
        top = try arguments.value(StatsCommand.top)
        format = try arguments.value(StatsCommand.format) ?? .table
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRoster(.read)
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

/// The formats `stats` prints in.
enum StatsFormat: String, CaseIterable, Sendable {
    case table, json, csv
}
