import RosterModel

/// How record field names and CSV column names map to the player's fields: the canonical names and the aliases of
/// `FieldRule`, compared ignoring case and surrounding spaces (`Name`, ` GOALS `).
enum FieldNames {
    /// A name's field, by its place in `fields`, and whether the name is one of its aliases.
    struct Resolution: Sendable {
        let index: Int
        let isAlias: Bool
    }

    /// Every field, in declaration order; `Resolution.index` points into this and `rules`.
    static let fields = PlayerField.allCases
    /// Each field's rule, computed once.
    static let rules = fields.map(\.rule)

    private static let table: [String: Resolution] = {
        var table: [String: Resolution] = [:]
        for (index, rule) in rules.enumerated() {
            table[key(fields[index].name)] = Resolution(index: index, isAlias: false)
            for alias in rule.aliases { table[key(alias.name)] = Resolution(index: index, isAlias: true) }
        }
        return table
    }()

    /// How `field` resolves when a mapping assigned it (never as an alias).
    static func resolution(_ field: PlayerField) -> Resolution? {
        fields.firstIndex(of: field).map { Resolution(index: $0, isAlias: false) }
    }

    /// The field `name` stands for, if any.
    static func resolve(_ name: String) -> Resolution? {
        table[name] ?? table[key(name)]
    }

    /// The form names are compared in: lower case, without surrounding white space.
    static func key(_ name: String) -> String {
        TextRule.trimmed(name).lowercased()
    }

    /// What is wrong with a CSV header: two columns for one field (`Name` and `name`), or no column for a field
    /// every record needs. Nil when nothing is.
    static func headerProblem(_ columns: [String]) -> String? {
        headerProblem(columns, fields: columns.map { resolve($0)?.index }, given: [])
    }

    /// What is wrong with a CSV header whose columns give the fields `fields` says (by their place in `fields`;
    /// nil for a column that gives none), when the fields `given` come from elsewhere (a mapping's template). The
    /// message lists the header's columns as they are.
    static func headerProblem(_ columns: [String], fields meanings: [Int?], given: Set<Int>) -> String? {
        var seen: [Int: Int] = [:]
        for (offset, meaning) in meanings.enumerated() {
            guard let meaning else { continue }
            if let first = seen[meaning] {
                return "columns \(first + 1) ('\(columns[first].shortened(to: 40))') and \(offset + 1) "
                    + "('\(columns[offset].shortened(to: 40))') both mean \(fields[meaning].name)"
            }
            seen[meaning] = offset
        }
        let missing = absentRequiredFields(fields: meanings, given: given)
        guard !missing.isEmpty else { return nil }
        let found =
            columns.prefix(8).map { "'\($0.shortened(to: 40))'" }.joined(separator: ", ")
            + (columns.count > 8 ? ", …" : "")
        return "the header has no \(columnsNamed(missing)), which every record needs (its columns: \(found))"
    }

    /// The fields every record needs that no column gives (`fields` as `headerProblem` takes them) and that do not
    /// come from elsewhere (`given`).
    static func absentRequiredFields(fields meanings: [Int?], given: Set<Int>) -> [PlayerField] {
        let present = Set(meanings.compactMap { $0 })
        return rules.indices.filter { rules[$0].isRequired && !present.contains($0) && !given.contains($0) }
            .map { fields[$0] }
    }

    /// `column 'position'`, `columns 'name' and 'position'`.
    static func columnsNamed(_ missing: [PlayerField]) -> String {
        (missing.count == 1 ? "column " : "columns ") + missing.map { "'\($0.name)'" }.joined(separator: " and ")
    }
}
