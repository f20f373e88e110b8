/// A player with the values a store derives from its fields (`foldedFields`: the name, nationality and club folded
/// by `NameFolding`), folded where it costs least: a bulk load folds them on its reading thread, so that the writing
/// thread, the one the whole load waits on, only stores them; an import into a filled roster, where most records
/// change nothing, folds only the rows it writes.
package struct PlayerRow: Sendable {
    package let player: Player
    /// `foldedFields`' values, in that order, when folded already.
    private let folded: [String?]?

    /// The fields a store keeps folded beside their text, to sort, match and search by; a row's `foldedValues` are
    /// theirs, in this order.
    package static let foldedFields: [PlayerField] = [.name, .nationality, .club]

    /// The row, its folded values folded now when `foldingNow`, else when written.
    package init(_ player: Player, foldingNow: Bool = true) {
        self.player = player
        folded = foldingNow ? PlayerRow.fold(player) : nil
    }

    /// `foldedFields`' values, in that order; nil for an unknown one.
    package var foldedValues: [String?] {
        folded ?? PlayerRow.fold(player)
    }

    /// The folded name: what finds the player by name and birth date.
    package var sortName: String {
        folded?[0] ?? player.sortName
    }

    private static func fold(_ player: Player) -> [String?] {
        foldedFields.map { field in
            guard case .text(let text) = player[field] else { return nil }
            return NameFolding.fold(text)
        }
    }
}
