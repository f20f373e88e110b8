import Glibc
import RosterFormats
import RosterModel
import RosterService

/// The API's writes, with `serve --write`: `POST /api/players`, `PATCH` and `DELETE /api/players/{id}`, and
/// `POST /api/import`, each one call of the service that `add`, `edit`, `remove` and `import` make, with their rules
/// and messages, through the server's one writer (`RosterWriter`): the writes of several clients made at the same
/// moment share one commit, each in a savepoint of its own, refused or made alone, and each is answered once the
/// commit is made. A write waits for the roster's write lock up to the busy timeout, then is answered 503 with
/// `Retry-After`.
///
/// A browser cannot be made to write from another site: a write must say its body is JSON (or, for an import, one
/// of the feed types), which a form cannot send and a script of another origin cannot without a preflight, which
/// allows only reads (`--cors` too); and a request whose `Host` is not this machine is refused before any route.
extension RosterRoutes {
    /// The methods that write, by route; nil for a route that only reads.
    static func writeMethods(for segments: [String]) -> [String]? {
        let methods = APIOperation.all.filter { $0.writes && $0.matches(segments) }.map(\.method)
        return methods.isEmpty ? nil : methods
    }

    /// The methods a route answers: GET and HEAD, and with `--write` those that write (`/api/import` only writes).
    func allowedMethods(for segments: [String]) -> String {
        guard options.write, let writes = Self.writeMethods(for: segments) else { return Self.allowed }
        let reads = APIOperation.all.contains { !$0.writes && $0.matches(segments) }
        return (reads ? ["GET", "HEAD"] + writes : writes).joined(separator: ", ")
    }

    /// Whether `request` is a write this server takes (`--write`, and a method the route writes with).
    func isWrite(_ request: HTTPRequest) -> Bool {
        guard options.write, case .success(let target) = request.target else { return false }
        return Self.writeMethods(for: target.segments)?.contains(request.method) ?? false
    }

    /// Before the body of a write is read: refused at once when its type is not one the route reads (415), else
    /// read. Any other request is answered without its body.
    package func respond(beforeBody request: HTTPRequest) -> HTTPResponse? {
        guard isWrite(request), case .success(let target) = request.target, request.method != "DELETE" else {
            return respond(to: request)
        }
        // Answered by `write`, which refuses a request without a token that may write, then the type; a body
        // the write would refuse is not received. The token is read on this worker's connection here, and again
        // by the writer with the write.
        if Self.typeRefusal(request, target) != nil
            || tokenRefusal(request, on: roster, writing: true, page: false) != nil
        {
            return respond(to: request)
        }
        return nil
    }

    /// What a write did, answered once its group is committed: the answers of writes that read the roster (the
    /// player after) read it then, on this worker's connection.
    private enum Written {
        case refused(HTTPResponse)
        case player(Player, created: Bool)
        case removed
        case report(ImportReport, HTTPStatus)
    }

    /// A write, answered as `route` answers: `segments` name its route, and the request is one of `isWrite`.
    func write(_ request: HTTPRequest, _ target: HTTPTarget) -> HTTPResponse {
        guard let writer,
            let operation = APIOperation.all.first(where: {
                $0.writes && $0.method == request.method && $0.matches(target.segments)
            })
        else { return Self.error(.failure, "\(request.method) \(target.rawPath) is no write of this server's.") }
        let expected = Self.expected(ifMatch: request.headers.values(named: "If-Match"))
        let written: Written
        do {
            // On the writer's thread, while this one waits; the checks are made on the roster as it is now, inside
            // the write's own savepoint: a token revoked a moment ago is refused.
            written = try writer.write { roster -> Written in
                if let refusal = tokenRefusal(request, on: roster, writing: true, page: false) {
                    return .refused(refusal)
                }
                if let refusal = Self.typeRefusal(request, target) { return .refused(refusal) }
                let segments = target.segments
                switch operation.answer {
                case .created:
                    return .player(try Self.add(request, target, on: roster, expected: expected), created: true)
                case .importReport:
                    return try Self.importFeed(request, target, on: roster, expected: expected)
                case .removed:
                    try Self.remove(segments[2], target, on: roster, expected: expected)
                    return .removed
                case .player:
                    return .player(
                        try Self.edit(segments[2], request, target, on: roster, expected: expected), created: false)
                default:
                    return .refused(Self.error(.failure, "\(operation.id) does not write."))
                }
            }
        } catch {
            return writeFailure(error)
        }
        switch written {
        case .refused(let response): return response
        case .player(let player, let created):
            var response = playerAnswer(player, for: request)
            if created {
                response.status = .created
                response.headers["Location"] = "/api/players/\(player.id ?? 0)"
            }
            return response
        case .removed: return HTTPResponse(status: .noContent, headers: ["Cache-Control": "no-store"])
        case .report(let report, let status): return Self.report(report, status: status)
        }
    }

