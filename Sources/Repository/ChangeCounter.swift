/// The roster's change counter (migration 0007): one number that triggers on the players table raise in the same
/// transaction as every insert, update and delete, whichever program writes, so that two reads that see the same
/// number see the same players. `rosterdb serve` makes its ETags from it.
enum ChangeCounter {
    /// The trigger that counts inserts, which a bulk load sets aside (it counts the whole load as one change).
    static let insertTrigger = "players_change_counted_insert"

    static let readSQL = "SELECT counter FROM roster_changes WHERE id = 1"

    /// Adds one to the counter.
    static func bump(_ connection: Connection) throws {
        try connection.cached("UPDATE roster_changes SET counter = counter + 1 WHERE id = 1").run()
    }
}

extension PlayerRepository {
    /// The change counter as this snapshot sees it: it differs from the one an earlier snapshot saw exactly when the
    /// players changed in between. 0 for a roster from before the counter existed.
    public func changeCounter() throws -> Int64 {
        try connection.cached(ChangeCounter.readSQL).firstRow { $0.int64(at: 0) } ?? 0
    }
}
