import RosterFormats
import RosterModel

extension ImportOptions {
    /// The query parameters of the API's import, each an option of `import` in the query's spelling
    /// (`--same-player` is `same_player`). `--lookup`, `--map-file` and `--changes` name files, which a request
    /// cannot give; `--history` restores into an empty roster only.
    package static let queryParameters = [
        "format", "delimiter", "records", "map", "value_map", "null", "skip_where", "keep_where", "date_format",
        "same_player", "match", "only", "prune", "max_prune", "dry_run", "skip_invalid",
    ]
    /// Those that may be given more than once, as their options may.
    private static let repeatable: Set<String> = ["map", "value_map", "null", "skip_where", "keep_where"]

    /// The options `items` (name and value, in the order sent) give, by the rules of `import`'s options and with
    /// their messages; a flag (`prune`, `dry_run`, `skip_invalid`) is on with `1` or `true`, or with no value.
    package init(query items: [(name: String, value: String)]) throws(QueryStringError) {
        self.init()
        var values: [String: [String]] = [:]
        for (name, value) in items {
            guard Self.queryParameters.contains(name) else {
                throw .unknown(name, known: Self.queryParameters)
            }
            if values[name] != nil && !Self.repeatable.contains(name) { throw .repeated(name) }
            values[name, default: []].append(value)
        }
        func one(_ name: String) -> String? { values[name]?.first }
        func parsed<T>(_ name: String, _ parse: (String) -> Result<T, RecordMapping.Refused>) throws(QueryStringError)
            -> [T]
        {
            try (values[name] ?? []).map { (value) throws(QueryStringError) in
                switch parse(value) {
                case .success(let result): return result
                case .failure(let refused): throw .invalid(name, value: value, reason: refused.reason)
                }
            }
        }
        format = try QueryString.choice(one("format"), of: InputFormat.self, for: "format")
        delimiter = try one("delimiter").map { (value) throws(QueryStringError) in
            // `,` `;` `|` as the option takes them, or `tab`; also by name, as a query spells them more easily.
            if let delimiter = CSVDelimiter(rawValue: value.lowercased())
                ?? CSVDelimiter.allCases.first(where: { "\($0)" == value.lowercased() })
            {
                return delimiter
            }
            throw .invalid(
                "delimiter", value: value,
                reason: "expected one of , ; | or tab (comma, semicolon, pipe, tab).")
        }
        records = try parsed("records", JSONPaths.recordsPath).first ?? []
        for (field, source) in try parsed("map", RecordMapping.source) {
            if mapping.sources[field] != nil { throw .repeated("map \(field.name)") }
            mapping.sources[field] = source
        }
        for (field, map) in try parsed("value_map", RecordMapping.valueMap) {
            if mapping.valueMaps[field] != nil { throw .repeated("value_map \(field.name)") }
            mapping.valueMaps[field] = map
        }
        mapping.nullTokens = values["null"] ?? []
        mapping.rowFilters =
            try parsed("skip_where") { RowFilter.parse($0, keepsMatches: false) }
            + parsed("keep_where") { RowFilter.parse($0, keepsMatches: true) }
        if let text = one("date_format") {
            do throws(DateFormat.Refused) {
                dateFormat = try DateFormat(parsing: text)
            } catch {
                throw .invalid("date_format", value: text, reason: error.reason)
            }
        }
        samePlayer =
            try QueryString.choice(one("same_player"), of: SamePlayerPolicy.self, for: "same_player") ?? .refuse
        match = try QueryString.choice(one("match"), of: PlayerMatch.self, for: "match")
        only = try parsed("only", RecordMapping.fieldList).first
        prune = try Self.flag(one("prune"), for: "prune")
        if let text = one("max_prune") {
            guard let percent = Double(text), (0...100).contains(percent) else {
                throw .invalid("max_prune", value: text, reason: "expected a percentage from 0 to 100.")
            }
            guard prune else { throw .conflicting("max_prune", with: "prune=0", because: "which it limits") }
            maxPrunePercent = percent
        }
        dryRun = try Self.flag(one("dry_run"), for: "dry_run")
        skipInvalid = try Self.flag(one("skip_invalid"), for: "skip_invalid")
        if only != nil && prune {
            throw .conflicting("only", with: "prune", because: "which removes the players a feed of some fields lacks")
        }
        if !records.isEmpty, let format, format != .json {
            throw .conflicting("records", with: "format=\(format.rawValue)", because: "which has no JSON object")
        }
    }

    /// A flag's value: on with `1`, `true` or nothing, off with `0` or `false` or when not given.
    private static func flag(_ value: String?, for name: String) throws(QueryStringError) -> Bool {
        switch value?.lowercased() {
        case nil, "0", "false": return false
        case "", "1", "true": return true
        case let other?: throw .invalid(name, value: other, reason: "expected 1 or 0 (true or false).")
        }
    }
}
