import RosterFormats
import RosterModel
import RosterService

/// The stats page of the web front end (`/stats`), a pure function of `State`: the groups `rosterdb stats` counts —
/// line, position, club, nationality, age band — each drawn as a bar in HTML and CSS, and each bar a link to the
/// list of its players. The list's filters apply, and every link keeps them.
enum StatsPage {
    struct State: Sendable {
        /// The filters as given (empty ones left out), which every link keeps.
        var items: [HTTPQueryItem]
        /// The ages the filters ask for, which a band's link narrows rather than widens.
        var minAge: Int?
        var maxAge: Int?
        var asOf: CalendarDate
        /// One per grouping, in the order shown.
        var sections: [GroupedStats]
        /// How many clubs and nationalities are shown at most.
        var top: Int
        /// Why the parameters could not be used, shown instead of the bars.
        var problem: String?
    }

    /// The groupings shown, in order.
    static let groupings: [StatsGrouping] = [.line, .position, .club, .nationality, .age]

    static func render(_ state: State) -> HTML {
        let back = HTML.element("a", [("href", QueryLink.url("/", state.items)), ("rel", "up")], HTML("← The roster"))
        var body = HTML.element("p", [], back) + .element("h1", [], HTML("Stats"))
        if let problem = state.problem {
            body += .element("p", [("class", "problem"), ("role", "alert")], .text(problem))
            return PageLayout.page(title: "Stats · Roster", body)
        }
        if let total = state.sections.first?.total {
            let facts =
                "\(total.players.groupedDigits) player\(total.players == 1 ? "" : "s") · "
                + "\(total.goals.groupedDigits) goals · \(total.assists.groupedDigits) assists"
                + (total.averageAge.map { " · average age \(StatsEncoding.oneDecimal($0))" } ?? "")
                + " · ages on \(state.asOf)"
            body += .element("p", [("class", "muted")], .text(facts))
        }
        for stats in state.sections where !stats.groups.isEmpty {
            body += section(stats, state)
        }
        return PageLayout.page(title: "Stats · Roster", body)
    }

    private static func section(_ stats: GroupedStats, _ state: State) -> HTML {
        let title: String =
            switch stats.grouping {
            case .line: "Lines"
            case .position: "Positions"
            case .club: "Top \(state.top) clubs"
            case .nationality: "Top \(state.top) nationalities"
            case .age: "Age bands"
            }
        let most = stats.groups.map(\.players).max() ?? 0
        var rows = HTML.empty
        for group in stats.groups {
            let label = self.label(group.group, stats.grouping)
            // A bar as long as its share of the largest group, a sliver at least.
            let percent = most > 0 ? max(1, (group.players * 1000 / most)) : 0
            let width = "width:\(percent / 10).\(percent % 10)%"
            let bar =
                HTML.element("span", [("class", "track")], .element("span", [("class", "fill"), ("style", width)]))
                + .text(group.players.groupedDigits)
            let link = url(for: group.group, stats.grouping, state)
            let cells: [HTML] = [
                .element("th", [("scope", "row")], .text(label)),
                .element(
                    "td", [("class", "bar")],
                    link.map { .element("a", [("class", "bar"), ("href", $0), ("title", label)], bar) }
                        ?? .element("span", [("class", "bar")], bar)),
                .element("td", [("class", "num")], .text(group.goals.groupedDigits)),
                .element("td", [("class", "num")], .text(group.assists.groupedDigits)),
                .element("td", [("class", "num")], .text(group.averageAge.map(StatsEncoding.oneDecimal) ?? "–")),
            ]
            rows += .element("tr", [], .joined(cells))
        }
        let head =
            HTML("<tr><th scope=\"col\">Group</th><th scope=\"col\">Players</th><th scope=\"col\" class=\"num\">G</th>")
            + HTML("<th scope=\"col\" class=\"num\">A</th><th scope=\"col\" class=\"num\">Avg age</th></tr>")
        return .element(
            "section", [("class", "stats")],
            .element("h2", [], .text(title))
                + .element(
                    "div", [("class", "table")],
                    .element("table", [], .element("thead", [], head) + .element("tbody", [], rows))))
    }

    /// A group's name as the page shows it: `unknown` for none, `20–24` for an age band.
    private static func label(_ group: String?, _ grouping: StatsGrouping) -> String {
        guard let group else { return "unknown" }
        if grouping == .age, let first = Int(group) { return "\(first)–\(first + StatsGrouping.ageBandYears - 1)" }
        return group
    }

    /// The list of a group's players: the filters given, and the group's own; nil for the players whose value is
    /// unknown, which no filter names.
    private static func url(for group: String?, _ grouping: StatsGrouping, _ state: State) -> String? {
        guard let group else { return nil }
        let replacing: [(String, String?)]
        if let parameter = QueryParameter.naming(grouping) {
            replacing = [(parameter.rawValue, group)]
        } else {
            guard let first = Int(group) else { return nil }
            let last = first + StatsGrouping.ageBandYears - 1
            replacing = [
                ("min_age", String(max(first, state.minAge ?? first))),
                ("max_age", String(min(last, state.maxAge ?? last))),
            ]
        }
        return QueryLink.url("/", state.items, replacing: replacing)
    }
}
