import RosterModel

/// `add` or `edit` found the player there already: same name (ignoring case and accents) and birth date.
package struct DuplicatePlayer: CategorizedError {
    package let existing: [Player]

    package var category: ErrorCategory { .invalidData }
    package var description: String {
        let ids = existing.compactMap(\.id).map(String.init).joined(separator: ", ")
        return "a player with this name and birth date is already in the roster (id \(ids)); give --allow-duplicate "
            + "to have both"
    }
}
