import RosterFormats
import RosterModel
import RosterService

/// The roster's history over HTTP: the change feed a copy follows a page at a time, and a player's timeline.
extension RosterRoutes {
    /// The most changes one page of the feed holds, and the default.
    static let changesPerPage = (most: 10_000, default: 1_000)

    /// `GET /api/changes?since=N|DATE`: `changes --format json` — the changes after `since` in order, a page of at
    /// most `limit`, with `next`, the `since` of the next page; `until`, `player` (an id), `field` and `kind` (each a
    /// comma-separated list) narrow it. An empty page means the copy is up to date.
    func changes(_ target: HTTPTarget) throws -> HTTPResponse {
        var unused = PlayerQuery(asOf: .today())
        let given = try QueryString.read(
            target.query.map { ($0.name, $0.value) }, parameters: APIOperation.changes.listParameters,
            others: APIOperation.changes.ownParameters, into: &unused)
        guard let sinceText = given["since"] else {
            throw QueryStringError.invalid(
                "since", value: "", reason: "the feed starts after a change: give since=0 for all of it.")
        }
        var criteria = HistoryCriteria()
        try Self.point(sinceText, for: "since").since(&criteria)
        try given["until"].map { try Self.point($0, for: "until").until(&criteria) }
        if let player = given["player"] {
            guard let id = Int64(player), id > 0 else {
                throw QueryStringError.invalid("player", value: player, reason: "expected a player's id.")
            }
            criteria.playerID = id
        }
        criteria.fields = try Self.list(given["field"], of: PlayerField.self, for: "field")
        criteria.kinds = try Self.list(given["kind"], of: ChangeKind.self, for: "kind")
        let limit =
            try QueryString.number(given["limit"], in: 1...Self.changesPerPage.most, for: "limit")
            ?? Self.changesPerPage.default
        var entries: [HistoryEntry] = []
        let next = try roster.forEachChange(matching: criteria, limit: limit) { entries.append($0) }
        return Self.json(ChangeEncoding.feedObject(entries, next: next))
    }

    /// `GET /api/players/{id}/history`: `history ID --format json` — the player's changes, newest first; a player
    /// removed since has them too.
    func history(_ idText: String, _ target: HTTPTarget) throws -> HTTPResponse {
        var unused = PlayerQuery(asOf: .today())
        _ = try QueryString.read(
            target.query.map { ($0.name, $0.value) }, parameters: APIOperation.playerHistory.listParameters,
            into: &unused)
        guard let id = Int64(idText), id > 0 else {
            return Self.error(.notFound, LookupError.notFound(idText, suggestions: []).description)
        }
        let history = try roster.history(of: String(id))
        return Self.json(ChangeEncoding.historyObject(playerID: id, since: history.start.time, history.changes))
    }

    private static func point(_ text: String, for name: String) throws(QueryStringError) -> ChangePoint {
        guard let point = ChangePoint(parsing: text) else {
            throw .invalid(name, value: text, reason: ChangePoint.expected + ".")
        }
        return point
    }

    /// A comma-separated list of `T`'s cases, each read as `QueryString.choice` reads one.
    private static func list<T: CaseIterable & RawRepresentable>(_ value: String?, of type: T.Type, for name: String)
        throws(QueryStringError) -> [T] where T.RawValue == String
    {
        guard let value else { return [] }
        var choices: [T] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            if let choice = try QueryString.choice(String(item), of: T.self, for: name) { choices.append(choice) }
        }
        return choices
    }
}
