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
