import RosterModel

/// `PlayerCriteria` as SQL: the WHERE clause of the players table, each filter written by one case of `build`.
/// Every value is bound, never spliced into SQL.
extension PlayerCriteria {
    /// The WHERE clause (empty when everything matches) and the values for its parameters, which it numbers
    /// `?1`, `?2`, … so that a statement may number further ones and use them before it (in a SELECT list). With
    /// `foldingOnTheFly`, rows whose derived values are missing (another tool wrote them) match too. With
    /// `pastNames`, the players are the roster as it was (`RosterDatabase.readAsOf`), whose names of then that differ
    /// from today's are searched in `past_names` (those of the players in `past_named`).
    func whereClause(foldingOnTheFly: Bool, pastNames: Bool = false) -> (sql: String, values: [DatabaseValue]) {
        var clause = Clause(writesSQL: true)
        build(&clause, foldingOnTheFly: foldingOnTheFly, pastNames: pastNames)
        return (
            clause.conditions.isEmpty ? "" : " WHERE " + clause.conditions.joined(separator: " AND "), clause.values
        )
    }

    /// The values of `whereClause(foldingOnTheFly:)` alone, without its text, and what that text depends on: the
    /// conditions it would hold, each with the number of its values. Criteria of one shape share one statement;
    /// the shape comes from the pass that writes the text, so that no condition can be missing from it.
    func whereValues(foldingOnTheFly: Bool, pastNames: Bool = false) -> (values: [DatabaseValue], shape: Shape) {
        var clause = Clause(writesSQL: false)
        build(&clause, foldingOnTheFly: foldingOnTheFly, pastNames: pastNames)
        return (
            clause.values, Shape(conditions: clause.shape, foldingOnTheFly: foldingOnTheFly, pastNames: pastNames)
        )
    }

    /// What the text of a WHERE clause depends on (`whereValues(foldingOnTheFly:pastNames:)`).
    struct Shape: Hashable {
        fileprivate let conditions: [ConditionShape]
        fileprivate let foldingOnTheFly: Bool
        fileprivate let pastNames: Bool
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
        case foldedPrefixes(PlayerField)
        case nameSearch
        case noName
        case bound(String)
    }

    /// Whether the WHERE clause reads a folded column (a nationality or club key, or the name search), whose text
    /// then depends on `foldingOnTheFly`; no other filter does.
    var readsFoldedColumns: Bool {
        filters.contains { filter in
            switch filter {
            case .nationalities(let values), .clubs(let values), .clubPrefixes(let values): !values.isEmpty
            case .names(let texts): texts.contains { !NameFolding.words($0).isEmpty }
            case .positions, .minGoals, .maxGoals, .minAssists, .maxAssists, .minAge, .maxAge: false
            }
        }
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

        /// A column compared with one value (`goals >=`).
        mutating func addBound(_ comparison: String, _ value: DatabaseValue) {
            add(.bound(comparison), [value]) { "\(comparison) \($0[0])" }
        }
    }

    private func build(_ clause: inout Clause, foldingOnTheFly: Bool, pastNames: Bool) {
        for filter in filters {
            switch filter {
            case .positions(let positions):
                var codes: [String] = []
                for position in positions.flatMap(\.matchingPositions) where !codes.contains(position.code) {
                    codes.append(position.code)
                }
                if !codes.isEmpty {
                    clause.add(.positions, codes.map(DatabaseValue.text)) {
                        "position IN (\($0.joined(separator: ", ")))"
                    }
                }
            case .nationalities(let values):
                addFolded(.nationality, values, to: &clause, foldingOnTheFly: foldingOnTheFly)
            case .clubs(let values): addFolded(.club, values, to: &clause, foldingOnTheFly: foldingOnTheFly)
            case .clubPrefixes(let texts):
                addFoldedPrefixes(.club, texts, to: &clause, foldingOnTheFly: foldingOnTheFly)
            case .names(let texts):
                addNameSearch(texts, to: &clause, foldingOnTheFly: foldingOnTheFly, pastNames: pastNames)
            case .minGoals(let goals): clause.addBound("goals >=", .integer(Int64(goals)))
            case .maxGoals(let goals): clause.addBound("goals <=", .integer(Int64(goals)))
            case .minAssists(let assists): clause.addBound("assists >=", .integer(Int64(assists)))
            case .maxAssists(let assists): clause.addBound("assists <=", .integer(Int64(assists)))
            case .minAge(let age):
                // At least N years old: born on or before the as-of day N years back.
                clause.addBound("birth_date <=", .text(asOf.latestBirthDate(forAge: age)))
            case .maxAge(let age):
                // At most N years old: not yet N+1, so born after the as-of day N+1 years back — and born by the
                // as-of day, as someone not yet born has no age.
                clause.addBound("birth_date >", .text(asOf.latestBirthDate(forAge: age + 1)))
                clause.addBound("birth_date <=", .text(asOf.description))
            }
        }
    }

