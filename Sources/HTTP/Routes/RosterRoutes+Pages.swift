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
        let state = RosterListView.State(
            items: items, sort: query.sort, page: page, asOf: query.asOf, segments: segments,
            problem: problem?.message)
        return Self.html(RosterListView.render(state), status: problem == nil ? .ok : .badRequest)
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
        let state = PlayerDetailPage.State(
            player: player, asOf: query.asOf, back: QueryLink.url("/", items),
            kept: items.filter { $0.name == "as_of" }, imageTemplate: template)
        return Self.html(PlayerDetailPage.render(state), imageOrigin: template?.origin)
    }
}
