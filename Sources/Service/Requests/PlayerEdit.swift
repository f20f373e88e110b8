import RosterFormats
import RosterModel

/// What `edit` changes in one player: fields set to new values (as text, read by the import's rules), fields
/// cleared, and counts increased or decreased.
package struct PlayerEdit: Sendable {
    /// New values, as a record gives them: text as a user writes it (`.cell`), or a JSON value as read.
    package var values: [PlayerField: RawValue] = [:]
    /// Fields to make unknown; only `PlayerField.clearable` ones.
    package var cleared: Set<PlayerField> = []
    /// Amounts to add to counts (`PlayerField.counts`); negative ones take away.
    package var increments: [PlayerField: Int] = [:]

    package init() {}

    /// Whether the edit names no field at all.
    package var isEmpty: Bool { values.isEmpty && cleared.isEmpty && increments.isEmpty }
}