    /// Folded values of a field with a folded column (nationality, club): a row matches when any is exactly the row's
    /// folded value. None matches every row.
    private func addFolded(
        _ field: PlayerField, _ values: [String], to clause: inout Clause, foldingOnTheFly: Bool
    ) {
        guard !values.isEmpty else { return }
        guard let column = DerivedColumn.folding(field) else {
            preconditionFailure("\(field.name) has no folded column")
        }
        clause.add(.folded(field), values.map { .text(NameFolding.fold($0)) }) { placeholders in
            let keys = placeholders.joined(separator: ", ")
            return foldingOnTheFly
                ? "(\(column.rawValue) IN (\(keys)) OR (\(column.missingCondition) "
                    + "AND rosterdb_fold(\(field.name)) IN (\(keys))))"
                : "\(column.rawValue) IN (\(keys))"
        }
    }

    /// Folded prefixes of a field with a folded column (a club): a row matches when its folded value starts with any
    /// of them. Each is a range of the column, `key >= prefix AND key < prefix + U+10FFFF` (the largest character,
    /// whose UTF-8 bytes come after those of any other), which its index walks; none matches every row.
    private func addFoldedPrefixes(
        _ field: PlayerField, _ texts: [String], to clause: inout Clause, foldingOnTheFly: Bool
    ) {
        guard !texts.isEmpty else { return }
        guard let column = DerivedColumn.folding(field) else {
            preconditionFailure("\(field.name) has no folded column")
        }
        let bounds = texts.flatMap { text -> [DatabaseValue] in
            let prefix = NameFolding.fold(text)
            return [.text(prefix), .text(prefix + "\u{10FFFF}")]
        }
        clause.add(.foldedPrefixes(field), bounds) { placeholders in
            func ranges(_ key: String) -> String {
                stride(from: 0, to: placeholders.count, by: 2).map {
                    "(\(key) >= \(placeholders[$0]) AND \(key) < \(placeholders[$0 + 1]))"
                }.joined(separator: " OR ")
            }
            return foldingOnTheFly
                ? "(\(ranges(column.rawValue)) OR (\(column.missingCondition) "
                    + "AND (\(ranges("rosterdb_fold(\(field.name))")))))"
                : "(\(ranges(column.rawValue)))"
        }
    }

    /// Name searches, any of which matches: the words of each must all be the prefix of some word of the row's folded
    /// name. A search without letters or digits matches nothing; no search matches every row.
    private func addNameSearch(_ texts: [String], to clause: inout Clause, foldingOnTheFly: Bool, pastNames: Bool) {
        guard !texts.isEmpty else { return }
        let searches = texts.map(NameFolding.words).filter { !$0.isEmpty }
        guard !searches.isEmpty else {
            clause.add(.noName, []) { _ in "0" }
            return
        }
        // The search index holds no words for a row whose sort_name is missing.
        var parameters = [DatabaseValue.text(PlayerCriteria.searchExpression(searches))]
        if foldingOnTheFly { parameters.append(.text(PlayerCriteria.wordQuery(searches))) }
        clause.add(.nameSearch, parameters) { placeholders in
            var search = "id IN (SELECT rowid FROM players_search WHERE players_search MATCH \(placeholders[0]))"
            if pastNames {
                search =
                    "((\(search) AND id NOT IN (SELECT id FROM past_named)) "
                    + "OR id IN (SELECT rowid FROM past_names WHERE past_names MATCH \(placeholders[0])))"
            }
            return foldingOnTheFly
                ? "(\(search) OR (sort_name IS NULL AND rosterdb_words_match(name, \(placeholders[1]))))"
                : search
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
