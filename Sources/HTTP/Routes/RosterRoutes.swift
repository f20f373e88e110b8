import Glibc
import RosterFormats
import RosterModel
import RosterService

/// The roster's HTTP front end on one thread of the server: a read connection of its own (its statements prepared
/// once), and the handlers — plain functions from a request to a response, which tests call without a socket.
///
/// Routes: the API's operations (`APIOperation.all`: `/api/players`, `/api/players/{id}`, its history, `/api/stats`,
/// `/api/facets`, `/api/changes`, `/api/health`, the writes, and `/openapi.json`, which describes them), the pages of its problem
/// types (`/problems/{type}`), and the web pages `/`, `/stats` and `/players/{id}`. The API's errors are RFC 9457
/// problems (`error(_:_:parameter:problems:)`), the pages' HTML. Only GET and HEAD (and OPTIONS with CORS on), and
/// with `--write` the API's writes (`RosterRoutes+Write.swift`) through the server's one writer; every answer
/// that reads the roster reads one committed snapshot and carries an ETag made from its change counter and the day, so
/// that `If-None-Match` gets 304 until the roster changes.
package final class RosterRoutes: HTTPWorker {
    /// Opened again when another file takes the roster's path (`reading`).
    private(set) var roster: Roster
    let options: ServeOptions
    let cache: ResultCache
    /// Today, as `options.today` gave it, and the second it was asked: asked again once a second at most.
    private var day: (asked: Int, date: CalendarDate)?
    /// The writer of the roster, with `--write`: one for every worker of a server, so that their writes made at the
    /// same moment share a commit (`RosterRoutes+Write.swift`).
    let writer: RosterWriter?

    /// Opens the roster read-only (it must exist and be a roster this build can read). With `--write`, the writes go
    /// through `writer`, which the server's workers share; a worker given none has one of its own.
    package init(options: ServeOptions, cache: ResultCache, writer: RosterWriter? = nil) throws {
        roster = try Roster(path: options.path, access: .read, busyTimeout: options.busyTimeout)
        self.options = options
        self.cache = cache
        self.writer =
            options.write ? writer ?? RosterWriter(path: options.path, busyTimeout: options.busyTimeout) : nil
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        // Those read from the roster were encoded before their tag was made (`reading`); the others are here.
        var response = Self.encoded(route(request), for: request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        if options.cors {
            response.headers["Access-Control-Allow-Origin"] = "*"
            response.headers["Access-Control-Expose-Headers"] = "ETag, Link"
        }
        return response
    }

    /// The methods every route answers.
    static let allowed = "GET, HEAD"

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        let target: HTTPTarget
        switch request.target {
        case .success(let parsed): target = parsed
        case .failure(let error):
            return Self.failure(.invalidTarget, error.description, page: !Self.namesTheAPI(request.rawTarget))
        }
        let segments = target.segments
        let isAPI = segments.first == "api" || segments == ["openapi.json"]
        // The host the request is for, as its one Host field names it (two make a malformed request, RFC 9112
        // §3.2) and as a target in the absolute form names it (§3.2.2): each must be this machine.
        let hosts = request.headers.values(named: "Host")
        let names = Array(hosts.prefix(1)) + (target.authority.map { [$0] } ?? [])
        if let accepted = options.acceptedHosts,
            let host = names.first(where: { hosts.count > 1 || !accepted.contains(Self.name(ofHost: $0) ?? "") })
        {
            let message =
                "This server answers for this machine only (localhost); the request names '\(host)'. Start it with "
                + "--bind to serve it on another address."
            return Self.failure(.misdirectedRequest, message, page: !isAPI)
        }
        if request.method == "OPTIONS" && options.cors {
            return HTTPResponse(
                status: .noContent,
                headers: [
                    "Access-Control-Allow-Methods": Self.allowed,
                    "Access-Control-Allow-Headers": "If-None-Match" + (options.requireToken ? ", Authorization" : ""),
                    "Access-Control-Max-Age": "86400",
                ])
        }
        if isWrite(request) { return write(request, target) }
        let allowed = allowedMethods(for: segments)
        guard (request.method == "GET" || request.isHead) && allowed.hasPrefix("GET") else {
            let writes = !options.write && Self.writeMethods(for: segments)?.contains(request.method) == true
            var response =
                isAPI
                ? Self.error(
                    .methodNotAllowed,
                    "The method \(request.method) is not allowed here; use \(allowed)."
                        + (writes ? " This server is read-only: writes need serve --write." : ""))
                : Self.page(.methodNotAllowed, "The method \(request.method) is not allowed here.")
            response.headers["Allow"] = options.cors ? allowed + ", OPTIONS" : allowed
            return response
        }
        // The API's reads, found in the one declaration of its operations (which `/openapi.json` describes).
        if let operation = APIOperation.all.first(where: { !$0.writes && $0.matches(segments) }) {
            return read(operation, request, target)
        }
        switch segments {
        case _ where segments.count == 2 && segments[0] == "problems":
            return Self.problemPage(segments[1])
        case []:
            return reading(request, page: true) { version, today in
                try listPage(target, version: version, today: today)
            }
        case ["stats"]:
            return reading(request, page: true) { version, today in
                try statsPage(target, version: version, today: today)
            }
        case _ where segments.count == 2 && segments[0] == "players":
            return reading(request, page: true) { _, today in try detailPage(segments[1], target, today: today) }
        default:
            // The path as sent: decoded, `/api/players%2F19` would read as a route that exists.
            return isAPI
                ? Self.error(.notFound, "There is nothing at \(target.rawPath); see \(Self.readPaths).")
                : Self.page(.notFound, "There is no page at \(target.rawPath).")
        }
    }

    /// The answer to `operation`, a read of the API's that `target` names.
    private func read(_ operation: APIOperation, _ request: HTTPRequest, _ target: HTTPTarget) -> HTTPResponse {
        let segments = target.segments
        switch operation.answer {
        case .health:
            return HTTPResponse(
                headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
                body: .text("{\"ok\":true}\n"))
        case .playerList:
            return reading(request) { version, today in
                try players(target, accept: request.headers.values(named: "Accept"), version: version, today: today)
            }
        case .stats:
            return reading(request) { version, today in try stats(target, version: version, today: today) }
        case .facets:
            return reading(request) { version, today in try facets(target, version: version, today: today) }
        case .changes:
            return reading(request) { _, _ in try changes(target) }
        case .history:
            return reading(request) { _, _ in try history(segments[2], target) }
        case .player:
            return reading(request) { _, today in try player(segments[2], target, today: today) }
        case .document:
            return HTTPResponse(
                headers: ["Content-Type": "application/json", "Cache-Control": "no-cache"],
                body: .text(OpenAPIDocument.text))
        case .created, .removed, .importReport:
            // Writes, which `write` answers.
            return Self.error(.failure, "\(operation.id) is a write.")
        }
    }

    /// The paths the API reads, as a 404 names them: `/api/players, …, /api/changes and /api/health`, and the
    /// document that describes them all.
    static let readPaths: String = {
        var paths: [String] = []
        for operation in APIOperation.all where !operation.writes && operation.path.hasPrefix("/api/") {
            if !paths.contains(operation.path) { paths.append(operation.path) }
        }
        return paths.dropLast().joined(separator: ", ") + " and " + paths.last!
            + "; the API is described at \(APIOperation.document.path)"
    }()

    /// Whether a target that cannot be decoded is one of the API's (its first segment, as sent, is `api`): its
    /// error is then JSON, and a page's HTML.
    static func namesTheAPI(_ rawTarget: String) -> Bool {
        rawTarget == "/api" || rawTarget.hasPrefix("/api/") || rawTarget.hasPrefix("/api?")
    }

    /// Answers from one snapshot of the roster, within the time limit: `body`'s answer with its ETag, or 304 when
    /// that answer is a 200 the client holds already for this snapshot. A query past the time limit is answered 503.
    /// The errors found here are a web page's (HTML) for a `page`, else the API's (JSON).
    private func reading(
        _ request: HTTPRequest, page: Bool = false,
        _ body: (_ version: RosterVersion, _ today: CalendarDate) throws -> HTTPResponse
    ) -> HTTPResponse {
        guard options.answers.admit() else {
            return Self.failure(
                .unavailable,
                "The server has no memory for another answer just now (see ulimit -v); try again in a moment.",
                page: page)
        }
        defer { options.answers.release() }
        let now = time(nil)
        if day?.asked != now { day = (now, options.today()) }
        let today = day!.date
        do {
            // A roster replaced by renaming another file over it, or removed and made again, is read from its new
            // file: the connection would read the old one until the server stops. One written over in place (`cp`)
            // is opened again too: SQLite would go on reading the pages it keeps of the old one.
            var look = roster.lookAtFiles()
            if roster.fileWasReplaced(look) || roster.fileWasRewritten(look) {
                roster = try Roster.reopened(path: options.path, busyTimeout: options.busyTimeout)
                look = roster.lookAtFiles()
            }
            if options.requireToken, let refusal = tokenRefusal(request, on: roster, writing: false, page: page) {
                return refusal
            }
            return try roster.withTimeLimit(seconds: options.queryTimeLimit) {
                try roster.snapshot(look) { version in
                    var response = try body(version, today)
                    if roster.wasRewritten(whileReading: version) {
                        if case .stream(let stream) = response.body { stream.close() }
                        throw RosterFileChanged.writtenOver
                    }
                    response = Self.encoded(response, for: request)
                    // Without a settled version, there is no tag that stands for these players alone.
                    guard version.isSettled else { return response }
                    let tag = "\"r\(version)-\(today)\(Self.variant(of: response))\""
                    // Only an answer the client could hold is not modified: a bad request or a missing player is
                    // answered as such, whatever tag comes with it (`*` too).
                    if response.status == .ok, Self.matches(request.headers["If-None-Match"], tag) {
                        // With the 200's body, which the server never sends after a 304 but whose length it gives
                        // (RFC 9110 §8.6); an empty one would say `Content-Length: 0`.
                        var notModified = HTTPResponse(
                            status: .notModified, headers: ["ETag": tag, "Cache-Control": "no-cache"],
                            body: response.body)
                        notModified.headers["Vary"] = response.headers["Vary"]
                        return notModified
                    }
                    if response.status == .ok || response.status == .notFound {
                        response.headers["ETag"] = tag
                        response.headers["Cache-Control"] = "no-cache"
                    }
                    return response
                }
            }
        } catch {
            return failure(error, page: page)
        }
    }

    /// An error a handler threw, answered with the status of its category (`HTTPStatus(_:)`), in words for whoever
    /// reads the page or the API: the request's own mistake in the error's words, the server's in a sentence
    /// about the roster.
    func failure(_ error: any Error, page: Bool) -> HTTPResponse {
        let category = ErrorCategory(of: error)
        let status = HTTPStatus(category)
        let message =
            switch category {
            case .timedOut:
                "The query took longer than \(Self.seconds(options.queryTimeLimit)) s, the limit of this server; "
                    + "narrow it (a filter, a smaller page) or try again."
            case .busy: "The roster cannot be read just now: \(error); try again."
            case _ where status == .serviceUnavailable:
                "\(error)".prefix(1).uppercased() + "\(error)".dropFirst() + "; try again."
            case _ where status == .internalServerError: "The roster could not be read: \(error)"
            default: "\(error)"
            }
        return Self.failure(
            ProblemType(category), message, parameter: (error as? QueryStringError)?.parameter, page: page)
    }

    /// An error of `type`, as a web page (`page`) or as the API's problem. A 503 says when to try again
    /// (`Retry-After: 1`): the same request may well be answered a moment later.
    static func failure(_ type: ProblemType, _ message: String, parameter: String? = nil, page: Bool) -> HTTPResponse {
        var response = page ? Self.page(type.status, message) : error(type, message, parameter: parameter)
        if type.status == .serviceUnavailable { response.headers["Retry-After"] = "1" }
        return response
    }

    /// A `Host` value without its port, in lower case: `localhost`, `127.0.0.1`, `[::1]`; nil when it is not a
    /// name or bracketed address followed by nothing or by `:` and digits (`localhost:evil.com`).
    static func name(ofHost host: String) -> String? {
        let host = host.lowercased()
        let name: Substring
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return nil }
            name = host[...end]
        } else {
            name = host.prefix { $0 != ":" }
        }
        let port = host[name.endIndex...]
        guard port.isEmpty || (port.first == ":" && port.dropFirst().isDigits) else { return nil }
        return String(name)
    }

    /// Whether an `If-None-Match` value names `tag` (or is `*`); weak tags match too (RFC 9110 §13.1.2).
    static func matches(_ header: String?, _ tag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { candidate in
            var value = candidate.trimmingWhiteSpace()
            if value == "*" { return true }
            if value.hasPrefix("W/") { value = String(value.dropFirst(2)) }
            return value == tag
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    // MARK: - Answers

    /// The API's one shape of error, an RFC 9457 problem (`application/problem+json`): `{"type":
    /// "/problems/invalid-request","title":"Invalid request","status":400,"detail":"…","parameter":"min_goals"}`,
    /// `parameter` naming the query parameter at fault when there is one; a refused player's lists its problems too
    /// (`"problems":[{"field":"goals","value":"-1","message":"…"}]`).
    /// A refusal of the server's own (`HTTPServerConfiguration.refusal`) as a problem of its kind, so that every error
    /// of the API has one shape.
    @Sendable package static func refusal(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        let type = ProblemType(refusing: status)
        guard type.status == status else { return error(.failure, message) }
        return error(type, message.prefix(1).uppercased() + message.dropFirst() + ".")
    }

    static func error(
        _ type: ProblemType, _ detail: String, parameter: String? = nil, problems: [RecordProblem] = []
    ) -> HTTPResponse {
        let parameterMember = parameter.map { ",\"parameter\":" + JSONText.quoted($0) } ?? ""
        let problemsMember =
            problems.isEmpty
            ? ""
            : ",\"problems\":["
                + problems.map { problem in
                    "{\"field\":\(problem.field.map(JSONText.quoted) ?? "null"),"
                        + "\"value\":\(problem.value.map(JSONText.quoted) ?? "null"),"
                        + "\"message\":\(JSONText.quoted(problem.message))}"
                }.joined(separator: ",") + "]"
        return HTTPResponse(
            status: type.status,
            headers: ["Content-Type": Self.problemContentType, "Cache-Control": "no-store"],
            body: .text(
                "{\"type\":\(JSONText.quoted(type.uri)),\"title\":\(JSONText.quoted(type.title)),"
                    + "\"status\":\(type.status.code),\"detail\":\(JSONText.quoted(detail))"
                    + parameterMember + problemsMember + "}\n"))
    }

    /// The media type of the API's errors (RFC 9457 §3).
    static let problemContentType = "application/problem+json"

    /// A web page with `message`, for errors outside the API.
    static func page(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        html(
            PageLayout.page(
                title: "Roster",
                .element("p", [], .element("a", [("href", "/")], HTML("← The roster")))
                    + .element("p", [("class", "problem"), ("role", "alert")], .text(message))),
            status: status)
    }

    /// A web page, whose images may come from `imageOrigin` (`--image-base`) and from nowhere else.
    static func html(_ page: HTML, status: HTTPStatus = .ok, imageOrigin: String? = nil) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                "Content-Type": "text/html; charset=utf-8",
                // Nothing but the page itself and players' images; no script runs at all.
                "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                    + (imageOrigin.map { "img-src \($0); " } ?? "")
                    + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
                "Referrer-Policy": "no-referrer",
            ], body: .text(page.rendered))
    }

    static func json(_ text: String, contentType: String = "application/json") -> HTTPResponse {
        HTTPResponse(headers: ["Content-Type": contentType], body: .text(text + "\n"))
    }
}
