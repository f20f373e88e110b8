import RosterModel

/// A player with the columns rosterdb derives from its fields (`DerivedColumn`: the folded name, nationality and
/// club), folded where it costs least: a bulk load folds them on its reading thread, so that the writing thread, the
/// one the whole load waits on, only binds them; an import into a filled roster, where most records change nothing,
/// folds only the rows it writes.
public struct PlayerRow: Sendable {
    public let player: Player
    /// `DerivedColumn.allCases`' values, in that order, when folded already.
    private let folded: [String?]?

    /// The row, its derived columns folded now when `foldingNow`, else when written.
    public init(_ player: Player, foldingNow: Bool = true) {
        self.player = player
        folded = foldingNow ? PlayerRow.fold(player) : nil
    }

    /// `DerivedColumn.allCases`' values, in that order.
    var derived: [String?] {
        folded ?? PlayerRow.fold(player)
    }

    /// The folded name: what finds the player by name and birth date.
    public var sortName: String {
        folded?[PlayerRow.sortNameIndex] ?? player.sortName
    }

    private static func fold(_ player: Player) -> [String?] {
        DerivedColumn.allCases.map { $0.value(for: player) }
    }

    private static let sortNameIndex = DerivedColumn.allCases.firstIndex(of: .sortName)!
}
