import RosterFormats
import RosterModel
import RosterService

/// The formats `/api/players` answers in: a page as JSON, or every match streamed.
enum ListFormat: String, CaseIterable, Sendable {
    case json, ndjson, csv

    var contentType: String {
        switch self {
        case .json: "application/json"
        case .ndjson: "application/x-ndjson"
        case .csv: "text/csv; charset=utf-8; header=present"
        }
    }

    /// The media type an `Accept` field names the format by.
    var mediaType: String { String(contentType.prefix { $0 != ";" }) }

    /// The format the `Accept` values prefer; JSON when they prefer none, or there are none (`*/*` too).
    static func preferred(by accept: [String]) -> ListFormat {
        let chosen = HTTPNegotiation.preferred(allCases.map(\.mediaType), in: accept)
        return allCases.first { $0.mediaType == chosen } ?? .json
    }
}

extension RosterRoutes {
    /// `GET /api/players`: the page as `query --format json` writes it, with `next` and `prev` links (also in a
    /// `Link` header) and, when nothing matches, the `suggestions` for a nationality or club no player has; or with
    /// `format=ndjson|csv` every match, streamed. Without `format`, the `Accept` values choose (`text/csv`,
    /// `application/x-ndjson`; JSON when they prefer none of the three), and the answer says `Vary: Accept`.
    func players(_ target: HTTPTarget, accept: [String], version: RosterVersion, today: CalendarDate) throws
        -> HTTPResponse
    {
        var query = PlayerQuery(asOf: today)
        let others = try QueryString.read(
            target.query.map { ($0.name, $0.value) }, parameters: APIOperation.listPlayers.listParameters,
            others: APIOperation.listPlayers.ownParameters, into: &query)
        let format = EndpointParameter.format.rawValue
        let given = try QueryString.choice(others[format], of: ListFormat.self, for: format)
        var response = try players(
            target, query, format: given ?? ListFormat.preferred(by: accept),
            chosenBy: given == nil ? "Accept" : format,
            version: version)
        if given == nil { response.headers["Vary"] = "Accept" }
        return response
    }

    /// The list of `query` in `format`, which the `format` parameter or the `Accept` field (`chooser`) chose.
    private func players(
        _ target: HTTPTarget, _ query: PlayerQuery, format: ListFormat, chosenBy chooser: String,
        version: RosterVersion
    ) throws -> HTTPResponse {
        guard format == .json else {
            for parameter in [QueryParameter.page, .perPage, .after] where target.value(of: parameter.rawValue) != nil {
                let choice = chooser == "format" ? "format=\(format.rawValue)" : "Accept: \(format.mediaType)"
                throw QueryStringError.conflicting(
                    parameter.rawValue, with: choice, because: "which streams every match")
            }
            return try stream(query, format: format)
        }
        let (page, after) = (QueryParameter.page.rawValue, QueryParameter.after.rawValue)
        if target.value(of: page) != nil, target.value(of: after) != nil {
            throw QueryStringError.conflicting(
                page, with: after, because: "which starts the page just after a row, not at a number")
        }
        var body = JSONPageBody(asOf: query.asOf)
        let next = try roster.readPage(query, version: version, cache: cache, into: &body)
        let links = Self.links(body.paging, isKeyset: body.isKeyset, next: next, target)
        let suggestions = body.paging.total == 0 ? try roster.suggestions(for: query) : []
        body.close(links: [("next", links.next), ("prev", links.previous)], suggestions: suggestions)
        var response = HTTPResponse(
            headers: ["Content-Type": ListFormat.json.contentType], body: .bytes(body.bytes))
        let link = [(links.next, "next"), (links.previous, "prev")].compactMap { url, rel in
            url.map { "<\($0)>; rel=\"\(rel)\"" }
        }
        if !link.isEmpty { response.headers["Link"] = link.joined(separator: ", ") }
        return response
    }

    /// The next and previous pages: by number for a page asked for by number, by token (next only) for one asked
    /// for by token.
    static func links(
        _ paging: PageInfo, isKeyset: Bool, next: PagePosition?, _ target: HTTPTarget
    ) -> (next: String?, previous: String?) {
        let path = target.path
        if isKeyset {
            let next = next.map { position in
                QueryLink.url(
                    path, target.query, replacing: [("page", nil), ("after", PageToken.token(for: position))])
            }
            return (next, nil)
        }
        let number = paging.page
        let next =
            number < paging.pages
            ? QueryLink.url(path, target.query, replacing: [("after", nil), ("page", String(number + 1))]) : nil
        let previous =
            number > 1
            ? QueryLink.url(
                path, target.query,
                replacing: [
                    ("after", nil), ("page", String(min(number - 1, max(paging.pages, 1)))),
                ]) : nil
        return (next, previous)
    }

