import RosterFormats
import RosterModel

extension ImportOptions {
    /// The options `items` (name and value, in the order sent) give, by the rules of `import`'s options and with
    /// their messages; a flag (`prune`, `dry_run`, `skip_invalid`) is on with `1` or `true`, or with no value.
    package init(query items: [(name: String, value: String)]) throws(QueryStringError) {
        self.init()
        var values: [ImportParameter: [String]] = [:]
        for (name, value) in items {
            guard let parameter = ImportParameter(rawValue: name) else {
                throw .unknown(name, known: ImportParameter.allCases.map(\.rawValue))
            }
            if values[parameter] != nil && !parameter.isRepeatable { throw .repeated(name) }
            values[parameter, default: []].append(value)
        }
        func one(_ parameter: ImportParameter) -> String? { values[parameter]?.first }
        func parsed<T>(_ parameter: ImportParameter, _ parse: (String) -> Result<T, RecordMapping.Refused>)
            throws(QueryStringError) -> [T]
        {
            try (values[parameter] ?? []).map { (value) throws(QueryStringError) in
                switch parse(value) {
                case .success(let result): return result
                case .failure(let refused): throw .invalid(parameter.rawValue, value: value, reason: refused.reason)
                }
            }
        }
        format = try QueryString.choice(one(.format), of: InputFormat.self, for: "format")
        delimiter = try one(.delimiter).map { (value) throws(QueryStringError) in
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
        records = try parsed(.records, JSONPaths.recordsPath).first ?? []
        for (field, source) in try parsed(.map, RecordMapping.source) {
            if mapping.sources[field] != nil { throw .repeated("map \(field.name)") }
            mapping.sources[field] = source
        }
        for (field, map) in try parsed(.valueMap, RecordMapping.valueMap) {
            if mapping.valueMaps[field] != nil { throw .repeated("value_map \(field.name)") }
            mapping.valueMaps[field] = map
        }
        mapping.nullTokens = values[.null] ?? []
        mapping.rowFilters =
            try parsed(.skipWhere) { RowFilter.parse($0, keepsMatches: false) }
            + parsed(.keepWhere) { RowFilter.parse($0, keepsMatches: true) }
        if let text = one(.dateFormat) {
            do throws(DateFormat.Refused) {
                dateFormat = try DateFormat(parsing: text)
            } catch {
                throw .invalid("date_format", value: text, reason: error.reason)
            }
        }
        samePlayer =
            try QueryString.choice(one(.samePlayer), of: SamePlayerPolicy.self, for: "same_player") ?? .refuse
        match = try QueryString.choice(one(.match), of: PlayerMatch.self, for: "match")
        only = try parsed(.only, RecordMapping.fieldList).first
        prune = try Self.flag(one(.prune), for: "prune")
        if let text = one(.maxPrune) {
            guard let percent = Double(text), (0...100).contains(percent) else {
                throw .invalid("max_prune", value: text, reason: "expected a percentage from 0 to 100.")
            }
            guard prune else { throw .conflicting("max_prune", with: "prune=0", because: "which it limits") }
            maxPrunePercent = percent
        }
        dryRun = try Self.flag(one(.dryRun), for: "dry_run")
        skipInvalid = try Self.flag(one(.skipInvalid), for: "skip_invalid")
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
