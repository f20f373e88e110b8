/// A value another program stored that breaks rosterdb's rules: its player's id, and the field with the value and
/// what is wrong with it (`goals '-500', which is not from 0 to 1,000,000`).
public struct UnreadableValue: Equatable, Sendable {
    public let player: Int64
    public let description: String

    public init(player: Int64, description: String) {
        self.player = player
        self.description = description
    }
}
