import RosterModel
import RosterService

/// The roster table of the web front end (`/`): segments per line with their counts, a search form, sortable
/// headers, the page's players and paging links. A pure function of `State`.
enum RosterListView {
    /// One segment of the segmented control: All, or a line.
    struct Segment: Equatable, Sendable {
        var label: String
        /// The `position` the segment filters on; nil for All.
        var position: String?
        var count: Int
        var isSelected: Bool
    }

    struct State: Sendable {
        /// The list's parameters as given (empty ones left out), which every link keeps.
        var items: [HTTPQueryItem]
        var sort: [SortOrder]
        var page: PlayerPage
        var asOf: CalendarDate
        var segments: [Segment]
        /// Why the parameters could not be used, shown instead of the table.
        var problem: String?
        /// For an empty list, the values its nationality or club could have meant, each a link to the list with it.
        var suggestions: [ValueSuggestion] = []
        /// The most common clubs and nationalities of the players the filters leave, each a link to the list with
        /// it; nil when nothing matches.
        var facets: ListFacets?
    }

    /// A sortable column: its heading, its key, and whether it holds numbers.
    private static let columns: [(label: StaticString, key: SortKey, numeric: Bool, css: String)] = [
        ("Name", .name, false, "name"), ("Pos", .position, false, "position"),
        ("Nationality", .nationality, false, "nationality"), ("Club", .club, false, "club"),
        ("Age", .age, true, "age"), ("G", .goals, true, "goals"), ("A", .assists, true, "assists"),
    ]

    static func render(_ state: State) -> HTML {
        var body = HTML.element("h1", [], HTML("Roster"))
        body += segments(state)
        body += form(state)
        // The stats of the players the filters leave (the order and page are the list's alone).
        let filters = QueryParameter.filters.map(\.rawValue)
        let stats = QueryLink.url("/stats", state.items.filter { filters.contains($0.name) })
        body += .element("p", [("class", "links")], .element("a", [("href", stats)], HTML("Stats of these players →")))
        if let problem = state.problem {
            body += .element("p", [("class", "problem"), ("role", "alert")], .text(problem))
        } else {
            body += suggestions(state) + facets(state) + table(state) + paging(state)
        }
        return PageLayout.page(title: "Roster", body)
    }

    private static func value(_ name: String, in state: State) -> String? {
        state.items.first { $0.name == name }?.value
    }

    private static func segments(_ state: State) -> HTML {
        let links = state.segments.map { segment in
            HTML.element(
                "a",
                [
                    (
                        "href",
                        QueryLink.url(
                            "/", state.items,
                            replacing: [
                                ("position", segment.position), ("page", nil), ("after", nil),
                            ])
                    ), ("aria-current", segment.isSelected ? "page" : nil),
                ],
                .text("\(segment.label) \(segment.count.groupedDigits)"))
        }
        return .element("nav", [("class", "segments"), ("aria-label", "Lines")], .joined(links))
    }

    private static func form(_ state: State) -> HTML {
        func field(_ name: String, _ label: String) -> HTML {
            .void(
                "input",
                [
                    ("type", name == "name" ? "search" : "text"), ("name", name),
                    ("value", value(name, in: state) ?? ""),
                    ("placeholder", label), ("aria-label", label),
                ])
        }
        var fields =
            field("name", "Name") + field("nationality", "Nationality") + field("club", "Club")
            + field("club_prefix", "Club starts with")
        // The segment and the order stay as they are when the form is sent.
        for name in ["position", "sort", "as_of", "per_page"] {
            if let given = value(name, in: state) {
                fields += .void("input", [("type", "hidden"), ("name", name), ("value", given)])
            }
        }
        fields += HTML("<button type=\"submit\">Search</button>")
        fields += .element("a", [("href", "/")], HTML("Clear"))
        return .element("form", [("method", "get"), ("action", "/"), ("role", "search")], fields)
    }

    /// `ValueSuggestion.message` with each value a link to the list with it in place of the value given.
    private static func suggestions(_ state: State) -> HTML {
        var html = HTML.empty
        for suggestion in state.suggestions {
            let name = suggestion.field.name
            let links = suggestion.values.map { value in
                let items = state.items.map { item in
                    item.name == name && TextRule.trimmed(item.value) == suggestion.given
                        ? HTTPQueryItem(name: name, value: value) : item
                }
                return HTML.element(
                    "a", [("href", QueryLink.url("/", items, replacing: [("page", nil), ("after", nil)]))],
                    .text(value))
            }
            var sentence = HTML.text(suggestion.opening)
            for (index, link) in links.enumerated() { sentence += .text(suggestion.separator(before: index)) + link }
            html += .element("p", [("class", "suggestion")], sentence + HTML("?"))
        }
        return html
    }

