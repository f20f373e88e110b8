import RosterFormats
import RosterModel

/// What `edit` changes in one player: fields set to new values (as text, read by the import's rules), fields
/// cleared, and counts increased or decreased.
public struct PlayerEdit: Sendable {
    /// New values, as a user writes them.
    public var values: [PlayerField: String] = [:]
    /// Fields to make unknown; only `PlayerField.clearable` ones.
    public var cleared: Set<PlayerField> = []
    /// Amounts to add to counts (`PlayerField.counts`); negative ones take away.
    public var increments: [PlayerField: Int] = [:]

    public init() {}

    /// Whether the edit names no field at all.
    public var isEmpty: Bool { values.isEmpty && cleared.isEmpty && increments.isEmpty }
}

/// A player as `add` and `edit` were given it, refused: everything wrong with it, in the import's words. Each
/// problem's `field` is the field's name (`goals`).
public struct InvalidPlayer: CategorizedError {
    public let problems: [RecordProblem]

    public var category: ErrorCategory { .invalidData }
    public var description: String {
        "nothing was written: the player is invalid"
            + (problems.count == 1 ? "" : " (\(problems.count.groupedDigits) problems)")
    }
}

/// `add` found the player there already: same name (ignoring case and accents) and birth date.
public struct DuplicatePlayer: CategorizedError {
    public let existing: [Player]

    public var category: ErrorCategory { .invalidData }
    public var description: String {
        let ids = existing.compactMap(\.id).map(String.init).joined(separator: ", ")
        return "a player with this name and birth date is already in the roster (id \(ids)); give --allow-duplicate "
            + "to add another"
    }
}
