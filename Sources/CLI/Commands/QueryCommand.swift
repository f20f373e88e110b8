import RosterModel
import RosterService

/// `rosterdb query`: a filtered, sorted, paged list of players.
struct QueryCommand: Command {
    static let spec = CommandSpec(
        name: "query",
        abstract: "List players: filtered, sorted and paged.",
        discussion: "Filters combine with AND. Ties in any order end on the player id, so pages are stable.",
        options: [
            .value("position", "position", help: "Only these positions (codes or synonyms, comma-separated or "
                + "repeated); a line (GK, DF, MF, FW) matches every role on it."),
            .value("nationality", "name", help: "Only this nationality (case-insensitive, exact)."),
            .value("name", "text", help: "Names with words starting with these words, ignoring case and accents "
                + "('mbap' finds Mbappé)."),
            .value("min-goals", "n", help: "At least this many goals."),
            .value("max-goals", "n", help: "At most this many goals."),
            .value("min-assists", "n", help: "At least this many assists."),
            .value("max-assists", "n", help: "At most this many assists."),
            .value("min-age", "years", help: "At least this old on the --as-of day; players without a birth date "
                + "never match."),
            .value("max-age", "years", help: "At most this old on the --as-of day."),
            .value("as-of", "yyyy-MM-dd", help: "The day ages are computed on (default: today)."),
            .value("sort", "keys", help: "KEY[:asc|desc][,KEY...] over \(sortKeyNames) (default: name). Unknown "
                + "birth dates and nationalities sort last."),
            .value("page", "n", help: "The page to show, from 1 (default: 1)."),
            .value("per-page", "n", help: "Players per page, 1 to 1000 (default: 20)."),
            .flag("all", help: "Every match on one page, streamed (for scripts)."),
            .value("format", "format", help: "table, json, ndjson or csv (default: table)."),
        ]
    )

    /// The keys `--sort` accepts, for its help and its errors.
    private static let sortKeyNames = SortKey.allCases.map(\.rawValue).joined(separator: ", ")

    let query: PlayerQuery
    let format: ListFormat

    init(_ arguments: ParsedArguments) throws {
        let asOf = try arguments.parsed("as-of", expecting: "a date written yyyy-MM-dd") { CalendarDate(iso: $0) }
        var query = PlayerQuery(asOf: asOf ?? .today())
        query.positions = try arguments.list("position").map { text in
            guard let position = Position(parsing: text) else {
                throw UsageError.invalidValue(
                    value: text, option: arguments.synopsis(of: "position"),
                    reason: "unknown position; accepted: \(Position.acceptedCodes), or a synonym such as Striker, "
                        + "CDM or Defender.")
            }
            return position
        }
        query.nationality = arguments.value("nationality")
        if let name = arguments.value("name") {
            guard name.contains(where: { $0.isLetter || $0.isNumber }) else {
                throw UsageError.invalidValue(value: name, option: arguments.synopsis(of: "name"),
                                              reason: "expected at least one letter or digit.")
            }
            query.name = name
        }
        let counts = 0...1_000_000
        query.minGoals = try arguments.integer("min-goals", in: counts)
        query.maxGoals = try arguments.integer("max-goals", in: counts)
        query.minAssists = try arguments.integer("min-assists", in: counts)
        query.maxAssists = try arguments.integer("max-assists", in: counts)
        query.minAge = try arguments.integer("min-age", in: 0...200)
        query.maxAge = try arguments.integer("max-age", in: 0...200)
        for (low, high) in [("min-goals", "max-goals"), ("min-assists", "max-assists"), ("min-age", "max-age")] {
            if let minimum = arguments.value(low).flatMap({ Int($0) }),
                let maximum = arguments.value(high).flatMap({ Int($0) }), minimum > maximum
            {
                throw UsageError.emptyRange(low: "--\(low) \(minimum)", high: "--\(high) \(maximum)")
            }
        }
        if let sort = arguments.value("sort") {
            query.sort = try QueryCommand.parseSort(sort, option: arguments.synopsis(of: "sort"))
        }
        let page = try arguments.integer("page", in: 1...1_000_000_000)
        let perPage = try arguments.integer("per-page", in: 1...1000)
        if arguments.flag("all") {
            if arguments.value("page") != nil { throw UsageError.conflictingOptions("--all", "--page") }
            if arguments.value("per-page") != nil { throw UsageError.conflictingOptions("--all", "--per-page") }
            query.paging = .all
        } else {
            query.paging = .page(page ?? 1, perPage: perPage ?? 20)
        }
        self.query = query
        format = try arguments.parsed("format", expecting: "one of table, json, ndjson, csv") {
            ListFormat(rawValue: $0)
        } ?? .table
    }

    /// `goals:desc,name` → goals descending, then name ascending.
    static func parseSort(_ text: String, option: String) throws -> [SortOrder] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
            let parts = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let keyText = parts[0].trimmingSpaces.lowercased()
            guard let key = SortKey(rawValue: keyText) else {
                throw UsageError.invalidValue(
                    value: text, option: option,
                    reason: "unknown sort key '\(keyText)'; valid keys: \(sortKeyNames).")
            }
            let direction = parts.count > 1 ? parts[1].trimmingSpaces.lowercased() : "asc"
            guard direction == "asc" || direction == "desc" else {
                throw UsageError.invalidValue(
                    value: text, option: option, reason: "unknown direction '\(direction)'; use asc or desc.")
            }
            return SortOrder(key, descending: direction == "desc")
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRoster(.read)
        let maxWidth = context.terminal.stdoutIsTerminal ? context.terminal.width : nil
        var renderer = format.makeListRenderer(maxWidth: maxWidth)
        var paging = PageInfo.all(total: 0)
        try roster.run(
            query,
            begin: { facts in
                paging = facts
                try context.output.write(renderer.begin(facts))
            },
            row: { player in
                try context.output.write(renderer.row(player, age: player.age(on: query.asOf)))
            })
        try context.output.write(renderer.end(paging))
        return .success
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
