import RosterFormats

/// A query parameter of the API's import (`POST /api/import`): an option of `import` in the query's spelling
/// (`--same-player` is `same_player`), read by `ImportOptions(query:)` with the option's rules and messages, and
/// described by the API's document. `--lookup`, `--map-file` and `--changes` name files, which a request cannot give;
/// `--history` restores into an empty roster only.
package enum ImportParameter: String, CaseIterable, Sendable {
    case format, delimiter, records, map
    case valueMap = "value_map"
    case null
    case skipWhere = "skip_where"
    case keepWhere = "keep_where"
    case dateFormat = "date_format"
    case samePlayer = "same_player"
    case match, only, prune
    case maxPrune = "max_prune"
    case dryRun = "dry_run"
    case skipInvalid = "skip_invalid"

    /// What a value may be.
    package enum Value: Sendable {
        /// On with `1`, `true` or nothing; off with `0` or `false`.
        case flag
        /// One of these words.
        case choice([String])
        /// A percentage, from 0 to 100.
        case percentage
        /// Text read as the option reads it.
        case text
    }

    package var value: Value {
        switch self {
        case .format: .choice(InputFormat.allCases.map(\.rawValue))
        case .delimiter: .choice(CSVDelimiter.allCases.flatMap { [$0.rawValue, "\($0)"] }.uniqued())
        case .samePlayer: .choice(SamePlayerPolicy.allCases.map(\.rawValue))
        case .match: .choice(PlayerMatch.allCases.map(\.rawValue))
        case .prune, .dryRun, .skipInvalid: .flag
        case .maxPrune: .percentage
        case .records, .map, .valueMap, .null, .skipWhere, .keepWhere, .dateFormat, .only: .text
        }
    }

    /// Whether it may be given more than once, as its option may.
    package var isRepeatable: Bool {
        switch self {
        case .map, .valueMap, .null, .skipWhere, .keepWhere: true
        case .format, .delimiter, .records, .dateFormat, .samePlayer, .match, .only, .prune, .maxPrune, .dryRun,
            .skipInvalid:
            false
        }
    }

    /// The option of `import` it stands for: `--same-player`.
    package var option: String { "--" + QueryParameter.Spelling.optionName(rawValue) }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
