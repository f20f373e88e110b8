/// Some of a player's fields, as bits by their place in `PlayerField.allCases`: what a record gave, read for every
/// record of an import without an allocation.
package struct PlayerFieldSet: Sendable, Equatable {
    private var bits: UInt32 = 0

    package init() {}

    package init(_ fields: some Sequence<PlayerField>) {
        for field in fields { insert(field) }
    }

    package mutating func insert(_ field: PlayerField) {
        bits |= 1 << PlayerFieldSet.bit(field)
    }

    /// Inserts the field at `index` in `PlayerField.allCases`.
    package mutating func insert(fieldAt index: Int) {
        bits |= 1 << UInt32(index)
    }

    package func contains(_ field: PlayerField) -> Bool {
        bits & (1 << PlayerFieldSet.bit(field)) != 0
    }

    package var isEmpty: Bool { bits == 0 }

    /// The fields in `PlayerField.allCases`' order.
    package var fields: [PlayerField] { PlayerField.allCases.filter(contains) }

    private static func bit(_ field: PlayerField) -> UInt32 {
        UInt32(PlayerField.allCases.firstIndex(of: field)!)
    }
}
