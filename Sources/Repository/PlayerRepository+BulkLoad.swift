import RosterModel

extension PlayerRepository: PlayerStore {
    /// Runs `body` — a load of many players — with a store to write through (`PlayerWriting.load`). Into an empty table, that store is a
    /// `BulkLoad`: rosterdb's own indexes and insert triggers are set aside and built once at the end, which is many
    /// times faster than a million B-tree inserts each; otherwise it is the repository itself. Must run inside a
    /// write transaction, so that a failure anywhere leaves the schema as it was. `building` hears of each step of
    /// the build at the end (`completed` of `total`), which may take a third of the load.
    package func load<T>(
        building: (_ completed: Int, _ total: Int) -> Void = { _, _ in }, _ body: (any PlayerStore) throws -> T
    ) throws -> T {
        precondition(connection.isInTransaction, "a load must run inside a write transaction")
        guard try count() == 0 else {
            // Into a filled roster, only the triggers that check text is UTF-8 go: they cost a load of names that are
            // not ASCII a fifth of its instructions, and the validator has checked every text by the same rule.
            var utf8Checks = try SetAsideObjects(PlayerRepository.utf8Triggers, on: connection)
            let result = try body(self)
            try utf8Checks.restoreAll()
            return result
        }
        let bulk = try BulkLoad(players: self)
        let result = try body(bulk)
        try bulk.finish(building: building)
        return result
    }
}

extension PlayerRepository {
    /// The triggers that refuse text that is not UTF-8 (migration 0013), which only another program can write.
    static let utf8Triggers = ["players_text_is_utf8", "players_text_is_utf8_update"]
}

/// A load of many players into an empty players table. It owns the schema it sets aside: rosterdb's own indexes, the
/// triggers that run on each insert and those that keep the search index, named exactly (a user's own triggers and
/// indexes stay and run), and it builds them again in `finish`. CHECK constraints are not evaluated for its rows
/// (the validator has checked them by the same rules; other writers still meet them).
final class BulkLoad: PlayerStore {
    /// The schema objects set aside for a bulk load, by name; `players_unfolded` stays (it holds no row rosterdb
    /// writes) and so does `players_by_ref` (the load matches refs through it as it goes). The search index's update
    /// and delete triggers go too: the index holds none of the load's players until the end, and a trigger that took
    /// one out of it would find the index corrupt.
    static let suspendable =
        [
            "players_by_sort_name", "players_by_position_goals", "players_by_nationality_goals",
            "players_by_club_goals", "players_by_birth_date", "players_search_insert", "players_search_update",
            "players_search_delete", "players_birth_date_not_in_future", ChangeCounter.insertTrigger,
        ] + PlayerRepository.utf8Triggers + PlayerRepository.historyTriggers
    /// The index that finds players by folded name and birth date, for import records without id.
    static let identityIndex = "players_by_sort_name"

    private let players: PlayerRepository
    /// The objects set aside and not yet built again.
    private var suspended: SetAsideObjects
    /// Whether the roster counts its changes (`ChangeCounter`) and the load set the counting trigger aside.
    private let countsChanges: Bool
    /// Whether the roster keeps a history and the load set its triggers aside.
    private let recordsHistory: Bool

    init(players: PlayerRepository) throws {
        self.players = players
        suspended = try SetAsideObjects(BulkLoad.suspendable, on: players.connection)
        countsChanges = suspended.holds(ChangeCounter.insertTrigger)
        recordsHistory = suspended.holds(PlayerRepository.historyTriggers[0])
        try players.connection.execute("PRAGMA ignore_check_constraints = ON")
    }

    deinit {
        // Also when the load fails: the connection outlives it, and other writes must meet the CHECKs again.
        try? players.connection.execute("PRAGMA ignore_check_constraints = OFF")
    }

    func count() throws -> Int { try players.count() }
    func isEmpty() throws -> Bool { try players.isEmpty() }
    func player(id: Int64) throws -> Player? { try players.player(id: id) }
    /// A plain lookup, never a walk: a load builds an index in its middle (`players(sortName:birthDate:)`), which
    /// a statement left open on the table would stop.
    func storedPlayer(comparedWith player: Player, id: Int64) throws -> StoredPlayer {
        try players.player(id: id).map { .other($0) } ?? .absent
    }
    func endWalk() {}
    func player(ref: String) throws -> Player? { try players.player(ref: ref) }
    func forEachID(_ body: (Int64) throws -> Void) throws { try players.forEachID(body) }
    func insert(_ row: PlayerRow) throws -> Int64 { try players.insert(row) }
    func update(_ player: Player, from stored: Player) throws { try players.update(player, from: stored) }
    func delete(id: Int64) throws { try players.delete(id: id) }
    func renumber(_ id: Int64, to newID: Int64) throws { try players.renumber(id, to: newID) }
    func nextFreeID() throws -> Int64 { try players.nextFreeID() }

    /// Matching needs the identity index; it is built at the first record that needs it, and kept from then on.
    func players(sortName: String, birthDate: CalendarDate?) throws -> [Player] {
        try suspended.restore(BulkLoad.identityIndex)
        return try players.players(sortName: sortName, birthDate: birthDate)
    }

    /// Builds every object set aside again, and the name search index, which missed every insert; tells `building`
    /// before each step and once all are done.
    func finish(building: (_ completed: Int, _ total: Int) -> Void) throws {
        try players.connection.execute("PRAGMA ignore_check_constraints = OFF")
        // Index builds sort; let SQLite's sorter use a second core.
        try players.connection.execute("PRAGMA threads = 2")
        let total = suspended.count + 1
        try suspended.restoreAll { made in building(made, total) }
        building(total - 1, total)
        try players.connection.execute(BulkLoad.fillSearchIndex)
        // The insert trigger that counts changes was set aside with the others: the load is one change.
        if countsChanges { try ChangeCounter.bump(players.connection) }
        // So were the history's: every player is recorded as added, as the load leaves it.
        if recordsHistory { try players.recordEveryPlayerAdded() }
        building(total, total)
    }

    /// Fills the name search index, which missed every insert, from the table. In id order: FTS5 writes out its
    /// pending terms whenever the rowid goes back, which 'rebuild' does at almost every row when it reads the table
    /// through players_by_sort_name, in name order (a million players: 6.6 s against 0.9 s). With an 8 MiB hash
    /// for the pending terms while it runs, SQLite's 1 MiB after: fewer segments to merge at ten million players.
    static let fillSearchIndex = """
        INSERT INTO players_search (players_search) VALUES ('delete-all');
        INSERT INTO players_search (players_search, rank) VALUES ('hashsize', 8388608);
        INSERT INTO players_search (rowid, sort_name) SELECT id, sort_name FROM players ORDER BY id;
        INSERT INTO players_search (players_search, rank) VALUES ('hashsize', 1048576);
        """
}
