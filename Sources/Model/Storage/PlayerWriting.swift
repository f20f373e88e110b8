/// The players inside a store's write transaction: read as `PlayerReading` reads them (the write's own changes
/// included), and changed. Nothing is seen by others until the transaction commits, and everything is rolled back
/// when it throws.
package protocol PlayerWriting: PlayerReading {
    /// Adds `player` (its id given or, when nil, the next free one); returns its id.
    @discardableResult func insert(_ player: Player) throws -> Int64
    /// Replaces the values of the player with `player.id`.
    func update(_ player: Player) throws
    func delete(id: Int64) throws

    /// Runs `body` — a load of many players, all of it or none — with a store to write them through, in flat
    /// memory: into an empty roster it may be a bulk load that builds the store's indexes once at the end, which
    /// `building` hears of (`completed` of `total`).
    func load<T>(building: (_ completed: Int, _ total: Int) -> Void, _ body: (any PlayerStore) throws -> T) throws
        -> T
    /// A list of the changes this write makes, kept by the store (on disk, not in memory), emptied.
    func changeList() throws -> any ChangeList
    /// Drops every change of the history made before `time` (UTC, as `HistoryEntry.time` spells it), and the roster
    /// as it was before then with them; returns how many changes went.
    func forgetHistory(before time: String) throws -> Int
    /// Restores into this roster, which must have no player and no history (`HistoryRestoreError.notEmpty`), the
    /// history another roster kept since `time` from change `firstChange` on: `next` hands the changes over one at
    /// a time, numbered one after another, and each is made to the players and kept with its number, time and
    /// maker. A change the roster cannot take (a player added twice, one updated or removed who is not there)
    /// throws `HistoryRestoreError.refused`. The players there at the start, which `startPlayers` hands over
    /// (`forEachPlayerAtHistoryStart`), are put in first; no id up to `highestID` is given to a new player after.
    /// Returns the number of changes restored.
    func restoreHistory(
        since time: String, firstChange: Int64, highestID: Int64,
        startPlayers: () throws -> (id: Int64, fields: [FieldChange])?, _ next: () throws -> HistoryEntry?
    ) throws -> Int64
    /// Adds the sample roster (`seed.sql`), with the values the store derives from its fields.
    func addSample() throws
}
