/// What an import reads and writes players through: the store's players themselves, or a bulk load of them. The
/// service asks for one with `PlayerWriting.load(building:_:)` and never knows which it got.
package protocol PlayerStore: AnyObject {
    func count() throws -> Int
    /// Whether there is no player: one probe, where `count()` reads every row.
    func isEmpty() throws -> Bool
    func player(id: Int64) throws -> Player?
    /// The player stored with `player`'s id, compared with it: `.same` when every value is the same to the byte.
    func storedPlayer(comparedWith player: Player, id: Int64) throws -> StoredPlayer
    /// Ends a run of `storedPlayer(comparedWith:id:)`, closing what it kept open.
    func endWalk()
    func player(ref: String) throws -> Player?
    func players(sortName: String, birthDate: CalendarDate?) throws -> [Player]
    func forEachID(_ body: (Int64) throws -> Void) throws
    @discardableResult func insert(_ row: PlayerRow) throws -> Int64
    /// Writes `player` over `stored`, the player stored with its id as read in this write: only what differs.
    func update(_ player: Player, from stored: Player) throws
    func delete(id: Int64) throws
    func renumber(_ id: Int64, to newID: Int64) throws
    func nextFreeID() throws -> Int64
}

extension PlayerStore {
    /// Inserts `player`, its folded values folded here.
    @discardableResult package func insert(_ player: Player) throws -> Int64 {
        try insert(PlayerRow(player))
    }
}
