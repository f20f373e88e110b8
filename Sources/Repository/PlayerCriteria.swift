import RosterModel

/// Which rows of the players table to select, in storage terms; every value is bound, never spliced into SQL.
public struct PlayerCriteria: Sendable, Equatable {
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

    /// The WHERE clause (empty when everything matches) and the values for its parameters, in order. With
    /// `foldingOnTheFly`, rows whose derived values are missing (another tool wrote them) match too.
    func whereClause(foldingOnTheFly: Bool) -> (sql: String, values: [DatabaseValue]) {
        var conditions: [String] = []
        var values: [DatabaseValue] = []
        func add(_ condition: String, _ newValues: [DatabaseValue]) {
            conditions.append(condition)
            values += newValues
        }
        func marks(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }
        if !positionCodes.isEmpty {
            add("position IN (\(marks(positionCodes.count)))", positionCodes.map { .text($0) })
        }
        for (field, values) in foldedValues.sorted(by: { $0.key < $1.key }) where !values.isEmpty {
            guard let column = DerivedColumn.folding(field) else {
                preconditionFailure("\(field.name) has no folded column")
            }
            let keys = values.map { DatabaseValue.text($0) }
            let list = marks(keys.count)
            if foldingOnTheFly {
                add(
                    "(\(column.rawValue) IN (\(list)) OR (\(column.missingCondition) "
                        + "AND rosterdb_fold(\(field.name)) IN (\(list))))", keys + keys)
            } else {
                add("\(column.rawValue) IN (\(list))", keys)
            }
        }
        if !nameSearches.isEmpty {
            let searches = nameSearches.filter { !$0.isEmpty }
            if searches.isEmpty {
                add("0", [])
            } else {
                let search = "id IN (SELECT rowid FROM players_search WHERE players_search MATCH ?)"
                if foldingOnTheFly {
                    // The search index holds no words for a row whose sort_name is missing.
                    add(
                        "(\(search) OR (sort_name IS NULL AND rosterdb_words_match(name, ?)))",
                        [.text(PlayerCriteria.searchExpression(searches)), .text(PlayerCriteria.wordQuery(searches))])
                } else {
                    add(search, [.text(PlayerCriteria.searchExpression(searches))])
                }
            }
        }
        if let minGoals { add("goals >= ?", [.integer(Int64(minGoals))]) }
        if let maxGoals { add("goals <= ?", [.integer(Int64(maxGoals))]) }
        if let minAssists { add("assists >= ?", [.integer(Int64(minAssists))]) }
        if let maxAssists { add("assists <= ?", [.integer(Int64(maxAssists))]) }
        if let birthDateAtMost { add("birth_date <= ?", [.text(birthDateAtMost)]) }
        if let birthDateAfter { add("birth_date > ?", [.text(birthDateAfter)]) }
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
