/// Where a roster's players are kept: the engine behind the service (SQLite's `RosterDatabase` is the first). It
/// reads on consistent snapshots and writes in transactions, all or nothing; every error it throws is a
/// `StorageError`, or another `CategorizedError` of the project's (interrupted, unavailable, …).
package protocol RosterStore: AnyObject {
    associatedtype Players: PlayerWriting & TokenKeeping

    /// Runs `body` on one consistent snapshot of the roster; inside another `read`, on that one's.
    func read<T>(_ body: (Players) throws -> T) throws -> T
    /// Runs `body` in a write transaction; another writer waits for it, and with `commit` false (a dry run)
    /// everything is rolled back at the end. The history names `madeBy` as what made its changes.
    func write<T>(commit: Bool, madeBy: String, _ body: (Players) throws -> T) throws -> T
    /// Runs `body` in one write transaction committed once at its end, inside which each `write` is a savepoint of
    /// its own (its own history write; one that throws is undone alone, the others kept): many writers' writes
    /// share one commit. Nothing is committed when `body` or the commit throws, so a write made in it is made only
    /// once this returns.
    func writeTogether(_ body: () throws -> Void) throws
    /// A cursor over the players that match `criteria` in `order` (after `after`), on a snapshot of its own: nothing
    /// else may read through this store until it is closed, unless `readsPrivateCopy`.
    func cursor(matching criteria: PlayerCriteria, orderedBy order: [SortOrder], after: PagePosition?) throws
        -> any PlayerCursor

    /// From now on, reads the roster as it was just after change `number` of its history: nothing may be written
    /// through this store afterwards.
    func readAsOf(change number: Int64) throws

    /// Whether it is read from a private copy made as it opened, which never changes: reads of it may overlap.
    var readsPrivateCopy: Bool { get }
    /// Puts back the store's own objects (indexes, triggers, …) that another program removed; returns their names.
    func restoreMissingObjects() throws -> [String]
    /// Runs `body` with what the stop signal does not end: for what must still be done once a write is committed.
    func ignoringStop<T>(_ body: () throws -> T) rethrows -> T
    /// Runs `body` with a time limit on every statement: one still running `seconds` after the start stops with an
    /// error of category `.timedOut`.
    func withTimeLimit<T>(seconds: Double, _ body: () throws -> T) throws -> T
    /// Keeps at most `kibibytes` of the store's pages cached for this roster.
    func limitPageCache(toKibibytes kibibytes: Int) throws
    /// Whether each write is followed by the store's housekeeping (SQLite: copying its log into the file and
    /// emptying it), true by default: a command writes once and ends. A server that writes many times turns it off,
    /// leaving it to the engine now and then, and calls `tidy()` once before it ends.
    var tidiesAfterEachWrite: Bool { get set }
    /// Does the housekeeping now, as far as readers let it; false when they kept it from finishing.
    @discardableResult func tidy() -> Bool

    /// The store this roster was opened on; nil for one kept in memory.
    var identity: StoreIdentity? { get }
    /// Looks at the store from outside: which store its name leads to now, and the state of its files.
    func look() -> StoreLook
    /// Whether the store's files changed since `stamp` by another means than the engine (copied over in place), so
    /// that what was read since may mix the old store and the new one.
    func wasWrittenOver(since stamp: StorageStamp) -> Bool
}

extension RosterStore {
    /// `write(commit:madeBy:_:)`, committed.
    package func write<T>(madeBy: String, _ body: (Players) throws -> T) throws -> T {
        try write(commit: true, madeBy: madeBy, body)
    }
}
