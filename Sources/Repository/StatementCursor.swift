import RosterModel

/// A `PlayerCursor` over one statement: it needs a connection of its own (see `RosterDatabase.cursor`), as a
/// connection's next read transaction would end it.
final class StatementCursor: PlayerCursor {
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
    func next() throws -> Player? {
        guard let statement else { return nil }
        guard try statement.step() else {
            close()
            return nil
        }
        return try players.player(from: statement)
    }

    /// Ends the read, releasing its snapshot; `next()` returns nil afterwards.
    func close() {
        statement?.reset()
        statement = nil
    }
}

extension RosterDatabase {
    /// A cursor over the players that match `criteria` in `order`. It reads on this
    /// roster's connection outside any transaction, so nothing else may read through this `RosterDatabase` until
    /// the cursor is closed: open a roster for it alone. One that `readsPrivateCopy` never changes: its cursors
    /// may start inside a read and outlast it, beside other reads.
    package func cursor(
        matching criteria: PlayerCriteria, orderedBy order: [SortOrder], after: PagePosition? = nil
    ) throws -> any PlayerCursor {
        precondition(!connection.isInTransaction || readsPrivateCopy, "a cursor reads its own snapshot")
        let statement = try players.playerStatement(
            matching: criteria, orderedBy: order, after: after, limit: nil, offset: 0, cached: false)
        return StatementCursor(players: players, statement: statement)
    }
}
