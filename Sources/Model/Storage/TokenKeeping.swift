/// The API tokens of one snapshot of a store (`serve` asks for one of them on writes): read in any snapshot, added
/// and removed only inside a write transaction. Errors are `StorageError`s.
package protocol TokenKeeping: AnyObject {
    /// Every token, by name.
    func tokens() throws -> [StoredToken]
    /// The token whose hash is `hash`, if any.
    func token(hash: String) throws -> StoredToken?
    /// The token named `name`, if any.
    func token(named name: String) throws -> StoredToken?
    /// Whether the roster has any token at all: without one, `serve` takes writes from anyone who reaches it.
    func hasTokens() throws -> Bool
    /// Adds a token, created now; its name and hash must be free.
    func insertToken(name: String, hash: String, isReadOnly: Bool) throws
    /// Removes the token named `name`; returns whether there was one.
    func deleteToken(named name: String) throws -> Bool
}
