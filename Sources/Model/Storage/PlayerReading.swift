/// The players of one snapshot of a store: everything a read sees is what was committed when the snapshot began.
/// Errors are `StorageError`s.
package protocol PlayerReading: AnyObject {
    /// The number of players.
    func count() throws -> Int
    func player(id: Int64) throws -> Player?
    /// The players whose folded name (`NameFolding.fold`) is `sortName`, in id order.
    func players(sortName: String) throws -> [Player]
    /// The players with that folded name and birth date (an unknown one matches only unknown ones), but `excluded`.
    func players(sortName: String, birthDate: CalendarDate?, excluding excluded: Int64?) throws -> [Player]
    /// The ids of the players with `ref`: one, or several only when another program stored them so.
    func ids(ofRef ref: String) throws -> [Int64]
    /// The values of player `id` as stored, each as text, read without rosterdb's rules; nil when there is none.
    func storedTexts(id: Int64) throws -> StoredTexts?
    /// Every value of player `id` that rosterdb's rules refuse (another program's).
    func unreadableValues(id: Int64) throws -> [UnreadableValue]

    /// The number of players that match `criteria`.
    func count(matching criteria: PlayerCriteria) throws -> Int
    /// The largest id, goals and assists among the players that match `criteria`; zeros when none does.
    func largestCounts(matching criteria: PlayerCriteria) throws -> PageInfo.LargestCounts
    /// Each folded value (`NameFolding.fold`) of `field`, a nationality or a club, that some player has, with the text
    /// of one such player, in the order of the folded values: the few values a filter could name, for suggestions.
    /// Rows whose folded values are missing (another program wrote them) are left out until they are folded.
    func knownValues(of field: PlayerField) throws -> [KnownValue]
    /// `knownValues(of:)` whose folded values start with `prefix` folded, at most `limit` of them: a range of the
    /// field's index, for completions.
    func knownValues(of field: PlayerField, startingWith prefix: String, limit: Int) throws -> [KnownValue]
    /// How many players that match `criteria` play each position; positions none plays are left out.
    func countsByPosition(matching criteria: PlayerCriteria) throws -> [Position: Int]
    /// The figures of the players that match `criteria`, in one pass: the total, and the groups of `groupings` (and
    /// always positions and lines), ages taken on `asOf`.
    func tally(matching criteria: PlayerCriteria, by groupings: Set<StatsGrouping>, asOf: CalendarDate) throws
        -> StatsTally

    /// Calls `body` with the players that match `criteria`, in `order` (ties end on id), skipping `offset` of them
    /// and stopping after `limit` when one is given; with `after`, only those that come after that position in
    /// `order` (keyset paging: `PagePosition(after:in:)`). Rows are read one at a time, never collected. `total`,
    /// the number of matches counted on this snapshot, lets a store read a page past the middle from the end.
    func forEachPlayer(
        matching criteria: PlayerCriteria, orderedBy order: [SortOrder], after: PagePosition?, limit: Int?,
        offset: Int, total: Int?, _ body: (Player) throws -> Void) throws
    /// `forEachPlayer`, handing `sink` each row as it lies in the store (read through `PlayerValues`), without a
    /// `Player` made of it.
    func forEachRow<Sink: PlayerRowSink>(
        matching criteria: PlayerCriteria, orderedBy order: [SortOrder], after: PagePosition?, limit: Int?,
        offset: Int, total: Int?, into sink: inout Sink) throws

    /// Calls `body` with each change of the history that `criteria` selects, in the order of their numbers, at most
    /// `limit` of them; read one at a time, never collected.
    func forEachChange(matching criteria: HistoryCriteria, limit: Int?, _ body: (HistoryEntry) throws -> Void) throws
    /// Since when the history is whole, and its latest change.
    func historyStart() throws -> HistoryStart
    /// The players there at the history's start (those whose additions it no longer holds, since part of it was
    /// forgotten): how many, then each, by id, as it was then, its known values as an addition lists them.
    func playersAtHistoryStart() throws -> Int64
    func forEachPlayerAtHistoryStart(_ body: (Int64, [FieldChange]) throws -> Void) throws
    /// The largest id ever given, in use or not: a new player's is above it.
    func highestID() throws -> Int64
    /// The number of the last change made before `time` (UTC), 0 when there is none.
    func lastChange(before time: String) throws -> Int64

    /// The store's change counter: it moves with every committed change of the players, whoever made it.
    func changeCounter() throws -> Int64
    /// A number that moves exactly when the store was committed to since this roster's last read, with or without
    /// the change counter moving (a program that writes with the counting off). It belongs to the snapshot once the
    /// snapshot has read something (the change counter, say), and means nothing to another roster.
    func dataVersion() throws -> Int64
}

extension PlayerReading {
    /// `forEachPlayer` from the first match, with no total counted.
    package func forEachPlayer(
        matching criteria: PlayerCriteria, orderedBy order: [SortOrder], limit: Int?, offset: Int = 0,
        _ body: (Player) throws -> Void
    ) throws {
        try forEachPlayer(
            matching: criteria, orderedBy: order, after: nil, limit: limit, offset: offset, total: nil, body)
    }
}