    // MARK: - The writes

    /// `POST /api/players`: the player added, answered 201 with the player as `GET /api/players/{id}` gives it, and
    /// its `Location`.
    private static func add(_ request: HTTPRequest, _ target: HTTPTarget, on roster: Roster, expected: ExpectedVersion?)
        throws -> Player
    {
        let allowDuplicate = try allowsDuplicate(target, APIOperation.addPlayer)
        let record = try object(request.body)
        return try roster.add(record, allowDuplicate: allowDuplicate, expected: expected)
    }

    /// `PATCH /api/players/{id}`: the object's fields set (`null` makes an optional one unknown), and the counts
    /// added to (`add_goals`, `add_assists`, as `edit --add-goals`); answered 200 with the player after.
    private static func edit(
        _ idText: String, _ request: HTTPRequest, _ target: HTTPTarget, on roster: Roster,
        expected: ExpectedVersion?
    ) throws -> Player {
        let allowDuplicate = try allowsDuplicate(target, APIOperation.editPlayer)
        guard let id = id(idText) else { throw LookupError.notFound(idText, suggestions: []) }
        let edit = try edit(from: object(request.body))
        return try roster.edit(String(id), edit, allowDuplicate: allowDuplicate, expected: expected).after
    }

    /// `DELETE /api/players/{id}`: answered 204.
    private static func remove(_ idText: String, _ target: HTTPTarget, on roster: Roster, expected: ExpectedVersion?)
        throws
    {
        _ = try given(target, APIOperation.removePlayer)
        guard let id = id(idText) else { throw LookupError.notFound(idText, suggestions: []) }
        _ = try roster.remove([String(id)], expected: expected)
    }

    /// `POST /api/import?format=…`: the body is the feed, imported as `import --report json` imports one file, all
    /// or nothing; the answer is that report, with the status of the import's outcome (200 when written or
    /// checked, else the status of its refusal).
    private static func importFeed(
        _ request: HTTPRequest, _ target: HTTPTarget, on roster: Roster, expected: ExpectedVersion?
    ) throws -> Written {
        var options = try ImportOptions(query: target.query.map { ($0.name, $0.value) })
        if options.format == nil { options.format = feedFormat(request.headers["Content-Type"]) }
        let body = request.body ?? HTTPRequestBody()
        let descriptor = try body.openForReading()
        defer { close(descriptor) }
        do {
            let report = try roster.importFiles(["-"], options: options, standardInput: descriptor, expected: expected)
            return .report(report, .ok)
        } catch let error as ImportError {
            guard let refused = error.report else { throw error }
            return .report(refused, HTTPStatus(error.category))
        }
    }

    // MARK: - Reading a write

    /// The id of a path's `{id}`: digits naming a player, or nil (no player, answered 404 as a read is).
    private static func id(_ text: String) -> Int64? {
        guard let id = Int64(text), id > 0, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return id
    }

