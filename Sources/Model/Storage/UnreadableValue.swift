/// A value another program stored that breaks rosterdb's rules: its player's id, and the field with the value and
/// what is wrong with it (`goals '-500', which is not from 0 to 1,000,000`).
package struct UnreadableValue: Equatable, Sendable {
    package let player: Int64
    package let description: String

    package init(player: Int64, description: String) {
        self.player = player
        self.description = description
    }
}