    /// A line per facet with values: its most common values and their counts, each a link to the list filtered by
    /// it (the other filters kept, from the first page); then how many players have none, which no filter names, and
    /// a link to the stats for the values left out. A facet no player has a value of (an FPL roster's nationality)
    /// says nothing, and is left out.
    private static func facets(_ state: State) -> HTML {
        guard let facets = state.facets else { return .empty }
        let filters = QueryParameter.filters.map(\.rawValue)
        var lines = HTML.empty
        for facet in facets.facets where !facet.groups.isEmpty {
            guard let parameter = QueryParameter.naming(facet.grouping)?.rawValue else { continue }
            var line = HTML.element("span", [("class", "facet-name")], .text(facetName(facet.grouping)))
            for group in facet.groups {
                guard let value = group.group else { continue }
                let href = QueryLink.url(
                    "/", state.items, replacing: [(parameter, value), ("page", nil), ("after", nil)])
                line +=
                    HTML(" ")
                    + .element(
                        "a", [("href", href)],
                        .text(value) + HTML(" ")
                            + .element("span", [("class", "count")], .text(group.players.groupedDigits)))
            }
            if facet.unknown > 0 {
                line +=
                    HTML(" ")
                    + .element("span", [("class", "muted")], .text("no \(parameter) \(facet.unknown.groupedDigits)"))
            }
            if facet.more > 0 {
                let top = min(facet.groups.count + facet.more, StatsGrouping.topRange.upperBound)
                let stats = QueryLink.url(
                    "/stats", state.items.filter { filters.contains($0.name) }, replacing: [("top", String(top))])
                line += HTML(" ") + .element("a", [("href", stats)], .text("\(facet.more.groupedDigits) more →"))
            }
            lines += .element("p", [("class", "facet")], line)
        }
        return lines == .empty ? .empty : .element("section", [("class", "facets"), ("aria-label", "Facets")], lines)
    }

    /// The heading of a facet's line.
    private static func facetName(_ grouping: StatsGrouping) -> String {
        switch grouping {
        case .club: "Clubs"
        case .nationality: "Nationalities"
        case .position: "Positions"
        case .line: "Lines"
        case .age: "Ages"
        }
    }

    private static func table(_ state: State) -> HTML {
        let first = state.sort.first
        // A column no player of the page has a value in (an FPL roster's nationality) says nothing: it is left out.
        let players = state.page.players
        let shown = columns.filter { column in
            switch column.key {
            case .nationality: players.contains { $0.nationality != nil }
            case .club: players.contains { $0.club != nil }
            case .age: players.contains { $0.age(on: state.asOf) != nil }
            default: true
            }
        }
        var head = HTML.empty
        for column in shown {
            let current = first?.key == column.key ? first : nil
            // A click on the sorted column turns it round; on another, numbers start from the largest.
            let descending = current.map { !$0.descending } ?? column.numeric
            let sort = column.key.rawValue + (descending ? ":desc" : "")
            let arrow: HTML = current == nil ? .empty : (current!.descending ? HTML(" ▼") : HTML(" ▲"))
            let link = HTML.element(
                "a",
                [
                    (
                        "href",
                        QueryLink.url(
                            "/", state.items,
                            replacing: [
                                ("sort", sort), ("page", nil),
                                ("after", nil),
                            ])
                    )
                ],
                HTML(column.label) + arrow)
            head += .element(
                "th",
                [
                    ("class", column.css + (column.numeric ? " num" : "")), ("scope", "col"),
                    ("aria-sort", current.map { $0.descending ? "descending" : "ascending" }),
                ], link)
        }
        var rows = HTML.empty
        for player in state.page.players {
            let detail = QueryLink.url(
                "/players/\(player.id ?? 0)",
                state.items.filter { $0.name != "page" }
                    + pageItem(state))
            let cells = shown.map { column -> HTML in
                let css = column.css + (column.numeric ? " num" : "")
                return switch column.key {
                case .name: .element("td", [("class", css)], .element("a", [("href", detail)], .text(player.name)))
                case .position:
                    .element("td", [("class", css), ("title", player.position.fullName)], .text(player.position.code))
                case .nationality: .element("td", [("class", css)], .text(player.nationality ?? ""))
                case .club: .element("td", [("class", css)], .text(player.club ?? ""))
                case .age: .element("td", [("class", css)], .text(player.age(on: state.asOf).map { String($0) } ?? ""))
                case .goals: .element("td", [("class", css)], .text(String(player.goals)))
                default: .element("td", [("class", css)], .text(String(player.assists)))
                }
            }
            rows += .element("tr", [], .joined(cells))
        }
        if players.isEmpty {
            rows = .element("tr", [], .element("td", [("colspan", String(shown.count))], HTML("No players match.")))
        }
        return .element(
            "div", [("class", "table")],
            .element(
                "table", [], .element("thead", [], .element("tr", [], head)) + .element("tbody", [], rows)))
    }

    /// The page the list is on, for links that come back to it.
    private static func pageItem(_ state: State) -> [HTTPQueryItem] {
        state.page.paging.page > 1 ? [HTTPQueryItem(name: "page", value: String(state.page.paging.page))] : []
    }

    private static func paging(_ state: State) -> HTML {
        let paging = state.page.paging
        let pages = paging.pages
        func link(_ label: StaticString, _ page: Int?, rel: String) -> HTML {
            guard let page else { return .element("span", [("class", "muted")], HTML(label)) }
            return .element(
                "a",
                [
                    (
                        "href",
                        QueryLink.url(
                            "/", state.items,
                            replacing: [
                                ("page", page > 1 ? String(page) : nil),
                                ("after", nil),
                            ])
                    ), ("rel", rel),
                ], HTML(label))
        }
        let previous = paging.page > 1 ? min(paging.page - 1, max(pages, 1)) : nil
        let next = paging.page < pages ? paging.page + 1 : nil
        let facts =
            "Page \(paging.page.groupedDigits) of \(max(pages, 1).groupedDigits) · "
            + "\(paging.total.groupedDigits) player\(paging.total == 1 ? "" : "s") · ages on \(state.asOf)"
        let middle = HTML.element("span", [("class", "muted")], .text(facts))
        return .element(
            "div", [("class", "paging")],
            link("← Previous", previous, rel: "prev") + middle + link("Next →", next, rel: "next"))
    }
}
