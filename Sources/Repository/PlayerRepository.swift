import CSQLite
import RosterModel

/// The players table: maps rows to `Player` and back through `PlayerColumn`. Every value is bound, never spliced
/// into SQL.
package final class PlayerRepository: PlayerWriting {
    let connection: Connection
    /// Statements that run once per import record, prepared on first use and kept, by `PreparedSQL` ordinal.
    private var prepared = [Statement?](repeating: nil, count: PreparedSQL.allCases.count)
    /// The text of each shape of page asked for by number, made once (`playerStatement`): a server reads one per
    /// request.
    var selectTexts: [SelectShape: String] = [:]
    /// The statement that lookups in ascending order of id step through instead of seeking each row
    /// (`storedPlayer(comparedWith:id:)`), with the id of the row it stands on (nil: past the last row). Any write
    /// through this repository ends it, and so does `endWalk()`.
    private var walk: (rows: Statement, at: Int64?)?
    /// The UPDATEs of some fields only (`update(_:from:)`), by the set of fields they write.
    private var partialUpdates: [UInt32: (Statement, [PlayerColumn])] = [:]
    /// The roster as it was, when `players` is (`RosterDatabase.readAsOf`).
    var past: PastRoster?
    /// Whether the names of then are there to search (`searchesPastNames`).
    private var pastNamesMade = false
    /// How many rows ahead a walk steps before a lookup seeks instead.
    private static let walkReach: Int64 = 16

    init(connection: Connection) {
        self.connection = connection
    }

    /// The statements kept prepared.
    enum PreparedSQL: Int, CaseIterable {
        case count, anyPlayer, playerByID, playersFromID, playerByRef, insert, update, identityMatches, delete,
            renumber, largestID

        var sql: String {
            switch self {
            case .count: "SELECT count(*) FROM players"
            case .anyPlayer: "SELECT EXISTS (SELECT 1 FROM players)"
            case .playerByID: "SELECT \(PlayerColumn.selectList) FROM players WHERE id = ?"
            case .playersFromID: "SELECT \(PlayerColumn.selectList) FROM players WHERE id >= ? ORDER BY id"
            case .playerByRef: "SELECT \(PlayerColumn.selectList) FROM players WHERE ref = ?"
            case .insert:
                "INSERT INTO players (\(PlayerColumn.all.map(\.name).joined(separator: ", "))) VALUES ("
                    + Array(repeating: "?", count: PlayerColumn.all.count).joined(separator: ", ") + ")"
            case .update:
                // Parameter 1 is the id (the first field), which the WHERE clause reuses.
                "UPDATE players SET "
                    + PlayerColumn.all.enumerated().map { "\($0.element.name) = ?\($0.offset + 1)" }
                    .joined(separator: ", ") + " WHERE id = ?1"
            case .identityMatches:
                // A name changed by a write that left its folded form as it was (another program's, or one that
                // only took an accent away) has no folded name until it is folded again (`players_name_changed`):
                // such rows, few and found through `players_unfolded`, are folded here.
                """
                SELECT \(PlayerColumn.selectList) FROM players WHERE sort_name = ?1 AND birth_date IS ?2 AND id IS NOT ?3
                UNION ALL
                SELECT \(PlayerColumn.selectList) FROM players
                WHERE sort_name IS NULL AND rosterdb_fold(name) = ?1 AND birth_date IS ?2 AND id IS NOT ?3
                ORDER BY id
                """
            case .delete: "DELETE FROM players WHERE id = ?"
            case .renumber: "UPDATE players SET id = ? WHERE id = ?"
            // The players removed, or given another id, are counted by the change counter's triggers (0013).
            case .largestID:
                "SELECT max(coalesce((SELECT max(id) FROM players), 0), "
                    + "coalesce((SELECT highest_id FROM roster_changes WHERE id = 1), 0))"
            }
        }
    }

    /// The kept statement for `key`, reset and unbound.
    func statement(_ key: PreparedSQL) throws -> Statement {
        switch key {
        case .insert, .update, .delete, .renumber: endWalk()
        default: break
        }
        if let statement = prepared[key.rawValue] {
            statement.reset()
            return statement
        }
        let statement = try connection.prepare(key.sql)
        prepared[key.rawValue] = statement
        return statement
    }

    // MARK: - Reading

    /// The number of players.
    package func count() throws -> Int {
        try statement(.count).firstRow { $0.int(at: 0) } ?? 0
    }

    /// Whether there is no player: one probe, where `count()` reads every row.
    package func isEmpty() throws -> Bool {
        try statement(.anyPlayer).firstRow { $0.int(at: 0) } != 1
    }

    /// The player with `id`, if any.
    package func player(id: Int64) throws -> Player? {
        let statement = try statement(.playerByID)
        try statement.bind(id, at: 1)
        return try statement.firstRow { try player(from: $0) }
    }

    /// The values stored for the player `id` as SQLite spells them in text (a count as its digits), an unknown one
    /// left out, read without rosterdb's rules: what `edit` starts from and `remove` shows of a player that another
    /// program wrote breaking them (`DatabaseError.unreadableValue`). Nil when no player has the id.
    package func storedTexts(id: Int64) throws -> StoredTexts? {
        let statement = try statement(.playerByID)
        try statement.bind(id, at: 1)
        return try statement.firstRow { row in
            var texts = StoredTexts()
            for (offset, field) in PlayerField.allCases.enumerated() {
                row.withTextOrNull(at: Int32(offset)) { bytes in
                    guard let bytes else { return }
                    if UTF8Text.isWellFormed(bytes) {
                        texts.values[field] = String(decoding: bytes, as: UTF8.self)
                    } else {
                        texts.values[field] = UTF8Text.showingInvalidBytes(bytes)
                        texts.notUTF8.insert(field)
                    }
                }
            }
            return texts
        }
    }

    /// The values of the player `id` as stored that break rosterdb's rules, every one of them
    /// (`PlayerRowView.unreadableValues()`); empty when none does or no player has the id.
    package func unreadableValues(id: Int64) throws -> [DatabaseError.UnreadableValue] {
        let statement = try statement(.playerByID)
        try statement.bind(id, at: 1)
        return try statement.firstRow { PlayerRowView($0).unreadableValues() } ?? []
    }

    /// The player stored with id `id`, compared with `player` where the row lies: a row that holds `player`'s values
    /// to the byte is never made a `Player`. Lookups in ascending order of id, as a feed sorted by id makes them,
    /// step from one row to the next instead of seeking each.
    package func storedPlayer(comparedWith player: Player, id: Int64) throws -> StoredPlayer {
        let rows: Statement
        var at: Int64?
        if let walk, let current = walk.at, current <= id, id - current <= PlayerRepository.walkReach {
            rows = walk.rows
            at = current
            // Column 0 is the id (`PlayerColumn.selectList`).
            while let row = at, row < id { at = try rows.step() ? rows.int64(at: 0) : nil }
        } else {
            rows = try statement(.playersFromID)
            try rows.bind(id, at: 1)
            at = try rows.step() ? rows.int64(at: 0) : nil
        }
        walk = (rows, at)
        guard at == id else { return .absent }
        return try player.hasValues(of: PlayerRowView(rows)) ? .same : .other(try self.player(from: rows))
    }

    /// Ends a walk of `storedPlayer(comparedWith:id:)`, so that no statement stays open on the table.
    package func endWalk() {
        walk?.rows.reset()
        walk = nil
    }

    /// The ids of the players whose ref is `ref`, their rows unread: one at most, unless another program dropped the
    /// index that keeps refs unique.
    package func ids(ofRef ref: String) throws -> [Int64] {
        let statement = try connection.cached("SELECT id FROM players WHERE ref = ? ORDER BY id")
        try statement.bind(ref, at: 1)
        defer { statement.reset() }
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(at: 0)) }
        return ids
    }

    /// The player whose ref is `ref`, if any. Refs are unique by the `players_by_ref` index; a roster whose index
    /// another program dropped may hold one twice, and picking either player would change the wrong one.
    package func player(ref: String) throws -> Player? {
        let statement = try statement(.playerByRef)
        defer { statement.reset() }
        try statement.bind(ref, at: 1)
        guard try statement.step() else { return nil }
        let found = try player(from: statement)
        guard try statement.step() else { return found }
        throw DatabaseError(
            code: PlayerRepository.constraintUnique,
            message: "the ref '\(ref)' is held by players \(found.id!) and \(statement.int64(at: 0)), though refs are "
                + "unique (another program removed the index that keeps them so); give them different refs", sql: nil)
    }

    /// Calls `body` with every player in id order, one row at a time.
    package func forEachPlayer(_ body: (Player) throws -> Void) throws {
        let statement = try connection.prepare("SELECT \(PlayerColumn.selectList) FROM players ORDER BY id")
        while try statement.step() {
            try body(try player(from: statement))
        }
    }

    /// The players whose folded name is exactly `sortName`, in id order; rows another tool wrote are folded on the
    /// fly.
    package func players(sortName: String) throws -> [Player] {
        let statement = try connection.prepare(
            """
            SELECT \(PlayerColumn.selectList) FROM players
            WHERE sort_name = ?1 OR (sort_name IS NULL AND rosterdb_fold(name) = ?1) ORDER BY id
            """)
        try statement.bind(sortName, at: 1)
        var found: [Player] = []
        while try statement.step() { found.append(try player(from: statement)) }
        return found
    }

    /// The players an import record without id stands for: the same folded name (`Muller` is `Müller`) and the
    /// same birth date, both unknown counting as the same. Derived values must be filled (`fillDerivedColumns`).
    package func players(sortName: String, birthDate: CalendarDate?) throws -> [Player] {
        try players(sortName: sortName, birthDate: birthDate, excluding: nil)
    }

    /// `players(sortName:birthDate:)` but the player `excluded`, whose row is never read: a player being corrected
    /// may be one rosterdb cannot read.
    package func players(sortName: String, birthDate: CalendarDate?, excluding excluded: Int64?) throws -> [Player] {
        let statement = try statement(.identityMatches)
        try statement.bind(sortName, at: 1)
        try statement.bind(birthDate?.description, at: 2)
        try statement.bind(excluded, at: 3)
        var found: [Player] = []
        while try statement.step() { found.append(try player(from: statement)) }
        return found
    }

    /// Calls `body` with every id, in order.
    package func forEachID(_ body: (Int64) throws -> Void) throws {
        let statement = try connection.prepare("SELECT id FROM players ORDER BY id")
        while try statement.step() { try body(statement.int64(at: 0)) }
    }

    // MARK: - Writing

    /// Inserts the row's player with its id, or with the next free id when it has none; returns the id.
    @discardableResult
    package func insert(_ row: PlayerRow) throws -> Int64 {
        let id = try row.player.id ?? nextFreeID()
        let statement = try statement(.insert)
        try bind(row, to: statement)
        try statement.bind(id, at: PlayerRepository.idParameter)
        try run(statement, changing: id, "added")
        return id
    }

    /// Overwrites the stored player that has `player.id`.
    package func update(_ player: Player) throws {
        guard let id = player.id else { preconditionFailure("update needs a player with an id") }
        let statement = try statement(.update)
        try bind(PlayerRow(player), to: statement)
        try run(statement, changing: id, "changed")
    }

    /// Writes the values of `player` that differ from `stored`'s, the player stored with its id, and the values
    /// derived from them: SQLite rewrites every index over a column an UPDATE assigns, changed or not, so a night that
    /// moves players to other clubs would otherwise rewrite the indexes of their names, refs and birth dates too.
    package func update(_ player: Player, from stored: Player) throws {
        guard let id = player.id else { preconditionFailure("update needs a player with an id") }
        var changed: UInt32 = 0
        for (offset, field) in PlayerField.allCases.enumerated() where field != .id && stored[field] != player[field] {
            changed |= 1 << offset
        }
        guard changed != 0 else { return }
        endWalk()
        let (statement, columns) = try partialUpdate(changing: changed)
        statement.reset()
        try bind(PlayerRow(player), columns: columns, to: statement)
        try run(statement, changing: id, "changed")
    }

    /// The UPDATE of the fields in `changed` (bit `i` for `PlayerField.allCases[i]`) and their derived columns, with
    /// the columns of its parameters, the id first; made once for each set of fields.
    private func partialUpdate(changing changed: UInt32) throws -> (Statement, [PlayerColumn]) {
        if let update = partialUpdates[changed] { return update }
        let fields = PlayerField.allCases.enumerated().filter { changed & (1 << $0.offset) != 0 }.map(\.element)
        var columns: [PlayerColumn] = [.field(.id)]
        for field in fields {
            columns.append(.field(field))
            if let derived = DerivedColumn.folding(field) { columns.append(.derived(derived)) }
        }
        let assignments = columns.enumerated().dropFirst().map { "\($0.element.name) = ?\($0.offset + 1)" }
        let update = (
            try connection.prepare("UPDATE players SET \(assignments.joined(separator: ", ")) WHERE id = ?1"), columns
        )
        partialUpdates[changed] = update
        return update
    }

    package func delete(id: Int64) throws {
        let statement = try statement(.delete)
        try statement.bind(id, at: 1)
        try run(statement, changing: id, "removed")
    }

    /// Gives the player with `id` the id `newID`, which must be free.
    package func renumber(_ id: Int64, to newID: Int64) throws {
        let statement = try statement(.renumber)
        try statement.bind(newID, at: 1)
        try statement.bind(id, at: 2)
        try run(statement, changing: id, "given a new id")
    }

    /// Runs a statement that writes the one row of player `id`. Another tool's trigger can skip that write without
    /// an error (`RAISE(IGNORE)`): that is an error here, so that nothing reports a change that was not made. A
    /// constraint that refuses it (another tool's trigger's `RAISE(ABORT, …)`) is named with the player.
    private func run(_ statement: Statement, changing id: Int64, _ change: String) throws {
        do {
            try statement.run()
        } catch let error as DatabaseError where error.primaryCode == SQLITE_CONSTRAINT {
            throw DatabaseError(
                code: error.code, message: "player \(id) could not be \(change): \(error.message)", sql: nil)
        }
        guard connection.changes == 1 else {
            throw DatabaseError(
                code: PlayerRepository.constraintTrigger,
                message: "player \(id) could not be \(change): a trigger on the players table that is not rosterdb's "
                    + "skipped the change (RAISE(IGNORE))", sql: nil)
        }
    }

    /// SQLITE_CONSTRAINT_TRIGGER, which a trigger's RAISE(ABORT) gives too, and SQLITE_CONSTRAINT_UNIQUE: macros
    /// that Swift does not import.
    private static let constraintTrigger = SQLITE_CONSTRAINT | (7 << 8)
    private static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)

    /// The id a new player gets: one more than the largest any player has had, removed ones included, so that an
    /// id once given is never given again (a bookmarked player, a change list or a copy elsewhere must not come to
    /// mean another player). Once the largest allowed has been given, none is left: a new player must bring its own.
    package func nextFreeID() throws -> Int64 {
        let largest = try statement(.largestID).firstRow { $0.int64(at: 0) } ?? 0
        guard largest < FieldRule.maximumID else { throw IDsExhausted() }
        return largest + 1
    }

    /// Fills the derived columns (`DerivedColumn`) where they are missing: rows other tools wrote or changed, and
    /// the values the history kept of such rows (`player_versions`). Returns how many players it filled; one
    /// statement a table, which finds them through its `…_unfolded` index.
    @discardableResult
    package func fillDerivedColumns() throws -> Int {
        // Kept prepared: every write runs them twice, and preparing an update of the players codes its triggers,
        // which cost a single row's write several times over.
        try connection.cached(PlayerRepository.fillVersionsSQL).run()
        try connection.cached(PlayerRepository.fillPlayersSQL).run()
        return connection.changes
    }

    private static let derivedAssignments = DerivedColumn.allCases.map { "\($0.rawValue) = \($0.expression)" }
        .joined(separator: ", ")
    private static let fillVersionsSQL =
        "UPDATE main.player_versions INDEXED BY player_versions_unfolded SET \(derivedAssignments) "
        + "WHERE \(unfoldedCondition)"
    private static let fillPlayersSQL =
        "UPDATE main.players INDEXED BY players_unfolded SET \(derivedAssignments) WHERE \(unfoldedCondition)"

    /// Whether some rows lack a derived value; the condition of the `…_unfolded` partial indexes, named so that the
    /// planner cannot prefer the key indexes, which hold every row whose optional field is unknown. The history's
    /// rows count as well: the roster as it was reads them.
    func hasUnfoldedRows() throws -> Bool {
        let statement = try connection.cached(
            "SELECT EXISTS (SELECT 1 FROM main.players INDEXED BY players_unfolded "
                + "WHERE \(PlayerRepository.unfoldedCondition)) OR EXISTS (SELECT 1 FROM main.player_versions "
                + "INDEXED BY player_versions_unfolded WHERE \(PlayerRepository.unfoldedCondition))")
        return try statement.firstRow { $0.int(at: 0) == 1 } ?? false
    }

    /// Rows whose derived values are missing, written exactly as the `players_unfolded` index's WHERE clause (a
    /// test checks that the index serves it).
    static let unfoldedCondition = DerivedColumn.allCases.map(\.missingCondition).joined(separator: " OR ")

    /// Whether `criteria` searches names in the roster as it was, whose names of then that differ from today's are
    /// searched apart (`PastRoster.namesSQL`): made on the first such search, which alone needs them.
    func searchesPastNames(_ criteria: PlayerCriteria) throws -> Bool {
        guard let past, criteria.filters.contains(where: { if case .names = $0 { true } else { false } }) else {
            return false
        }
        if !pastNamesMade {
            let search = try connection.prepare("SELECT sql FROM main.sqlite_master WHERE name = 'players_search'")
            try connection.execute(try past.namesSQL(searchTableSQL: try search.firstRow { $0.text(at: 0) } ?? ""))
            pastNamesMade = true
        }
        return true
    }

    /// Runs an SQL script of the package's own (the sample roster), never text from a user.
    package func runScript(_ sql: String) throws {
        try connection.execute(sql)
    }

    /// Adds the sample roster (`seed.sql`, built into the binary), whose script leaves the derived values to
    /// rosterdb, as any other tool's rows do.
    package func addSample() throws {
        try runScript(EmbeddedSampleRoster.files[0].text)
        try fillDerivedColumns()
    }

    // MARK: - Mapping

    /// The parameter `bind` binds the id to.
    private static let idParameter = Int32(PlayerColumn.all.firstIndex(of: .field(.id))! + 1)

    /// Binds every column of `PlayerColumn.all` to parameters 1, 2, ….
    private func bind(_ row: PlayerRow, columns: [PlayerColumn] = PlayerColumn.all, to statement: Statement) throws {
        let folded = row.foldedValues
        for (offset, column) in columns.enumerated() {
            let index = Int32(offset + 1)
            switch column {
            case .field(let field):
                switch row.player[field] {
                case nil: try statement.bind(nil as Int64?, at: index)
                case .integer(let value): try statement.bind(value, at: index)
                case .text(let text): try statement.bind(text, at: index)
                case .position(let position): try statement.bind(position.code, at: index)
                case .date(let date): try statement.bind(date.description, at: index)
                }
            case .derived(let derived):
                try statement.bind(folded[PlayerRow.foldedFields.firstIndex(of: derived.source)!], at: index)
            }
        }
    }

    /// The player in the statement's current row, whose first columns are `PlayerColumn.selectList`.
    func player(from statement: Statement) throws -> Player {
        try Player(PlayerRowView(statement))
    }
}
