import CSQLite
import Glibc

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

    /// What `RosterDatabase.restoreMissingObjects` calls the counter's row when it puts it back.
    static let rowName = "the change counter"

    /// Puts back the counter's row another program deleted, at a count above any it can have reached before (the
    /// time in microseconds): an ETag made from an earlier count must never match again. The largest id given
    /// (`highest_id`) starts again at the largest in use: those removed meanwhile are not known.
    static func restore(_ connection: Connection) throws {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let statement = try connection.prepare(
            "INSERT INTO roster_changes (id, counter, highest_id) VALUES (1, ?, (SELECT coalesce(max(id), 0) FROM players))"
        )
        try statement.bind(Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec / 1000), at: 1)
        try statement.run()
    }
}

extension PlayerRepository {
    /// The change counter as this snapshot sees it: it differs from the one an earlier snapshot saw exactly when the
    /// players changed in between. Without its row (another program deleted it) no count can be trusted.
    package func changeCounter() throws -> Int64 {
        guard let counter = try connection.cached(ChangeCounter.readSQL).firstRow({ $0.int64(at: 0) }) else {
            throw DatabaseError(
                code: SQLITE_CORRUPT,
                message: "the roster's change counter has lost its row (another program deleted it from "
                    + "roster_changes); run 'rosterdb init' on the roster to restore it", sql: nil)
        }
        return counter
    }
}

extension PlayerRepository {
    /// The data version of this connection's pager (`SQLITE_FCNTL_DATA_VERSION`, what `PRAGMA data_version` reads
    /// without running a statement): a number that changes, from one read to the next, exactly when the roster was
    /// committed to in between, by this connection or another, whatever was written and whether or not its
    /// triggers ran. It means nothing to another connection or process, and is read inside a read, after
    /// its first statement, to belong to its snapshot.
    package func dataVersion() throws -> Int64 {
        var version: UInt32 = 0
        try connection.check(sqlite3_file_control(connection.handle, "main", SQLITE_FCNTL_DATA_VERSION, &version))
        return Int64(version)
    }
}
