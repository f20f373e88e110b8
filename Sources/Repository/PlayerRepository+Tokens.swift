import RosterModel

/// The API tokens (migration 0017), kept beside the players in the same file and read on the same snapshots.
extension PlayerRepository: TokenKeeping {
    private static let tokenColumns = "name, hash, read_only, created_at"

    package func tokens() throws -> [StoredToken] {
        let statement = try connection.cached("SELECT \(Self.tokenColumns) FROM api_tokens ORDER BY name")
        var tokens: [StoredToken] = []
        while try statement.step() { tokens.append(Self.token(from: statement)) }
        return tokens
    }

    package func token(hash: String) throws -> StoredToken? {
        let statement = try connection.cached("SELECT \(Self.tokenColumns) FROM api_tokens WHERE hash = ?")
        try statement.bind(hash, at: 1)
        return try statement.firstRow(Self.token(from:))
    }

    package func token(named name: String) throws -> StoredToken? {
        let statement = try connection.cached("SELECT \(Self.tokenColumns) FROM api_tokens WHERE name = ?")
        try statement.bind(name, at: 1)
        return try statement.firstRow(Self.token(from:))
    }

    package func hasTokens() throws -> Bool {
        try connection.cached("SELECT EXISTS (SELECT 1 FROM api_tokens)").firstRow { $0.int(at: 0) != 0 } ?? false
    }

    package func insertToken(name: String, hash: String, isReadOnly: Bool) throws {
        let statement = try connection.cached(
            """
            INSERT INTO api_tokens (name, hash, read_only, created_at)
            VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
            """)
        try statement.bind(name, at: 1)
        try statement.bind(hash, at: 2)
        try statement.bind(isReadOnly ? 1 : 0, at: 3)
        try statement.run()
    }

    package func deleteToken(named name: String) throws -> Bool {
        let statement = try connection.cached("DELETE FROM api_tokens WHERE name = ? RETURNING 1")
        try statement.bind(name, at: 1)
        return try statement.firstRow { _ in true } ?? false
    }

    private static func token(from row: Statement) -> StoredToken {
        StoredToken(
            name: row.text(at: 0), hash: row.text(at: 1), isReadOnly: row.int64(at: 2) != 0, created: row.text(at: 3))
    }
}
