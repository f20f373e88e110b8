import RosterModel
import RosterService

/// The API's OpenAPI 3.1 document, served at `/openapi.json`: made from the declarations the server itself reads —
/// the operations (`APIOperation`), the list's parameters (`QueryParameter`, with their help and ranges), the
/// endpoints' own (`EndpointParameter`), the import's (`ImportParameter`), the player's fields (`PlayerField` and
/// their rules) and the problem types (`ProblemType`) — so that a parameter, field or route added there is described
/// here with nothing more to write.
enum OpenAPIDocument {
    /// The document as JSON text, made once.
    static let text = document.rendered + "\n"

    static var document: JSONValue {
        .object([
            ("openapi", "3.1.0"),
            (
                "info",
                [
                    "title": "rosterdb",
                    "version": .string(Release.version),
                    "description": .string(
                        "The roster as a local HTTP data service (rosterdb serve): the filters, sort keys, validation "
                            + "rules, messages and JSON shapes of the command line. Reads answer GET and HEAD; the "
                            + "writes need serve --write. Every error is an RFC 9457 problem "
                            + "(application/problem+json) whose type is a page of this server (/problems/{type})."),
                ]
            ),
            ("servers", [["url": "/"]]),
            ("paths", paths),
            (
                "components",
                [
                    "schemas": schemas,
                    "securitySchemes": [
                        "bearerAuth": [
                            "type": "http", "scheme": "bearer",
                            "description": "A bearer token in the Authorization field, for the writes.",
                        ]
                    ],
                ]
            ),
        ])
    }

    // MARK: - Paths

    private static var paths: JSONValue {
        var order: [String] = []
        for operation in APIOperation.all where !order.contains(operation.path) { order.append(operation.path) }
        return .object(
            order.map { path in
                let operations = APIOperation.all.filter { $0.path == path }
                var members: [(String, JSONValue?)] = []
                if path.contains("{id}") { members.append(("parameters", [idParameter])) }
                for operation in operations {
                    members.append((operation.method.lowercased(), self.operation(operation)))
                }
                return JSONValue.Member(name: path, value: .object(members))
            })
    }

    private static var idParameter: JSONValue {
        [
            "name": "id", "in": "path", "required": true, "description": "The player's id.",
            "schema": schema(of: PlayerField.id, nullable: false),
        ]
    }

    private static func operation(_ operation: APIOperation) -> JSONValue {
        var parameters = operation.parameters.map(parameter)
        if operation.writes {
            parameters.append(
                header(
                    "If-Match",
                    "Write only if the roster has not changed since the read that gave this ETag (else 412); * "
                        + "always matches."))
        } else if operation.answer != .health && operation.answer != .document {
            parameters.append(
                header("If-None-Match", "An ETag of an earlier answer: 304 while the roster is unchanged."))
        }
        return .object([
            ("operationId", .string(operation.id)),
            ("summary", .string(operation.summary)),
            ("description", operation.writes ? "Only when the server was started with serve --write (else 405)." : nil),
            ("parameters", parameters.isEmpty ? nil : .array(parameters)),
            ("requestBody", operation.body.map(requestBody)),
            ("responses", responses(operation)),
            ("security", operation.writes ? [["bearerAuth": []]] : nil),
        ])
    }

    private static func header(_ name: String, _ description: String) -> JSONValue {
        ["name": .string(name), "in": "header", "description": .string(description), "schema": ["type": "string"]]
    }

    // MARK: - Parameters

    private static func parameter(_ parameter: APIOperation.Parameter) -> JSONValue {
        switch parameter {
        case .list(let parameter):
            return query(
                parameter.rawValue, parameter.help, schema(of: parameter), repeatable: parameter.isRepeatable)
        case .own(let parameter):
            return query(
                parameter.rawValue, parameter.help, schema(of: parameter.value), required: parameter.isRequired,
                commaSeparated: { if case .list = parameter.value { true } else { false } }())
        case .importOption(let parameter):
            return query(
                parameter.rawValue, "As rosterdb import \(parameter.option) (see rosterdb import --help).",
                schema(of: parameter.value), repeatable: parameter.isRepeatable)
        }
    }

