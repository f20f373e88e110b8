/// A condition players must meet to be listed, as a front end was given it (`--min-goals 3`, `nationality=Japan`):
/// the one value a filter is, from its parameter (`QueryParameter`) to its SQL (`PlayerCriteria`). Each place that
/// handles filters switches over these cases without a `default`, so that a new one is a compile error until every
/// place knows it.
package enum PlayerFilter: Hashable, Sendable {
    /// Any of these positions; a line matches every role on it.
    case positions([Position])
    /// Any of these nationalities, each compared whole, ignoring case and accents.
    case nationalities([String])
    /// Any of these clubs, compared as nationalities are.
    case clubs([String])
    /// Clubs that start with any of these texts, compared as clubs are (`man` finds Man City and Man Utd).
    case clubPrefixes([String])
    /// Any of these name searches: each holds words that must all start some word of the name, ignoring case and
    /// accents.
    case names([String])
    case minGoals(Int)
    case maxGoals(Int)
    case minAssists(Int)
    case maxAssists(Int)
    /// Age bounds in whole years on the query's as-of day; players with no birth date, or not born by then, never
    /// match them.
    case minAge(Int)
    case maxAge(Int)

    /// A number a filter bounds.
    package enum Quantity: Sendable {
        case goals, assists, age
    }

    /// For a bound on a number: which, whether it is the least the number may be, and the bound.
    package var bound: (quantity: Quantity, isLeast: Bool, value: Int)? {
        switch self {
        case .positions, .nationalities, .clubs, .clubPrefixes, .names: nil
        case .minGoals(let value): (.goals, true, value)
        case .maxGoals(let value): (.goals, false, value)
        case .minAssists(let value): (.assists, true, value)
        case .maxAssists(let value): (.assists, false, value)
        case .minAge(let value): (.age, true, value)
        case .maxAge(let value): (.age, false, value)
        }
    }
}
