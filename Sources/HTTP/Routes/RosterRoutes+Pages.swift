import RosterModel
import RosterService

extension RosterRoutes {
    /// The parameters the web page's list reads: those of `/api/players` but the page token.
    static let pageParameters = QueryParameter.filters + [.sort, .page, .perPage]

    /// `GET /`: the roster table. A form sends its empty fields too, so empty parameters count as not given.
    func listPage(_ target: HTTPTarget, version: RosterVersion, today: CalendarDate) throws -> HTTPResponse {
        let items = target.query.filter { !$0.value.isEmpty }
        var query = PlayerQuery(asOf: today)
        var problem: QueryStringError?
        do {
            _ = try QueryString.read(items.map { ($0.name, $0.value) }, parameters: Self.pageParameters, into: &query)
        } catch {
            problem = error
            query = PlayerQuery(asOf: today)
        }
        // The segments count the players every other filter leaves, per line.
        var unpositioned = query
        unpositioned.filters.removeAll { if case .positions = $0 { true } else { false } }
        let lines = try roster.lineCounts(unpositioned, version: version, cache: cache)
        let given = items.first { $0.name == "position" }?.value
        var segments = [
            RosterListView.Segment(
                label: "All", position: nil, count: lines.values.reduce(0, +), isSelected: given == nil)
        ]
        for line in Position.allCases where line.isLine {
            segments.append(
                RosterListView.Segment(
                    label: line.code, position: line.code, count: lines[line] ?? 0,
                    isSelected: query.filters.contains(.positions([line])) && problem == nil))
        }
        let page =
            problem == nil
            ? try roster.page(query, version: version, cache: cache)
            : PlayerPage(paging: PageInfo(page: 1, perPage: 20, total: 0), players: [], isKeyset: false, next: nil)
        var state = RosterListView.State(
            items: items, sort: query.sort, page: page, asOf: query.asOf, segments: segments,
            problem: problem?.message)
        if problem == nil, page.paging.total == 0 { state.suggestions = try roster.suggestions(for: query) }
        if problem == nil, page.paging.total > 0 {
            state.facets = try roster.facets(query, top: ListFacets.defaultTop, version: version, cache: cache)
        }
        return Self.html(RosterListView.render(state), status: problem == nil ? .ok : .badRequest)
    }

    /// `GET /stats`: the groups of `stats` as bars, for the players the list's filters leave; `top` (1–1000,
    /// default 20) caps the clubs and nationalities. The groups come from one reading of the roster, kept in the
    /// results cache until it changes.
    func statsPage(_ target: HTTPTarget, version: RosterVersion, today: CalendarDate) throws -> HTTPResponse {
        let items = target.query.filter { !$0.value.isEmpty }
        var query = PlayerQuery(asOf: today)
        var top = 20
        var problem: QueryStringError?
        do {
            let others = try QueryString.read(
                items.map { ($0.name, $0.value) }, parameters: QueryParameter.filters, others: ["top"], into: &query)
            top = try QueryString.number(others["top"], in: StatsGrouping.topRange, for: "top") ?? top
        } catch {
            problem = error
            query = PlayerQuery(asOf: today)
        }
        var state = StatsPage.State(
            items: items.filter { $0.name != "top" }, asOf: query.asOf, sections: [], top: top,
            problem: problem?.message)
        for filter in query.filters {
            if case .minAge(let age) = filter { state.minAge = age }
            if case .maxAge(let age) = filter { state.maxAge = age }
        }
        if problem == nil {
            // Kept whole, whatever `top`: positions and age bands are never cut, and every `top` shares the entry.
            state.sections = try roster.stats(
                query, by: StatsPage.groupings, top: nil, version: version, cache: cache)
            for index in state.sections.indices where [.club, .nationality].contains(state.sections[index].grouping) {
                state.sections[index].groups = Array(state.sections[index].groups.prefix(top))
            }
        }
        return Self.html(StatsPage.render(state), status: problem == nil ? .ok : .badRequest)
    }

    /// `GET /players/{id}`: the detail page. Its query is the list's, kept for the link back.
    func detailPage(_ idText: String, _ target: HTTPTarget, today: CalendarDate) throws -> HTTPResponse {
        let items = target.query.filter { !$0.value.isEmpty }
        var query = PlayerQuery(asOf: today)
        // Only the day matters here; the rest is the list's to check when the link leads back to it.
        _ = try? QueryString.read(
            items.filter { $0.name == "as_of" }.map { ($0.name, $0.value) },
            parameters: [.asOf], into: &query)
        guard let id = Int64(idText), id > 0, let player = try roster.player(id: id) else {
            return Self.page(.notFound, "There is no player with the id \(idText).")
        }
        let template = options.imageTemplate
        let history = try roster.history(of: String(id))
        let state = PlayerDetailPage.State(
            player: player, asOf: query.asOf, back: QueryLink.url("/", items),
            kept: items.filter { $0.name == "as_of" }, imageTemplate: template, history: history.changes,
            historySince: history.start.time)
        return Self.html(PlayerDetailPage.render(state), imageOrigin: template?.origin)
    }
}