    /// A query parameter; one that may be repeated is an array sent as `name=a&name=b`, one that lists its values
    /// in one (`field=goals,club`) an array sent as `name=a,b`.
    private static func query(
        _ name: String, _ description: String, _ schema: JSONValue, required: Bool = false, repeatable: Bool = false,
        commaSeparated: Bool = false
    ) -> JSONValue {
        let array = repeatable || commaSeparated
        return .object([
            ("name", .string(name)), ("in", "query"), ("description", .string(description)),
            ("required", required ? true : nil),
            ("style", array ? "form" : nil), ("explode", array ? .bool(!commaSeparated) : nil),
            ("schema", array ? ["type": "array", "items": schema] : schema),
        ])
    }

    /// The schema of one value of a list parameter.
    private static func schema(of parameter: QueryParameter) -> JSONValue {
        if let range = parameter.range { return integer(in: range) }
        return switch parameter {
        case .asOf: ["type": "string", "format": "date"]
        case .position:
            .object([
                ("type", "string"),
                ("description", .string("A position or line, or several separated by commas; \(Position.accepted).")),
            ])
        case .sort: ["type": "string", "examples": ["goals:desc,name"]]
        case .nationality, .club, .clubPrefix, .name, .after: ["type": "string"]
        case .minGoals, .maxGoals, .minAssists, .maxAssists, .minAge, .maxAge, .page, .perPage: ["type": "integer"]
        }
    }

    private static func schema(of value: EndpointParameter.Value) -> JSONValue {
        switch value {
        case .choice(let words), .list(let words): ["type": "string", "enum": .array(words.map(JSONValue.string))]
        case .number(let range): integer(in: range)
        case .flag: flag
        case .changePoint: .object([("type", "string"), ("description", .string(ChangePoint.expected + "."))])
        }
    }

    private static func schema(of value: ImportParameter.Value) -> JSONValue {
        switch value {
        case .choice(let words): ["type": "string", "enum": .array(words.map(JSONValue.string))]
        case .flag: flag
        case .percentage: ["type": "number", "minimum": 0, "maximum": 100]
        case .text: ["type": "string"]
        }
    }

    private static var flag: JSONValue { ["type": "string", "enum": ["1", "0", "true", "false", ""]] }

