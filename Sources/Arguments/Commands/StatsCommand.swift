import RosterFormats
import RosterModel
import RosterQuery

/// `rosterdb stats [filters] [--by GROUPING]`: counts, goals, assists and ages, per group or at a glance.
public struct StatsCommand: DeclaredCommand {
    public static let by = Option.choice(
        "by", of: StatsGrouping.self, help: "Count per group (age: 5-year bands on the as-of day).")
    public static let top = Option.number(
        "top", "n", in: 1...1_000,
        help: "Keep the first N groups (default: all with "
            + "--by; 5 for the lists of the summary).")
    public static let format = Option.choice(
        "format", of: StatsFormat.self, help: "The output format (default: table).")

    public static let spec = CommandSpec(
        name: name,
        abstract: "Count players: per position, line, nationality, club or age band, or at a glance.",
        discussion: "Over the players that match the filters: the total, and per group the players, goals, assists, "
            + "goal contributions and average age. Without --by, a summary: counts per line and position, the top "
            + "nationalities and clubs, the top scorers and assisters, the youngest and the oldest, and how many lack "
            + "a birth date, a nationality or a club.",
        options: FilterOptions.filters + [by.spec, top.spec, format.spec]
    )
    public static let name = "stats"

    public let query: PlayerQuery
    public let grouping: StatsGrouping?
    public let top: Int?
    public let format: StatsFormat

    public init(_ arguments: ParsedArguments) throws {
        var query = PlayerQuery(asOf: .today())
        try FilterOptions.read(QueryParameter.filters, from: arguments, into: &query)
        self.query = query
        grouping = try arguments.value(StatsCommand.by)
        top = try arguments.value(StatsCommand.top)
        format = try arguments.value(StatsCommand.format) ?? .table
    }
}

/// The formats `stats` prints in.
public enum StatsFormat: String, CaseIterable, Sendable {
    case table, json, csv
}
