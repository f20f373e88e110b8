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
        var clause = Clause(writesSQL: true)
        build(&clause, foldingOnTheFly: foldingOnTheFly)
        return (
            clause.conditions.isEmpty ? "" : " WHERE " + clause.conditions.joined(separator: " AND "), clause.values
        )
    }

    /// The values of `whereClause(foldingOnTheFly:)` alone, without its text, and what that text depends on: the
    /// conditions it would hold, each with the number of its values. Criteria of one shape share one statement;
    /// the shape comes from the pass that writes the text, so that no condition can be missing from it.
    func whereValues(foldingOnTheFly: Bool) -> (values: [DatabaseValue], shape: Shape) {
        var clause = Clause(writesSQL: false)
        build(&clause, foldingOnTheFly: foldingOnTheFly)
        return (clause.values, Shape(conditions: clause.shape, foldingOnTheFly: foldingOnTheFly))
    }

    /// What the text of a WHERE clause depends on (`whereValues(foldingOnTheFly:)`).
    struct Shape: Hashable {
        fileprivate let conditions: [ConditionShape]
        fileprivate let foldingOnTheFly: Bool
    }

    /// One condition of a WHERE clause: which it is (what its text is made of besides its placeholders) and how many
    /// values it takes.
    fileprivate struct ConditionShape: Hashable {
        let kind: ConditionKind
        let values: Int
    }

    /// What a condition's text is made of, besides its placeholders: every kind of condition `build` writes.
    fileprivate enum ConditionKind: Hashable {
        case positions
        case folded(PlayerField)
        case nameSearch
        case noName
        case bound(String)
    }

    /// Whether the WHERE clause reads a folded column (a nationality or club key, or the name search), whose text
    /// then depends on `foldingOnTheFly`; no other filter does.
    var readsFoldedColumns: Bool {
        foldedValues.values.contains { !$0.isEmpty } || nameSearches.contains { !$0.isEmpty }
    }

    /// A WHERE clause being built: its values, and its conditions' text unless only the values are wanted, in which
    /// case their shape.
    private struct Clause {
        let writesSQL: Bool
        var conditions: [String] = []
        var values: [DatabaseValue] = []
        var shape: [ConditionShape] = []

        /// A condition of `kind` on `parameters`, whose text `sql` makes of their placeholders (`?3`, `?4`, …),
        /// asked only when the text is written.
        mutating func add(
            _ kind: ConditionKind, _ parameters: [DatabaseValue], _ sql: (_ placeholders: [String]) -> String
        ) {
            let first = values.count + 1
            values += parameters
            if writesSQL {
                conditions.append(sql((first..<first + parameters.count).map { "?\($0)" }))
            } else {
                shape.append(ConditionShape(kind: kind, values: parameters.count))
            }
        }
    }

    private func build(_ clause: inout Clause, foldingOnTheFly: Bool) {
        if !positionCodes.isEmpty {
            clause.add(.positions, positionCodes.map(DatabaseValue.text)) {
                "position IN (\($0.joined(separator: ", ")))"
            }
        }
        for (field, keys) in foldedValues.sorted(by: { $0.key < $1.key }) where !keys.isEmpty {
            guard let column = DerivedColumn.folding(field) else {
                preconditionFailure("\(field.name) has no folded column")
            }
            clause.add(.folded(field), keys.map(DatabaseValue.text)) { placeholders in
                let keys = placeholders.joined(separator: ", ")
                return foldingOnTheFly
                    ? "(\(column.rawValue) IN (\(keys)) OR (\(column.missingCondition) "
                        + "AND rosterdb_fold(\(field.name)) IN (\(keys))))"
                    : "\(column.rawValue) IN (\(keys))"
            }
        }
        if !nameSearches.isEmpty {
            let searches = nameSearches.filter { !$0.isEmpty }
            if searches.isEmpty {
                clause.add(.noName, []) { _ in "0" }
            } else {
                // The search index holds no words for a row whose sort_name is missing.
                var parameters = [DatabaseValue.text(PlayerCriteria.searchExpression(searches))]
                if foldingOnTheFly { parameters.append(.text(PlayerCriteria.wordQuery(searches))) }
                clause.add(.nameSearch, parameters) { placeholders in
                    let search =
                        "id IN (SELECT rowid FROM players_search WHERE players_search MATCH \(placeholders[0]))"
                    return foldingOnTheFly
                        ? "(\(search) OR (sort_name IS NULL AND rosterdb_words_match(name, \(placeholders[1]))))"
                        : search
                }
            }
        }
        let bounds: [(String, DatabaseValue?)] = [
            ("goals >=", minGoals.map { .integer(Int64($0)) }), ("goals <=", maxGoals.map { .integer(Int64($0)) }),
            ("assists >=", minAssists.map { .integer(Int64($0)) }),
            ("assists <=", maxAssists.map { .integer(Int64($0)) }),
            ("birth_date <=", birthDateAtMost.map { .text($0) }), ("birth_date >", birthDateAfter.map { .text($0) }),
        ]
        for case let (comparison, value?) in bounds {
            clause.add(.bound(comparison), [value]) { "\(comparison) \($0[0])" }
        }
    }

    /// The FTS5 query: each word quoted as a string (so no character of it is FTS syntax) and marked as a prefix,
    /// the words of one search together, the searches joined by OR.
    static func searchExpression(_ searches: [[String]]) -> String {
        searches.map { words in
            "("
                + words.map {
                    "\""
                        + $0.split(separator: "\"", omittingEmptySubsequences: false)
                        .joined(separator: "\"\"") + "\"*"
                }.joined(separator: " ") + ")"
        }.joined(separator: " OR ")
    }

    /// The searches as `rosterdb_words_match` reads them: words separated by spaces, searches by line feeds (folded
    /// words hold neither).
    static func wordQuery(_ searches: [[String]]) -> String {
        searches.map { $0.joined(separator: " ") }.joined(separator: "\n")
    }
}