    /// Every match of `query`, streamed from a cursor on a connection of its own (this worker's goes on answering
    /// other requests while the stream is sent), a batch of rows at a time, each batch within the time limit. A
    /// roster read from a private copy never changes, and a second connection would copy it again: the cursor
    /// reads on this worker's.
    private func stream(_ query: PlayerQuery, format: ListFormat) throws -> HTTPResponse {
        let streams = options.streams
        guard streams.admit() else {
            return Self.failure(
                .unavailable,
                "The server has no memory for another stream just now (see ulimit -v); try again when one ends.",
                page: false)
        }
        var admitted = true
        defer { if admitted { streams.release() } }
        // Both go when the stream closes, and with them its connection: the stream's body may outlive it.
        var own: Roster?
        if roster.readsPrivateCopy {
            own = roster
        } else {
            own = try Roster(path: options.path, access: .read, busyTimeout: options.busyTimeout)
            try own?.limitPageCache(toKibibytes: MemoryAllowance.streamPageCacheKibibytes)
        }
        var cursor = try own?.cursor(query)
        let limit = options.queryTimeLimit
        var started = false
        let chunks = HTTPChunkStream(
            next: {
                guard let own, let cursor else { return nil }
                var bytes: [UInt8] = []
                if !started, format == .csv { bytes += PlayerEncoding.csvHeader(age: true).utf8 }
                started = true
                try own.withTimeLimit(seconds: limit) {
                    for _ in 0..<256 {
                        guard let player = try cursor.next() else { break }
                        let age = player.age(on: query.asOf)
                        if format == .csv {
                            bytes += PlayerEncoding.csvRow(player, age: .included(age)).utf8
                        } else {
                            PlayerEncoding.appendJSONObject(player, age: .included(age), to: &bytes)
                            bytes.append(UInt8(ascii: "\n"))
                        }
                    }
                }
                return bytes.isEmpty ? nil : bytes
            },
            onClose: {
                cursor?.close()
                cursor = nil
                own = nil
                streams.release()
            })
        // From here the stream's close counts it out.
        admitted = false
        do {
            try chunks.prime()
        } catch {
            chunks.close()
            throw error
        }
        return HTTPResponse(headers: ["Content-Type": format.contentType], body: .stream(chunks))
    }

    /// `GET /api/players/{id}`: the player as `show --format json` writes it; 404 when there is none.
    func player(_ idText: String, _ target: HTTPTarget, today: CalendarDate) throws -> HTTPResponse {
        var query = PlayerQuery(asOf: today)
        _ = try QueryString.read(
            target.query.map { ($0.name, $0.value) }, parameters: APIOperation.getPlayer.listParameters, into: &query)
        guard let id = Int64(idText), id > 0, let player = try roster.player(id: id) else {
            return Self.error(.notFound, LookupError.notFound(idText, suggestions: []).description)
        }
        return Self.json(PlayerEncoding.jsonObject(player, age: .included(player.age(on: query.asOf))))
    }

    /// `GET /api/stats`: `stats --format json` — per group with `by`, else the summary.
    func stats(_ target: HTTPTarget, version: RosterVersion, today: CalendarDate) throws -> HTTPResponse {
        var query = PlayerQuery(asOf: today)
        let others = try QueryString.read(
            target.query.map { ($0.name, $0.value) }, parameters: APIOperation.stats.listParameters,
            others: APIOperation.stats.ownParameters, into: &query)
        let (by, top) = (EndpointParameter.by, EndpointParameter.top)
        let grouping = try QueryString.choice(others[by.rawValue], of: StatsGrouping.self, for: by.rawValue)
        let topCount = try QueryString.number(others[top.rawValue], in: StatsGrouping.topRange, for: top.rawValue)
        if let grouping {
            return Self.json(
                StatsEncoding.json(
                    try roster.stats(query, by: grouping, top: topCount, version: version, cache: cache)))
        }
        return Self.json(
            StatsEncoding.json(try roster.summary(query, top: topCount ?? 5, version: version, cache: cache)))
    }

    /// `GET /api/facets`: the list's facets (`ListFacets`) for the filters of `/api/players`, each cut to `top`
    /// values (1–1000, default 10); kept with the totals and stats until the roster changes.
    func facets(_ target: HTTPTarget, version: RosterVersion, today: CalendarDate) throws -> HTTPResponse {
        var query = PlayerQuery(asOf: today)
        let others = try QueryString.read(
            target.query.map { ($0.name, $0.value) }, parameters: APIOperation.facets.listParameters,
            others: APIOperation.facets.ownParameters, into: &query)
        let top = EndpointParameter.top
        let topCount = try QueryString.number(others[top.rawValue], in: StatsGrouping.topRange, for: top.rawValue)
        return Self.json(
            StatsEncoding.json(
                try roster.facets(query, top: topCount ?? ListFacets.defaultTop, version: version, cache: cache)))
    }
}