    /// The parameters of its own `operation` reads that `target` gives, by name; any other is refused.
    private static func given(_ target: HTTPTarget, _ operation: APIOperation) throws -> [String: String] {
        var query = PlayerQuery(asOf: CalendarDate(year: 2000, month: 1, day: 1)!)
        return try QueryString.read(
            target.query.map { ($0.name, $0.value) }, parameters: operation.listParameters,
            others: operation.ownParameters, into: &query)
    }

    /// Whether `target` gives `allow_duplicate=1`; any parameter `operation` does not read is refused.
    private static func allowsDuplicate(_ target: HTTPTarget, _ operation: APIOperation) throws -> Bool {
        let name = EndpointParameter.allowDuplicate.rawValue
        switch try given(target, operation)[name]?.lowercased() {
        case nil, "0", "false": return false
        case "", "1", "true": return true
        case let value?: throw QueryStringError.invalid(name, value: value, reason: "expected 1 or 0 (true or false).")
        }
    }

    /// The types a route's body may have: JSON for a player, a feed's types for an import. A form cannot send
    /// them, so no other site can make a browser write.
    private static func typeRefusal(_ request: HTTPRequest, _ target: HTTPTarget) -> HTTPResponse? {
        guard request.method != "DELETE" else { return nil }
        let type = mediaType(request.headers["Content-Type"])
        if target.segments == ["api", "import"] {
            if let type, feedTypes.contains(where: { $0.type == type }) { return nil }
            return error(
                .unsupportedMediaType,
                "An import's body must be a feed: Content-Type "
                    + feedTypes.map(\.type).joined(separator: ", ") + ", not \(type ?? "none").")
        }
        if type == "application/json" { return nil }
        return error(
            .unsupportedMediaType,
            "The body must be a JSON object, sent as Content-Type application/json, not "
                + "\(type ?? "none").")
    }

    /// The media types of feeds, and the format each is read as when no `format` parameter says.
    private static let feedTypes: [(type: String, format: InputFormat)] = [
        ("application/json", .json), ("application/x-ndjson", .ndjson), ("application/ndjson", .ndjson),
        ("text/csv", .csv),
    ]

    private static func feedFormat(_ contentType: String?) -> InputFormat? {
        let type = mediaType(contentType)
        return feedTypes.first { $0.type == type }?.format
    }

