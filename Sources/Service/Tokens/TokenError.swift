import RosterModel

/// A token that cannot be made, found or removed as asked.
package enum TokenError: CategorizedError, Equatable {
    /// `token create` with a name another token has.
    case nameTaken(String)
    /// `token revoke` with a name no token has.
    case notFound(String)
    /// A name that breaks `TokenName`'s rule.
    case invalidName(String)
    /// libsodium could not be set up: the system gives no randomness.
    case noRandomness

    package var category: ErrorCategory {
        switch self {
        case .nameTaken: .duplicate
        case .notFound: .notFound
        case .invalidName: .usage
        case .noRandomness: .failure
        }
    }

    package var description: String {
        switch self {
        case .nameTaken(let name):
            "a token named '\(name)' exists already; choose another name, or revoke it first (token revoke \(name))"
        case .notFound(let name): "no token is named '\(name)' (token list shows them)"
        case .invalidName(let name): "the token name '\(name)' is invalid: \(TokenName.rule)"
        case .noRandomness: "libsodium could not be initialized (no source of randomness), so no token can be used"
        }
    }
}
