import RosterModel

/// A player a lookup took because the name given is only the start of their name's words (`salah` for Mohamed
/// Salah), and no other player's name starts so: worth saying, as the user did not name them in full.
package struct PrefixMatch: Hashable, Sendable {
    /// The text given.
    package var given: String
    /// The one player whose name it matches.
    package var player: Player

    package init(given: String, player: Player) {
        self.given = given
        self.player = player
    }

    /// `Taking Mohamed Salah (id 15), the one player whose name matches 'salah'.`: the one wording of every front end.
    package var message: String {
        "Taking \(player.name) (id \(player.id.map(String.init) ?? "?")), the one player whose name matches '\(given)'."
    }
}
