/// An API token as the roster keeps it: its name, its hash (never the token itself), whether it may only read, and
/// when it was made.
package struct StoredToken: Sendable, Equatable {
    package let name: String
    /// The token's BLAKE2b-256 hash in lower-case hex (`TokenSecret.hash`).
    package let hash: String
    package let isReadOnly: Bool
    /// When it was created, in UTC: `2026-12-05T21:05:08Z`.
    package let created: String

    package init(name: String, hash: String, isReadOnly: Bool, created: String) {
        self.name = name
        self.hash = hash
        self.isReadOnly = isReadOnly
        self.created = created
    }
}
