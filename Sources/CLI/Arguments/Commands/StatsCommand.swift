import RosterFormats
import RosterModel
import RosterService

/// `rosterdb stats [filters] [--by GROUPING]`: counts, goals, assists and ages, per group or at a glance.
package struct StatsCommand: DeclaredCommand {
    package static let name = "stats"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Count players: per position, line, nationality, club or age band, or at a glance.",
        discussion: "Over the players that match the filters: the total, and per group the players, goals, assists, "
            + "goal contributions and average age. Without --by, a summary: counts per line and position, the top "
            + "nationalities and clubs, the top scorers and assisters, the youngest and the oldest, and how many lack "
            + "a birth date, a nationality or a club.",
        options: FilterOptions.filters,
        Option.choice("by", of: StatsGrouping.self, help: "Count per group (age: 5-year bands on the as-of day)."),
        Option.number(
            "top", "n", in: StatsGrouping.topRange,
            help: "Keep the first N groups (default: all with --by; 5 for the lists of the summary)."),
        Option.choice("format", of: StatsFormat.self, help: "The output format (default: table)."), SharedOptions.at
    ) { _, filters, grouping, top, format, at in
        StatsCommand(
            query: SharedOptions.query(filters, at: at), grouping: grouping, top: top, format: format ?? .table, at: at)
    }

    package let query: PlayerQuery
    package let grouping: StatsGrouping?
    package let top: Int?
    package let format: StatsFormat
    /// The day whose end the roster is read as it was at, from its history; nil for now.
    package let at: CalendarDate?
}

/// The formats `stats` prints in.
package enum StatsFormat: String, CaseIterable, Sendable {
    case table, json, csv
}
