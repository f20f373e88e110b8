/// Which rows of the players table to select, in storage terms; every value is bound, never spliced into SQL.
public struct PlayerCriteria: Sendable, Equatable {
    /// Position codes to match; empty matches all.
    public var positionCodes: [String] = []
    /// Compared case-insensitively (ASCII letters) and exactly.
    public var nationality: String?
    /// Folded words; each must be the prefix of some word of the player's folded name. Nil filters nothing; an
    /// empty list (a search with no letters or digits) matches nothing.
    public var nameWords: [String]?
    public var minGoals: Int?
    public var maxGoals: Int?
    public var minAssists: Int?
    public var maxAssists: Int?
    /// Inclusive upper bound on the `yyyy-MM-dd` birth date text.
    public var birthDateAtMost: String?
    /// Exclusive lower bound on the `yyyy-MM-dd` birth date text.
    public var birthDateAfter: String?

    public init() {}

    /// The WHERE clause (empty when everything matches) and the values for its parameters, in order.
    func whereClause() -> (sql: String, values: [DatabaseValue]) {
        var conditions: [String] = []
        var values: [DatabaseValue] = []
        func add(_ condition: String, _ newValues: [DatabaseValue]) {
            conditions.append(condition)
            values += newValues
        }
        if !positionCodes.isEmpty {
            let marks = Array(repeating: "?", count: positionCodes.count).joined(separator: ", ")
            add("position IN (\(marks))", positionCodes.map { .text($0) })
        }
        if let nationality { add("nationality = ? COLLATE NOCASE", [.text(nationality)]) }
        if let nameWords {
            if nameWords.isEmpty {
                add("0", [])
            } else {
                add("id IN (SELECT rowid FROM players_search WHERE players_search MATCH ?)", [.text(searchExpression)])
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

    /// The FTS5 query: each word quoted as a string (so no character of it is FTS syntax) and marked as a prefix.
    var searchExpression: String {
        (nameWords ?? []).map { word in
            "\"" + word.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\"*"
        }.joined(separator: " ")
    }
}
