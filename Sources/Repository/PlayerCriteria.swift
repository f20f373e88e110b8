import RosterModel

/// Which rows of the players table to select, in storage terms; every value is bound, never spliced into SQL.
public struct PlayerCriteria: Sendable, Hashable {
    /// Position codes to match; empty matches all.
    public var positionCodes: [String] = []
    /// Folded values (`NameFolding`) of text fields that have a folded column (nationality, club): each field's
    /// list matches when any of its values is exactly the player's folded value.
    public var foldedValues: [PlayerField: [String]] = [:]
    /// Name searches, any of which matches: each a list of folded words that must all be the prefix of some word of
    /// the player's folded name. An empty search (no letters or digits) matches nothing.
    public var nameSearches: [[String]] = []
    public var minGoals: Int?
    public var maxGoals: Int?
    public var minAssists: Int?
    public var maxAssists: Int?
    /// Inclusive upper bound on the `yyyy-MM-dd` birth date text.
    public var birthDateAtMost: String?
    /// Exclusive lower bound on the `yyyy-MM-dd` birth date text.
    public var birthDateAfter: String?

    public init() {}

    /// The WHERE clause (empty when everything matches) and the values for its parameters, which it numbers
    /// `?1`, `?2`, … so that a statement may number further ones and use them before it (in a SELECT list). With
    /// `foldingOnTheFly`, rows whose derived values are missing (another tool wrote them) match too.
    func whereClause(foldingOnTheFly: Bool) -> (sql: String, values: [DatabaseValue]) {
        var conditions: [String] = []
        var values: [DatabaseValue] = []
        /// A parameter for `value`.
        func parameter(_ value: DatabaseValue) -> String {
            values.append(value)
            return "?\(values.count)"
        }
        func list(_ texts: [String]) -> String { texts.map { parameter(.text($0)) }.joined(separator: ", ") }
        if !positionCodes.isEmpty {
            conditions.append("position IN (\(list(positionCodes)))")
        }
        for (field, keys) in foldedValues.sorted(by: { $0.key < $1.key }) where !keys.isEmpty {
            guard let column = DerivedColumn.folding(field) else {
                preconditionFailure("\(field.name) has no folded column")
            }
            let keys = list(keys)
            conditions.append(
                foldingOnTheFly
                    ? "(\(column.rawValue) IN (\(keys)) OR (\(column.missingCondition) "
                        + "AND rosterdb_fold(\(field.name)) IN (\(keys))))"
                    : "\(column.rawValue) IN (\(keys))")
        }
        if !nameSearches.isEmpty {
            let searches = nameSearches.filter { !$0.isEmpty }
            if searches.isEmpty {
                conditions.append("0")
            } else {
                let search = "id IN (SELECT rowid FROM players_search WHERE players_search MATCH "
                    + parameter(.text(PlayerCriteria.searchExpression(searches))) + ")"
                // The search index holds no words for a row whose sort_name is missing.
                conditions.append(
                    foldingOnTheFly
                        ? "(\(search) OR (sort_name IS NULL AND rosterdb_words_match(name, "
                            + parameter(.text(PlayerCriteria.wordQuery(searches))) + ")))"
                        : search)
            }
        }
        let bounds: [(String, DatabaseValue?)] = [
            ("goals >=", minGoals.map { .integer(Int64($0)) }), ("goals <=", maxGoals.map { .integer(Int64($0)) }),
            ("assists >=", minAssists.map { .integer(Int64($0)) }),
            ("assists <=", maxAssists.map { .integer(Int64($0)) }),
            ("birth_date <=", birthDateAtMost.map { .text($0) }), ("birth_date >", birthDateAfter.map { .text($0) }),
        ]
        for case let (comparison, value?) in bounds { conditions.append("\(comparison) \(parameter(value))") }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
    }

    /// The FTS5 query: each word quoted as a string (so no character of it is FTS syntax) and marked as a prefix,
    /// the words of one search together, the searches joined by OR.
    static func searchExpression(_ searches: [[String]]) -> String {
        searches.map { words in
            "(" + words.map { "\"" + $0.split(separator: "\"", omittingEmptySubsequences: false)
                .joined(separator: "\"\"") + "\"*" }.joined(separator: " ") + ")"
        }.joined(separator: " OR ")
    }

    /// The searches as `rosterdb_words_match` reads them: words separated by spaces, searches by line feeds (folded
    /// words hold neither).
    static func wordQuery(_ searches: [[String]]) -> String {
        searches.map { $0.joined(separator: " ") }.joined(separator: "\n")
    }
}
