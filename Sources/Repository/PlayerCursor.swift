import RosterModel

/// The players that match a query, read one at a time on demand, for a list streamed while it is sent. A cursor
/// reads one snapshot, which it holds until it reaches the end or is closed; it needs a connection of its own (see
/// `RosterDatabase.cursor`), as a connection's next read transaction would end it.
public final class PlayerCursor {
    private let players: PlayerRepository
    private var statement: Statement?

    init(players: PlayerRepository, statement: Statement) {
        self.players = players
        self.statement = statement
    }

    deinit {
        close()
    }

    /// The next player, or nil after the last.
    public func next() throws -> Player? {
        guard let statement else { return nil }
        guard try statement.step() else {
            close()
            return nil
        }
        return try players.player(from: statement)
    }

    /// Ends the read, releasing its snapshot; `next()` returns nil afterwards.
    public func close() {
        statement?.reset()
        statement = nil
    }
}

extension RosterDatabase {
    /// A cursor over the players that match `criteria` in `order`, from `offset`, at most `limit`. It reads on this
    /// roster's connection outside any transaction, so nothing else may read through this `RosterDatabase` until
    /// the cursor is closed: open a roster for it alone. One that `readsPrivateCopy` never changes: its cursors
    /// may start inside a read and outlast it, beside other reads.
    public func cursor(
        matching criteria: PlayerCriteria, orderedBy order: [SortOrder], after: PagePosition? = nil, limit: Int? = nil,
        offset: Int = 0
    ) throws -> PlayerCursor {
        precondition(!connection.isInTransaction || readsPrivateCopy, "a cursor reads its own snapshot")
        let statement = try players.playerStatement(
            matching: criteria, orderedBy: order, after: after, limit: limit, offset: offset, cached: false)
        return PlayerCursor(players: players, statement: statement)
    }
}
