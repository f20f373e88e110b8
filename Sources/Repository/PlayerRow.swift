import RosterModel

/// A player with the columns rosterdb derives from its fields (`DerivedColumn`: the folded name, nationality and
/// club), folded once, where it costs least: an import folds them on its reading thread, so that the writing thread,
/// the one the whole import waits on, only binds them.
public struct PlayerRow: Sendable {
    public let player: Player
    /// `DerivedColumn.allCases`' values, in that order.
    let derived: [String?]

    public init(_ player: Player) {
        self.player = player
        derived = DerivedColumn.allCases.map { $0.value(for: player) }
    }

    /// The folded name: what finds the player by name and birth date.
    public var sortName: String {
        derived[PlayerRow.sortNameIndex] ?? ""
    }

    private static let sortNameIndex = DerivedColumn.allCases.firstIndex(of: .sortName)!
}
