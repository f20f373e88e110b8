/// The players an import changes, kept by the store — on disk, not in memory — so that a million changes can be
/// listed once the import is committed.
package protocol ChangeList: AnyObject {
    func record(_ change: PlayerChange) throws
    /// A player added earlier in this import moved to another id.
    func renumber(_ id: Int64, to newID: Int64) throws
    /// The change of player `id` becomes `change` (`import --same-player last`: a later record of the player), in
    /// the place of the first; nil takes it out, as when the later record undid it.
    func replace(_ id: Int64, with change: PlayerChange?) throws
    /// Calls `body` with each change, in the order they were made.
    func forEach(_ body: (PlayerChange) throws -> Void) throws
}
