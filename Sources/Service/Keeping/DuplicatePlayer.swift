import RosterModel

/// `add` or `edit` found the player there already: same name (ignoring case and accents) and birth date.
package struct DuplicatePlayer: CategorizedError {
    package let existing: [Player]

    package var category: ErrorCategory { .duplicate }
    package var description: String { description(allowedBy: "--allow-duplicate") }

    /// The message, naming what allows a duplicate where the player was given (`--allow-duplicate` on the command
    /// line).
    package func description(allowedBy allowing: String) -> String {
        let ids = existing.compactMap(\.id).map(String.init).joined(separator: ", ")
        return "a player with this name and birth date is already in the roster (id \(ids)); give \(allowing) "
            + "to have both"
    }
}
