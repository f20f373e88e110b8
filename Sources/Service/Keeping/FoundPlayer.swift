import RosterModel

/// A player as `edit` and `remove` find it: read by rosterdb's rules, or, when named by id, stored by another program
/// with a value that breaks them, which rosterdb cannot read as a `Player` but can still correct or remove.
package enum FoundPlayer: Sendable {
    case readable(Player)
    /// The stored values as text (`PlayerReading.storedTexts(id:)`), and each value that breaks the rules with
    /// what is wrong with it, joined by `; ` (`goals '-500', which is not from 0 to 1,000,000; position 'XX', which
    /// is not a position`).
    case unreadable(id: Int64, texts: StoredTexts, problem: String)

    package var id: Int64 {
        switch self {
        case .readable(let player): player.id!
        case .unreadable(let id, _, _): id
        }
    }

    /// The player, when it could be read.
    package var player: Player? {
        if case .readable(let player) = self { player } else { nil }
    }

    /// The value of `field` as a user writes it; nil when unknown.
    package func text(_ field: PlayerField) -> String? {
        switch self {
        case .readable(let player): player[field]?.text
        case .unreadable(_, let texts, _): texts.values[field]
        }
    }

    /// The fields whose stored text is not UTF-8: shown as `text(_:)` gives them, never written back.
    package var notUTF8: Set<PlayerField> {
        if case .unreadable(_, let texts, _) = self { texts.notUTF8 } else { [] }
    }
}
