import RosterService

/// One operation of the JSON API: a method on a path, the parameters it reads, its body, and what it answers.
/// Declared once, in `all`: the router finds there the methods that write on a path (`RosterRoutes.writeMethods`)
/// and the paths it names when there is nothing at one, the handlers the parameters they read, and the API's
/// document (`/openapi.json`, `OpenAPIDocument`) is made from it.
struct APIOperation: Sendable {
    /// The OpenAPI `operationId`.
    let id: String
    let method: String
    /// The path, with `{id}` standing for a player's id.
    let path: String
    let summary: String
    let parameters: [Parameter]
    let body: Body?
    let answer: Answer
    /// The problems it may answer besides those every request may (`APIOperation.commonProblems`).
    let problems: [ProblemType]

    /// A query parameter, from the declaration that reads it.
    enum Parameter: Sendable {
        case list(QueryParameter)
        case own(EndpointParameter)
        case importOption(ImportParameter)
    }

    /// What a write's body is.
    enum Body: Sendable {
        /// A new player's fields.
        case player
        /// The fields to set and counts to add to.
        case edit
        /// A feed, as JSON, NDJSON or CSV.
        case feed
    }

    /// What a successful request is answered with.
    enum Answer: Sendable {
        case health, playerList, player, history, stats, facets, changes, document
        /// 201 with the player written.
        case created
        /// 204.
        case removed
        /// The import's report (also with the status of a refusal).
        case importReport
    }

    /// Whether the operation writes: only with `serve --write`.
    var writes: Bool { method != "GET" }

    /// The list parameters it reads, in their declared order.
    var listParameters: [QueryParameter] {
        parameters.compactMap { if case .list(let parameter) = $0 { parameter } else { nil } }
    }

    /// The names of the parameters it reads itself (`format`, `by`).
    var ownParameters: [String] {
        parameters.compactMap { if case .own(let parameter) = $0 { parameter.rawValue } else { nil } }
    }

    /// Whether the path's segments are this operation's: `{id}` matches any one segment.
    func matches(_ segments: [String]) -> Bool {
        let own = path.split(separator: "/")
        return own.count == segments.count
            && zip(own, segments).allSatisfy { pattern, segment in pattern == "{id}" || pattern == segment }
    }

    /// The problems any request may be answered with.
    static let commonProblems: [ProblemType] = [
        .invalidTarget, .misdirectedRequest, .malformedRequest, .requestTooLong, .headersTooLarge, .failure,
        .unavailable,
    ]

    private static let reading: [ProblemType] = [.usage, .timedOut, .unauthorized]
    private static let writing: [ProblemType] = [
        .usage, .unsupportedMediaType, .changedSince, .busy, .io, .unauthorized, .forbidden, .bodyTooLarge,
    ]

    // MARK: - The operations

    static let health = APIOperation(
        id: "health", method: "GET", path: "/api/health", summary: "Whether the server answers, without the roster",
        parameters: [], body: nil, answer: .health, problems: [])
    static let listPlayers = APIOperation(
        id: "listPlayers", method: "GET", path: "/api/players",
        summary: "The players that match, a page at a time, or every one streamed",
        parameters: (QueryParameter.filters + [.sort, .page, .perPage, .after]).map(Parameter.list) + [.own(.format)],
        body: nil, answer: .playerList, problems: reading)
    static let getPlayer = APIOperation(
        id: "getPlayer", method: "GET", path: "/api/players/{id}", summary: "One player, as show --format json",
        parameters: [.list(.asOf)], body: nil, answer: .player, problems: reading + [.notFound])
    static let playerHistory = APIOperation(
        id: "playerHistory", method: "GET", path: "/api/players/{id}/history",
        summary: "A player's changes, newest first", parameters: [], body: nil, answer: .history,
        problems: reading + [.notFound])
    static let stats = APIOperation(
        id: "stats", method: "GET", path: "/api/stats", summary: "Totals, or per group with by",
        parameters: QueryParameter.filters.map(Parameter.list) + [.own(.by), .own(.top)], body: nil,
        answer: .stats, problems: reading)
    static let facets = APIOperation(
        id: "facets", method: "GET", path: "/api/facets",
        summary: "The most common clubs and nationalities of the players that match, as the list page shows them",
        parameters: QueryParameter.filters.map(Parameter.list) + [.own(.top)], body: nil, answer: .facets,
        problems: reading)
    static let changes = APIOperation(
        id: "changes", method: "GET", path: "/api/changes", summary: "The change feed, a page at a time",
        parameters: [.own(.since), .own(.until), .own(.player), .own(.field), .own(.kind), .own(.limit)], body: nil,
        answer: .changes, problems: reading + [.notFound])
    static let addPlayer = APIOperation(
        id: "addPlayer", method: "POST", path: "/api/players", summary: "Add a player, as add does",
        parameters: [.own(.allowDuplicate)], body: .player, answer: .created,
        problems: writing + [.invalidData, .duplicate])
    static let editPlayer = APIOperation(
        id: "editPlayer", method: "PATCH", path: "/api/players/{id}", summary: "Change a player, as edit does",
        parameters: [.own(.allowDuplicate)], body: .edit, answer: .player,
        problems: writing + [.invalidData, .duplicate, .notFound])
    static let removePlayer = APIOperation(
        id: "removePlayer", method: "DELETE", path: "/api/players/{id}", summary: "Remove a player, as remove does",
        parameters: [], body: nil, answer: .removed, problems: writing + [.notFound])
    static let importFeed = APIOperation(
        id: "importFeed", method: "POST", path: "/api/import",
        summary: "Import the body's feed, all or nothing, as import --report json does",
        parameters: ImportParameter.allCases.map(Parameter.importOption), body: .feed, answer: .importReport,
        problems: writing)
    static let document = APIOperation(
        id: "openAPI", method: "GET", path: "/openapi.json", summary: "This document", parameters: [], body: nil,
        answer: .document, problems: [])

    /// Every operation, in the order the document lists them.
    static let all: [APIOperation] = [
        listPlayers, addPlayer, getPlayer, editPlayer, removePlayer, playerHistory, stats, facets, changes,
        importFeed,
        health, document,
    ]
}
