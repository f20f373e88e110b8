/// One field of a player changed: its value before and after, nil when unknown (or, for a player added or removed,
/// when there was no player).
package struct FieldChange: Hashable, Sendable {
    package let field: PlayerField
    package let before: FieldValue?
    package let after: FieldValue?

    package init(_ field: PlayerField, before: FieldValue?, after: FieldValue?) {
        self.field = field
        self.before = before
        self.after = after
    }

    /// The fields whose values differ between `before` and `after` (either may be nil: no player), in the order of
    /// `PlayerField`; the id, which names the player, is never one of them.
    package static func between(_ before: Player?, _ after: Player?) -> [FieldChange] {
        PlayerField.allCases.compactMap { field in
            guard field != .id, before?[field] != after?[field] else { return nil }
            return FieldChange(field, before: before?[field], after: after?[field])
        }
    }
}
