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
        if writing { try retryingWhileBusy { try begin.run() } } else { try begin.run() }
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
}
