import RosterModel

extension PlayerRepository {
    /// The distinct keys of the field's folded column, one seek of its index each (a roster of millions holds a few
    /// hundred clubs), and the text of the first player found with each key.
    package func knownValues(of field: PlayerField) throws -> [KnownValue] {
        try knownValues(of: field, from: "", below: "\u{10FFFF}", limit: -1)
    }

    package func knownValues(of field: PlayerField, startingWith prefix: String, limit: Int) throws -> [KnownValue] {
        let key = NameFolding.fold(prefix)
        return try knownValues(of: field, from: key, below: key + "\u{10FFFF}", limit: limit)
    }

    /// The known values whose keys are from `low` to below `high`, at most `limit` (-1: all).
    private func knownValues(of field: PlayerField, from low: String, below high: String, limit: Int) throws
        -> [KnownValue]
    {
        let statement = try connection.cached(Self.knownValuesSQL(field))
        defer { statement.reset() }
        try statement.bind([.text(low), .text(high), .integer(Int64(limit))])
        var values: [KnownValue] = []
        while try statement.step() {
            guard let text = statement.optionalText(at: 1) else { continue }
            values.append(KnownValue(key: statement.text(at: 0), text: text))
        }
        return values
    }

    /// The SELECT of `knownValues(of:)`: a walk from one key to the next, each step `min(key) WHERE key > previous`,
    /// which the index answers without reading the entries in between; keys from ?1 to below ?2, at most ?3 of them.
    static func knownValuesSQL(_ field: PlayerField) -> String {
        guard let column = DerivedColumn.folding(field), column != .sortName else {
            preconditionFailure("\(field.name) has no folded column of a few values")
        }
        let key = column.rawValue
        return """
            WITH RECURSIVE keys(key) AS (
                SELECT min(\(key)) FROM players WHERE \(key) >= ?1 AND \(key) < ?2
                UNION ALL
                SELECT (SELECT min(\(key)) FROM players WHERE \(key) > keys.key AND \(key) < ?2) FROM keys
                WHERE keys.key IS NOT NULL
                LIMIT ?3
            )
            SELECT key, (SELECT \(field.name) FROM players WHERE \(key) = keys.key LIMIT 1) FROM keys
            WHERE key IS NOT NULL
            """
    }
}