    /// `application/json` of `Application/JSON; charset=utf-8`.
    private static func mediaType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        return String(contentType.prefix { $0 != ";" }).trimmingWhiteSpace().lowercased()
    }

    /// The versions `If-Match` names, from the ETags reads give (`"r<version>-<day>…"`): nil without the field or
    /// with `*`; a tag that is none of ours (or a weak one, which `If-Match` never matches) names no version.
    static func expected(ifMatch values: [String]) -> ExpectedVersion? {
        guard !values.isEmpty else { return nil }
        var versions: [String] = []
        for value in values {
            for candidate in value.split(separator: ",") {
                let tag = candidate.trimmingWhiteSpace()
                if tag == "*" { return nil }
                guard tag.hasPrefix("\"r"), tag.hasSuffix("\""), tag.count > 3 else { continue }
                versions.append(String(tag.dropFirst(2).dropLast().prefix { $0 != "-" }))
            }
        }
        return ExpectedVersion(versions: versions)
    }

    /// The one JSON object a body holds, as an import reads each record.
    private static func object(_ body: HTTPRequestBody?) throws -> RawRecord {
        guard let bytes = try body?.bytes(upTo: 1 << 20), !bytes.isEmpty else {
            throw BodyRefused(
                "the body must be one JSON object of at most 1 MiB; it is "
                    + (body.map { "\($0.count.groupedDigits) bytes" } ?? "empty"))
        }
        var reader = JSONObjectReader(source: ByteSource(bytes: bytes))
        do {
            return try reader.read()
        } catch {
            throw BodyRefused("the body is not one JSON object: \(error.location): \(error.message)")
        }
    }

    /// The edit a PATCH object gives: fields to set (`null` clears an optional one) and counts to add to.
    private static func edit(from record: RawRecord) throws -> PlayerEdit {
        var edit = PlayerEdit()
        var problems: [RecordProblem] = []
        func refuse(_ field: RawField, _ message: String) {
            problems.append(
                RecordProblem(
                    file: "", record: nil, location: field.location, field: field.name,
                    value: RecordValidator.display(field.value), message: message))
        }
        let increments = PlayerField.counts.map { ("add_" + $0.name, $0) }
        for raw in record.fields {
            if let (_, field) = increments.first(where: { $0.0 == raw.name }) {
                let limit = Int(FieldRule.maximumCount)
                guard case .number(let text) = raw.value, let amount = Int(text), (-limit...limit).contains(amount)
                else {
                    refuse(raw, "expected a whole number from -\(limit.groupedDigits) to \(limit.groupedDigits)")
                    continue
                }
                edit.increments[field] = amount
            } else if let field = PlayerField(rawValue: raw.name), field != .id {
                if edit.values[field] != nil || edit.cleared.contains(field) {
                    refuse(raw, "the field appears more than once in the object")
                } else if raw.value == .null {
                    if PlayerField.clearable.contains(field) {
                        edit.cleared.insert(field)
                    } else {
                        refuse(
                            raw,
                            "cannot be made unknown; only "
                                + PlayerField.clearable.map(\.name).joined(separator: ", ") + " can")
                    }
                } else {
                    edit.values[field] = raw.value
                }
            } else {
                let known = PlayerField.allCases.filter { $0 != .id }.map(\.name) + increments.map(\.0)
                refuse(
                    raw,
                    raw.name == PlayerField.id.name
                        ? "the id names the player and cannot be changed"
                        : "is no field an edit changes; they are \(known.joined(separator: ", "))")
            }
        }
        if !problems.isEmpty { throw InvalidPlayer(problems: problems) }
        if edit.isEmpty { throw BodyRefused("the object names nothing to change") }
        return edit
    }

    // MARK: - Answers

    /// The player written, as `GET /api/players/{id}` answers it just after, with the ETag of that read, which the
    /// next write can name (`If-Match`); when it cannot be read (removed meanwhile, a read past the time limit), the
    /// player as written, without a tag.
    private func playerAnswer(_ written: Player, for request: HTTPRequest) -> HTTPResponse {
        let coding = request.headers.fields.filter { HTTPHeaders.namesMatch($0.name, "Accept-Encoding") }
        var response = respond(
            to: HTTPRequest(method: "GET", rawTarget: "/api/players/\(written.id ?? 0)", headers: HTTPHeaders(coding)))
        if response.status != .ok {
            if case .stream(let stream) = response.body { stream.close() }
            let age = written.age(on: options.today())
            response = Self.json(PlayerEncoding.jsonObject(written, age: .included(age)))
        }
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    private static func report(_ report: ImportReport, status: HTTPStatus) -> HTTPResponse {
        var text = ""
        // The report's problems are spooled to disk past the first ones; reading them back can fail.
        do {
            try report.writeJSON { text += $0 }
        } catch {
            return Self.error(.io, "The import's report could not be read back: \(error)")
        }
        return HTTPResponse(
            status: status, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
            body: .text(text))
    }

    /// A write's error, answered with its category's status and words, a refused player with every problem.
    private func writeFailure(_ error: any Error) -> HTTPResponse {
        switch error {
        case let invalid as InvalidPlayer:
            return Self.error(.invalidData, invalid.description, problems: invalid.problems)
        case let duplicate as DuplicatePlayer:
            return Self.error(.duplicate, duplicate.description(allowedBy: "allow_duplicate=1"))
        default:
            if ErrorCategory(of: error) == .busy {
                return Self.failure(
                    .busy, "The roster is locked by another writer: \(error); nothing was written; try again.",
                    page: false)
            }
            return failure(error, page: false)
        }
    }
}
