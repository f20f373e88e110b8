/// What a request's token lets it do, as `Roster.access(presenting:)` finds it.
package enum TokenAccess: Sendable, Equatable {
    /// The roster has no token at all: nothing is asked of a request (unless the server asks for one anyway).
    case open
    /// No token was presented, but the roster has tokens.
    case missing
    /// The token presented is none of the roster's (never made, or revoked).
    case unknown
    /// A read-only token: it may read, not write.
    case readOnly(name: String)
    /// A token that may read and write.
    case readWrite(name: String)
}
