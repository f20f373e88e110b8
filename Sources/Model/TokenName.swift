/// The rule of an API token's name (`token create --name`), checked here and by the roster's schema (migration
/// 0017): 1 to 64 ASCII letters, digits, dots, hyphens or underscores, so that a name is typed, listed and quoted
/// without surprise.
package enum TokenName {
    /// The most characters a name has.
    package static let maximumLength = 64

    /// What a name must be, as the end of an error message.
    package static let rule = "expected 1 to 64 letters, digits, dots, hyphens or underscores."

    /// Whether `name` follows the rule.
    package static func isValid(_ name: String) -> Bool {
        let bytes = name.utf8
        return (1...maximumLength).contains(bytes.count)
            && bytes.allSatisfy { $0.isWordByte || $0 == .period || $0 == .minus }
    }
}
