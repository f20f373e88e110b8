import RosterModel

/// What the roster holds under an id, against the player a record describes.
public enum StoredPlayer {
    /// No player has the id.
    case absent
    /// A player with exactly the record's values.
    case same
    /// A player whose values differ from the record's somewhere (or only in how their text is encoded).
    case other(Player)
}
