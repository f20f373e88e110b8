import RosterFormats
import RosterModel

/// `stats --format csv`: one row per group, `section,group,players,goals,assists,goal_contributions,average_age`,
/// the total first (section `total`); a summary gives its lines, positions, nationalities and clubs as sections.
enum StatsCSVView {
    static let header = CSVText.row([
        "section", "group", "players", "goals", "assists", "goal_contributions", "average_age",
    ])

    static func render(_ stats: GroupedStats) -> String {
        header + row("total", stats.total) + stats.groups.map { row(stats.grouping.rawValue, $0) }.joined()
    }

    static func render(_ summary: RosterSummary) -> String {
        header + row("total", summary.total)
            + [
                ("line", summary.lines), ("position", summary.positions), ("nationality", summary.nationalities),
                ("club", summary.clubs),
            ].flatMap { section, groups in groups.map { row(section, $0) } }.joined()
    }

    private static func row(_ section: String, _ group: GroupStats) -> String {
        CSVText.row([
            section, group.group ?? "", String(group.players), String(group.goals), String(group.assists),
            String(group.goalContributions), group.averageAge.map(StatsEncoding.oneDecimal) ?? "",
        ])
    }
}
