import RosterModel

extension PlayerRepository {
    /// The distinct keys of the field's folded column, one seek of its index each (a roster of millions holds a few
    /// hundred clubs), and the text of the first player found with each key.
    package func knownValues(of field: PlayerField) throws -> [KnownValue] {
        let statement = try connection.cached(Self.knownValuesSQL(field))
        defer { statement.reset() }
        var values: [KnownValue] = []
        while try statement.step() {
            guard let text = statement.optionalText(at: 1) else { continue }
            values.append(KnownValue(key: statement.text(at: 0), text: text))
        }
        return values
    }

    /// The SELECT of `knownValues(of:)`: a walk from one key to the next, each step `min(key) WHERE key > previous`,
    /// which the index answers without reading the entries in between.
    static func knownValuesSQL(_ field: PlayerField) -> String {
        guard let column = DerivedColumn.folding(field), column != .sortName else {
            preconditionFailure("\(field.name) has no folded column of a few values")
        }
        let key = column.rawValue
        return """
            WITH RECURSIVE keys(key) AS (
                SELECT min(\(key)) FROM players WHERE \(key) IS NOT NULL
                UNION ALL
                SELECT (SELECT min(\(key)) FROM players WHERE \(key) > keys.key) FROM keys WHERE keys.key IS NOT NULL
            )
            SELECT key, (SELECT \(field.name) FROM players WHERE \(key) = keys.key LIMIT 1) FROM keys
            WHERE key IS NOT NULL
            """
    }
}
