/// What an import does with a second record of a player it has already read (`import --same-player`): the same id,
/// the same ref, or the same name and birth date where neither is given — a player in several tournaments' squads.
package enum SamePlayerPolicy: String, CaseIterable, Sendable {
    /// The second record is invalid, naming the first: a feed should name each player once.
    case refuse
    /// The first record stands; later ones are counted (`same_player_records`) and otherwise ignored.
    case first
    /// Each record of the player is written over the one before; the last stands. The player still makes one
    /// change, from what it was before the import, and later records are counted (`same_player_records`).
    case last
}
