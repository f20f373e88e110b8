import RosterFormats
import RosterModel

/// `stats` for people: counts with a bar each, because a glance at bars tells more than a column of numbers.
///
/// ```
/// Players by position, ages on 2026-06-01
///
/// Position  Players                          Goals  Assists  G+A  Avg age
/// GK              4  ██████▋                     0        0    0     34.0
/// ST              7  ███████████▋              185       46  231     31.6
///
/// Total          28                            270      161  431     30.5
/// ```
///
/// Labels are padded by display width (a club in Hangul lines up); bars are drawn in eighths of a block and fitted
/// to the terminal.
enum StatsTableView {
    /// The widest a bar is drawn, in columns.
    static let widestBar = 30

    static func render(_ stats: GroupedStats, maxWidth: Int?) -> String {
        let title = "Players by \(stats.grouping.rawValue), ages on \(stats.asOf)\n\n"
        guard stats.total.players > 0 else { return title + "No players match.\n" }
        let labels = stats.groups.map { label($0.group, grouping: stats.grouping) }
        let heading =
            stats.grouping == .age
            ? "Age"
            : stats.grouping.rawValue.prefix(1).uppercased()
                + stats.grouping.rawValue.dropFirst()
        var rows = [[heading, "Players", "", "Goals", "Assists", "G+A", "Avg age"]]
        for (label, group) in zip(labels, stats.groups) { rows.append([label] + figures(group)) }
        let total = ["Total"] + figures(stats.total)
        let widths = (0..<7).map { column in
            (rows + [total]).map { DisplayWidth.of($0[column]) }.max() ?? 0
        }
        let fixed = widths.reduce(0, +) + 2 * 6
        let barWidth = max(1, min(widestBar, (maxWidth ?? (fixed + widestBar)) - fixed))
        let most = stats.groups.map(\.players).max() ?? 0
        var text = title
        for (index, row) in rows.enumerated() {
            var cells = row
            if index > 0 { cells[2] = bar(stats.groups[index - 1].players, of: most, width: barWidth) }
            text += line(cells, widths: widths, barWidth: barWidth)
        }
        return text + "\n" + line(total, widths: widths, barWidth: barWidth)
    }

    static func render(_ summary: RosterSummary, maxWidth: Int?) -> String {
        let total = summary.total
        var text =
            "\(players(total.players)) · \(total.goals.groupedDigits) goals · "
            + "\(total.assists.groupedDigits) assists"
            + (total.averageAge.map { " · average age \(StatsEncoding.oneDecimal($0))" } ?? "")
            + " (ages on \(summary.asOf))\n"
        guard total.players > 0 else { return text }
        text += section("Lines", summary.lines, grouping: .line, maxWidth: maxWidth)
        text += section("Positions", summary.positions, grouping: .position, maxWidth: maxWidth)
        text += section("Top nationalities", summary.nationalities, grouping: .nationality, maxWidth: maxWidth)
        text += section("Top clubs", summary.clubs, grouping: .club, maxWidth: maxWidth)
        text += ranking("Top scorers", summary.topScorers) { $0.goals }
        text += ranking("Top assisters", summary.topAssisters) { $0.assists }
        text += "\n"
        for (label, player) in [("Youngest", summary.youngest), ("Oldest", summary.oldest)] {
            guard let player else { continue }
            let age = player.age(on: summary.asOf).map { ", \($0)" } ?? ""
            text +=
                "\(label):".padding(10) + "\(DisplayWidth.printable(player.name)) (\(player.position.code)\(age), "
                + "born \(player.birthDate?.description ?? "unknown"))\n"
        }
        text +=
            "Unknown:".padding(10) + "birth date \(summary.unknownBirthDates.groupedDigits) · nationality "
            + "\(summary.unknownNationalities.groupedDigits) · club \(summary.unknownClubs.groupedDigits)\n"
        return text
    }

    // MARK: - Parts

    /// A titled list of groups, each with its count and a bar.
    private static func section(_ title: String, _ groups: [GroupStats], grouping: StatsGrouping, maxWidth: Int?)
        -> String
    {
        guard !groups.isEmpty else { return "" }
        let labels = groups.map { label($0.group, grouping: grouping) }
        let counts = groups.map { $0.players.groupedDigits }
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let countWidth = counts.map(\.count).max() ?? 0
        let fixed = 2 + labelWidth + 2 + countWidth + 2
        let barWidth = max(1, min(widestBar, (maxWidth ?? (fixed + widestBar)) - fixed))
        let most = groups.map(\.players).max() ?? 0
        var text = "\n\(title)\n"
        for (index, group) in groups.enumerated() {
            var row =
                "  " + DisplayWidth.padded(labels[index], toWidth: labelWidth, alignRight: false) + "  "
                + DisplayWidth.padded(counts[index], toWidth: countWidth, alignRight: true) + "  "
                + bar(group.players, of: most, width: barWidth)
            while row.last == " " { row.removeLast() }
            text += row + "\n"
        }
        return text
    }

    /// A titled list of players, each with the figure they are ranked by.
    private static func ranking(_ title: String, _ players: [Player], figure: (Player) -> Int) -> String {
        guard !players.isEmpty else { return "" }
        let names = players.map { DisplayWidth.printable($0.name) }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        let figures = players.map { figure($0).groupedDigits }
        let figureWidth = figures.map(\.count).max() ?? 0
        var text = "\n\(title)\n"
        for (index, player) in players.enumerated() {
            text +=
                "  " + DisplayWidth.padded(names[index], toWidth: nameWidth, alignRight: false) + "  "
                + player.position.code.padding(3) + "  "
                + DisplayWidth.padded(figures[index], toWidth: figureWidth, alignRight: true) + "\n"
        }
        return text
    }

    /// The cells of a group after its label: count, bar (left empty here), goals, assists, G+A, average age.
    private static func figures(_ group: GroupStats) -> [String] {
        [
            group.players.groupedDigits, "", group.goals.groupedDigits, group.assists.groupedDigits,
            group.goalContributions.groupedDigits, group.averageAge.map(StatsEncoding.oneDecimal) ?? "-",
        ]
    }

    /// One line of the grouped table: the label on the left, the figures on the right, the bar in its column.
    private static func line(_ cells: [String], widths: [Int], barWidth: Int) -> String {
        var text = ""
        for (column, cell) in cells.enumerated() {
            if column > 0 { text += "  " }
            let width = column == 2 ? barWidth : widths[column]
            text += DisplayWidth.padded(cell, toWidth: width, alignRight: column != 0 && column != 2)
        }
        while text.last == " " { text.removeLast() }
        return text + "\n"
    }

    /// A group's name as a table shows it: `unknown` for none, `20–24` for an age band.
    static func label(_ group: String?, grouping: StatsGrouping) -> String {
        guard let group else { return "unknown" }
        if grouping == .age, let first = Int(group) { return "\(first)–\(first + StatsGrouping.ageBandYears - 1)" }
        return DisplayWidth.printable(group)
    }

    /// `count` of `most` as a bar `width` columns long at most, in eighths of a block; at least a sliver for any
    /// group that has players.
    static func bar(_ count: Int, of most: Int, width: Int) -> String {
        guard most > 0, count > 0 else { return "" }
        let eighths = max(1, Int((Double(count) / Double(most) * Double(width * 8)).rounded()))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }

    private static func players(_ count: Int) -> String {
        count == 1 ? "1 player" : "\(count.groupedDigits) players"
    }
}

extension String {
    /// The text followed by spaces up to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
