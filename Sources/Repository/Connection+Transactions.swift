extension Connection {
    enum TransactionKind: String {
        /// Takes the write lock at once, waiting up to the busy timeout, so a writer never fails half-way.
        case immediate = "BEGIN IMMEDIATE"
        /// Reads one consistent snapshot.
        case deferred = "BEGIN DEFERRED"
    }

    /// Runs `body` in a transaction: committed when it returns (rolled back instead when `commit` is false), rolled
    /// back when it throws.
    @discardableResult
    func transaction<T>(_ kind: TransactionKind, commit: Bool = true, _ body: () throws -> T) throws -> T {
        // Lock waits in a write transaction are waits for other writers, which the busy timeout bounds.
        let writing = kind == .immediate
        if writing { beginWriting() }
        defer { if writing { endWriting() } }
        // Kept prepared: a server begins and ends a read transaction per request.
        let begin = try cached(kind.rawValue)
        if writing {
            try retryingWhileBusy { try begin.run() }
            // The schema first, while nothing else is under way: a writer that waited for the lock may hold a schema
            // that another changed meanwhile (an import sets objects aside and makes them again), and SQLite reloads
            // it at the first statement that finds it stale. When that statement writes the name search index
            // (FTS5 over the players table, which prepares statements of its own as it connects), the reload failed
            // with 'no such table: players', and the write with it.
            try cached("SELECT 1 FROM sqlite_master LIMIT 1").run()
        } else {
            try begin.run()
        }
        let result: T
        do {
            result = try body()
            try cached(commit ? "COMMIT" : "ROLLBACK").run()
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
        return result
    }

    /// Runs `body` in a savepoint of the transaction under way: released when it returns (its changes then belong
    /// to the transaction, and are committed with it), undone first when `keep` is false; undone alone when it
    /// throws, the transaction going on.
    @discardableResult
    func savepoint<T>(keep: Bool = true, _ body: () throws -> T) throws -> T {
        try cached("SAVEPOINT rosterdb_write").run()
        let result: T
        do {
            result = try body()
            if !keep { try cached("ROLLBACK TO rosterdb_write").run() }
            try cached("RELEASE rosterdb_write").run()
        } catch {
            // SQLite may have rolled the whole transaction back already (a full disk, an interrupt).
            if isInTransaction {
                try? execute("ROLLBACK TO rosterdb_write")
                try? execute("RELEASE rosterdb_write")
            }
            throw error
        }
        return result
    }
}