    private static func integer(in range: ClosedRange<Int>) -> JSONValue {
        ["type": "integer", "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)]
    }

    // MARK: - Bodies and answers

    private static func requestBody(_ body: APIOperation.Body) -> JSONValue {
        let json: (String) -> JSONValue = { ["schema": ["$ref": .string("#/components/schemas/\($0)")]] }
        return switch body {
        case .player: ["required": true, "content": ["application/json": json("NewPlayer")]]
        case .edit: ["required": true, "content": ["application/json": json("PlayerEdit")]]
        case .feed:
            [
                "required": true,
                "content": [
                    "application/json": ["schema": ["type": "array", "items": ["type": "object"]]],
                    "application/x-ndjson": ["schema": ["type": "string"]],
                    "application/ndjson": ["schema": ["type": "string"]],
                    "text/csv": ["schema": ["type": "string"]],
                ],
            ]
        }
    }

    private static func reference(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

    private static var tagged: JSONValue {
        [
            "ETag": [
                "description": "The roster's version and the day; If-None-Match and If-Match name it.",
                "schema": ["type": "string"],
            ]
        ]
    }

    private static func answer(_ description: String, _ content: [(String, JSONValue)], headers: JSONValue? = nil)
        -> JSONValue
    {
        .object([
            ("description", .string(description)), ("headers", headers),
            ("content", content.isEmpty ? nil : .object(content.map { .init(name: $0.0, value: ["schema": $0.1]) })),
        ])
    }

    private static func responses(_ operation: APIOperation) -> JSONValue {
        var answers: [(status: Int, value: JSONValue)] = []
        let object: JSONValue = ["type": "object"]
        let notModified: JSONValue = ["description": "Not modified: the roster has not changed since the ETag given."]
        switch operation.answer {
        case .health:
            answers = [(200, answer("The server answers.", [("application/json", reference("Health"))]))]
        case .document:
            answers = [(200, answer("This document.", [("application/json", object)]))]
        case .playerList:
            answers = [
                (
                    200,
                    answer(
                        "A page (JSON), or every match streamed (NDJSON, one player a line; CSV with a header row).",
                        [
                            ("application/json", reference("PlayerPage")), ("application/x-ndjson", ["type": "string"]),
                            ("text/csv", ["type": "string"]),
                        ], headers: tagged)
                ),
                (304, notModified),
            ]
        case .player:
            answers = [(200, answer("The player.", [("application/json", reference("Player"))], headers: tagged))]
            // A write is never answered 304.
            if !operation.writes { answers.append((304, notModified)) }
        case .history, .changes, .stats, .facets:
            let description =
                switch operation.answer {
                case .history: "The player's changes, newest first, as history ID --format json."
                case .facets: "The facets: per club and per nationality, the most common values with their counts."
                case .changes: "A page of changes and next, the since of the next page, as changes --format json."
                default: "The stats, as stats --format json."
                }
            answers = [(200, answer(description, [("application/json", object)], headers: tagged)), (304, notModified)]
        case .created:
            let headers: JSONValue = [
                "ETag": ["schema": ["type": "string"]],
                "Location": ["description": "The player's path.", "schema": ["type": "string"]],
            ]
            answers = [
                (201, answer("The player added.", [("application/json", reference("Player"))], headers: headers))
            ]
        case .removed:
            answers = [(204, ["description": "Removed."])]
        case .importReport:
            let report = [("application/json", reference("ImportReport"))]
            answers = [
                (200, answer("The import's report: committed, or checked with dry_run.", report)),
                (400, answer("Refused: records were invalid (refused_invalid), each listed.", report)),
                (409, answer("Refused: the prune would remove too much (refused_prune).", report)),
            ]
        }
        // The problems, by status; a status the answer has already (an import's 400) gets the problem beside it.
        let problems = APIOperation.commonProblems + operation.problems
        var statuses: [Int] = []
        for problem in problems where !statuses.contains(problem.status.code) {
            statuses.append(problem.status.code)
        }
        var members: [JSONValue.Member] = []
        for (status, value) in answers { members.append(.init(name: String(status), value: value)) }
        for status in statuses.sorted() {
            let titles = problems.filter { $0.status.code == status }.map(\.title)
            let content = JSONValue.Member(
                name: RosterRoutes.problemContentType, value: ["schema": reference("Problem")])
            if let index = members.firstIndex(where: { $0.name == String(status) }),
                case .object(var existing) = members[index].value,
                let contentIndex = existing.firstIndex(where: { $0.name == "content" }),
                case .object(let types) = existing[contentIndex].value
            {
                existing[contentIndex] = .init(name: "content", value: .object(types + [content]))
                members[index] = .init(name: String(status), value: .object(existing))
            } else {
                members.append(
                    .init(
                        name: String(status),
                        value: .object([
                            .init(name: "description", value: .string(titles.joined(separator: "; "))),
                            .init(name: "content", value: .object([content])),
                        ])))
            }
        }
        return .object(members)
    }

    // MARK: - Schemas

    private static var schemas: JSONValue {
        let fields = PlayerField.allCases
        let player: JSONValue = .object([
            ("type", "object"),
            ("description", "A player as show --format json writes it; null where a value is unknown."),
            ("required", .array((fields.map(\.name) + ["age"]).map(JSONValue.string))),
            (
                "properties",
                .object(
                    fields.map { JSONValue.Member(name: $0.name, value: schema(of: $0, nullable: $0 != .id)) }
                        + [
                            .init(
                                name: "age",
                                value: [
                                    "type": ["integer", "null"],
                                    "description": "Whole years on the as_of day (default: today).",
                                ])
                        ])
            ),
        ])
        let writable = fields.filter { $0 != .id }
        let newPlayer: JSONValue = .object([
            ("type", "object"),
            (
                "description",
                .string(
                    "A player's fields as export --format json writes them, read by the import's rules (a count must "
                        + "be a JSON number).")
            ),
            ("required", .array(fields.filter(\.rule.isRequired).map { .string($0.name) })),
            (
                "properties",
                .object(fields.map { .init(name: $0.name, value: schema(of: $0, nullable: $0.isOptional)) })
            ),
        ])
        let edit: JSONValue = .object([
            ("type", "object"),
            (
                "description",
                .string(
                    "The fields to set, null making an optional one unknown, and the counts to add to (as edit "
                        + "--add-goals).")
            ),
            ("minProperties", 1),
            (
                "properties",
                .object(
                    writable.map {
                        .init(name: $0.name, value: schema(of: $0, nullable: PlayerField.clearable.contains($0)))
                    }
                        + PlayerField.counts.map { field in
                            let most = Int(FieldRule.maximumCount)
                            return .init(name: "add_" + field.name, value: integer(in: -most...most))
                        })
            ),
        ])
        let problem: JSONValue = .object([
            ("type", "object"),
            ("description", "An error, as RFC 9457 has it; its type's URI is a page saying what it means."),
            ("required", ["type", "title", "status", "detail"]),
            (
                "properties",
                [
                    "type": [
                        "type": "string", "format": "uri-reference",
                        "enum": .array(ProblemType.allCases.map { .string($0.uri) }),
                    ],
                    "title": ["type": "string", "enum": .array(ProblemType.allCases.map { .string($0.title) })],
                    "status": ["type": "integer"],
                    "detail": ["type": "string", "description": "What went wrong, in the command line's words."],
                    "parameter": ["type": "string", "description": "The query parameter at fault, when there is one."],
                    "problems": [
                        "type": "array", "description": "A refused player's problems, one per field at fault.",
                        "items": [
                            "type": "object", "required": ["field", "value", "message"],
                            "properties": [
                                "field": ["type": ["string", "null"]], "value": ["type": ["string", "null"]],
                                "message": ["type": "string"],
                            ],
                        ],
                    ],
                ]
            ),
        ])
        let link: JSONValue = ["type": ["string", "null"]]
        let page: JSONValue = [
            "type": "object",
            "required": ["page", "per_page", "total", "pages", "players", "next", "prev"],
            "properties": [
                "page": ["type": ["integer", "null"], "description": "null for a page asked for by token (after)."],
                "per_page": ["type": "integer"], "total": ["type": "integer"], "pages": ["type": "integer"],
                "players": ["type": "array", "items": reference("Player")],
                "next": link, "prev": link,
                "suggestions": [
                    "type": "array",
                    "description": "When nothing matches: the nearest values players have of a nationality or club.",
                    "items": ["type": "object"],
                ],
            ],
        ]
        return [
            "Player": player, "NewPlayer": newPlayer, "PlayerEdit": edit, "PlayerPage": page, "Problem": problem,
            "Health": ["type": "object", "required": ["ok"], "properties": ["ok": ["const": true]]],
            "ImportReport": [
                "type": "object", "description": "The report of import --report json; its files is [\"-\"].",
                "properties": [
                    "status": [
                        "type": "string",
                        "examples": ["committed", "refused_invalid", "refused_prune"],
                    ]
                ],
            ],
        ]
    }

    /// A field's schema from its rule; `nullable` for one that may be unknown where it is written.
    private static func schema(of field: PlayerField, nullable: Bool) -> JSONValue {
        let type: String
        var members: [(String, JSONValue?)] = []
        switch field.rule.kind {
        case .wholeNumber(let range):
            type = "integer"
            members = [("minimum", .number(Int(range.lowerBound))), ("maximum", .number(Int(range.upperBound)))]
        case .text(let length):
            type = "string"
            members = [("maxLength", .number(length))]
        case .position:
            type = "string"
            members = [("enum", .array(Position.allCases.map { .string($0.code) } + (nullable ? [.null] : [])))]
        case .date(let earliest):
            type = "string"
            members = [("format", "date"), ("description", .string("yyyy-MM-dd, from \(earliest) to today."))]
        }
        let aliases = field.rule.aliases.map(\.name)
        if !aliases.isEmpty {
            members.append(("x-aliases", .array(aliases.map(JSONValue.string))))
        }
        return .object([("type", nullable ? [.string(type), "null"] : .string(type))] + members)
    }
}
