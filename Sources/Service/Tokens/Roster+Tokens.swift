import RosterModel

/// The API tokens `serve` asks for: made (shown once, kept only as a hash), listed and revoked by the command line,
/// and checked for each request the server takes.
extension Roster {
    /// Makes a token named `name` and keeps its hash; returns the token, which nothing can show again.
    package func createToken(name: String, readOnly: Bool) throws -> String {
        guard TokenName.isValid(name) else { throw TokenError.invalidName(name) }
        let token = try TokenSecret.generate()
        let hash = try TokenSecret.hash(token)
        try store.write(madeBy: "token create") { tokens in
            if try tokens.token(named: name) != nil { throw TokenError.nameTaken(name) }
            try tokens.insertToken(name: name, hash: hash, isReadOnly: readOnly)
        }
        return token
    }

    /// Every token, by name, without its hash.
    package func tokens() throws -> [StoredToken] {
        try store.read { try $0.tokens() }
    }

    /// Removes the token named `name`: from the next request on, the server refuses it.
    package func revokeToken(name: String) throws {
        try store.write(madeBy: "token revoke") { tokens in
            guard try tokens.deleteToken(named: name) else { throw TokenError.notFound(name) }
        }
    }

    /// What the token a request presents (nil: none) lets it do, read from the roster as it is now: a token made or
    /// revoked while a server runs counts from its next request.
    package func access(presenting token: String?) throws -> TokenAccess {
        // Hashed before the read: a token cannot be checked without libsodium, and the read stays short.
        let hash = try token.map(TokenSecret.hash)
        return try store.read { tokens in
            guard try tokens.hasTokens() else { return .open }
            guard let hash else { return .missing }
            // Found by its hash, which tells nothing of the token: a lookup whose time depends on the hash's bytes
            // leaks nothing a guesser can use. The hashes are compared again in constant time all the same.
            guard let stored = try tokens.token(hash: hash), TokenSecret.same(stored.hash, hash) else {
                return .unknown
            }
            return stored.isReadOnly ? .readOnly(name: stored.name) : .readWrite(name: stored.name)
        }
    }
}
