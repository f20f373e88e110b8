/// What the roster holds under an id, against the player a record describes.
package enum StoredPlayer {
    /// No player has the id.
    case absent
    /// A player with exactly the record's values.
    case same
    /// The stored player, to compare with the record's: its values differ somewhere, or were not compared in place.
    case other(Player)
}
