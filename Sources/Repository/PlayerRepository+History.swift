import CSQLite
import RosterModel

/// The roster's history (migration 0014): the triggers on the players table write it; this names what makes a write
/// of rosterdb's, reads the history, and forgets the oldest of it.
///
/// A change keeps only what cannot be read elsewhere (an added player's values are the player's now, with the later
/// changes undone), so a change is read with the player's state just after it: `state(after:of:)`.
extension PlayerRepository {
    /// Opens the write whose changes the triggers record until `endHistory`, made by `madeBy`: its row of
    /// `history_writes`, and the `history_writer` row that points the triggers at it, which no other program ever
    /// sees (it is gone before the commit).
    func beginHistory(madeBy: String) throws {
        let write = try connection.cached(
            """
            INSERT INTO history_writes (at, made_by, first_change)
            VALUES (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?, coalesce((SELECT max(change) FROM player_history), 0) + 1)
            """)
        try write.bind(madeBy, at: 1)
        try write.run()
        try connection.cached(
            "INSERT OR REPLACE INTO history_writer (id, write_id) VALUES (1, last_insert_rowid())"
        ).run()
    }

    /// Closes the write of `beginHistory`, before the commit: a write that changed no player leaves no row.
    func endHistory() throws {
        try connection.cached(
            """
            DELETE FROM history_writes WHERE id = (SELECT write_id FROM history_writer WHERE id = 1)
                AND NOT EXISTS (SELECT 1 FROM player_history WHERE change >= history_writes.first_change)
            """
        ).run()
        try connection.cached("DELETE FROM history_writer").run()
    }

    /// Records every player as added by the write under way: a bulk load sets the history's triggers aside (its
    /// players' changes during the load fold into their additions, as `import --changes` lists them).
    func recordEveryPlayerAdded() throws {
        try connection.execute(
            """
            INSERT INTO player_history (write_id, player_id, kind, fields)
            SELECT (SELECT write_id FROM history_writer WHERE id = 1), id, 'added', '{}' FROM players ORDER BY id
            """)
    }

    /// The history's triggers, which a bulk load sets aside (`recordEveryPlayerAdded`).
    static let historyTriggers = ["players_history_insert", "players_history_update", "players_history_delete"]

    package func historyStart() throws -> HistoryStart {
        let statement = try connection.cached(
            """
            SELECT at, first_change, max(first_change - 1, coalesce((SELECT max(change) FROM player_history), 0))
            FROM history_start WHERE id = 1
            """)
        guard
            let start = try statement.firstRow({
                HistoryStart(time: $0.text(at: 0), firstNumber: $0.int64(at: 1), lastNumber: $0.int64(at: 2))
            })
        else {
            throw DatabaseError(
                code: SQLITE_CORRUPT,
                message: "the roster's history has lost its start (another program deleted the row of history_start); "
                    + "run 'rosterdb init' on the roster to restore it (the history then starts anew)", sql: nil)
        }
        return start
    }

    /// The tables of the changes and of the values of then: either made again empty, the history starts anew
    /// (`restartHistory`).
    static let restartingHistory: Set<String> = ["player_history", "player_versions"]

    /// Starts the history anew after its table was made again empty: from now on, with numbers that go on above those
    /// given before.
    static func restartHistory(_ connection: Connection) throws {
        try keepNumbering(connection)
        try connection.execute("UPDATE history_start SET at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = 1")
    }

    /// With no change kept, the next is numbered the history's first: a row below the start, never read, holds the
    /// number before it.
    static func keepNumbering(_ connection: Connection) throws {
        try connection.execute(
            """
            INSERT INTO player_history (change, write_id, player_id, kind, fields)
            SELECT first_change - 1, 0, 0, 'updated', '{}' FROM history_start
            WHERE id = 1 AND first_change > 1 AND NOT EXISTS (SELECT 1 FROM player_history)
            """)
    }

    /// What `RosterDatabase.restoreMissingObjects` calls the history's start when it puts it back.
    static let historyStartName = "the history's start (the history starts anew)"

    /// Puts back the history's start another program deleted: from now on, after the latest change, since when the
    /// changes before were kept is not known. Returns whether it was missing.
    static func restoreHistoryStart(_ connection: Connection) throws -> Bool {
        guard try connection.prepare("SELECT 1 FROM history_start WHERE id = 1").firstRow({ _ in true }) == nil else {
            return false
        }
        try connection.execute(
            """
            INSERT INTO history_start (id, at, first_change) VALUES (
                1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), coalesce((SELECT max(change) FROM player_history), 0) + 1)
            """)
        return true
    }

    /// The ids of the players there at the history's start: those in the roster or in a change since, whose first
    /// change since is not their addition.
    private static let playersAtStartSQL = """
        SELECT id FROM (SELECT id FROM players UNION SELECT player_id FROM player_history
            WHERE change >= (SELECT first_change FROM history_start WHERE id = 1)) AS known
        WHERE coalesce((SELECT kind FROM player_history WHERE player_id = known.id
            AND change >= (SELECT first_change FROM history_start WHERE id = 1) ORDER BY change LIMIT 1), '') != 'added'
        """

    package func playersAtHistoryStart() throws -> Int64 {
        try connection.prepare("SELECT count(*) FROM (\(PlayerRepository.playersAtStartSQL))").firstRow {
            $0.int64(at: 0)
        } ?? 0
    }

    package func forEachPlayerAtHistoryStart(_ body: (Int64, [FieldChange]) throws -> Void) throws {
        let start = try historyStart()
        let ids = try connection.prepare(PlayerRepository.playersAtStartSQL + " ORDER BY id")
        while try ids.step() {
            let id = ids.int64(at: 0)
            let player = try state(after: start.firstNumber - 1, of: id)
            try body(id, PlayerRepository.addedFields(player))
        }
    }

    /// A player's known values as its addition lists them, `[null, value]`.
    private static func addedFields(_ player: [PlayerField: FieldValue?]?) -> [FieldChange] {
        PlayerField.allCases.compactMap { field in
            guard field != .id, let value = player?[field] ?? nil else { return nil }
            return FieldChange(field, before: nil, after: value)
        }
    }

    package func highestID() throws -> Int64 {
        try connection.cached(PreparedSQL.largestID.sql).firstRow { $0.int64(at: 0) } ?? 0
    }

    package func lastChange(before time: String) throws -> Int64 {
        let statement = try connection.cached(
            """
            SELECT coalesce((SELECT min(first_change) FROM history_writes WHERE at >= ?1) - 1,
                (SELECT max(change) FROM player_history), 0)
            """)
        try statement.bind(time, at: 1)
        return try statement.firstRow { $0.int64(at: 0) } ?? 0
    }

    package func forEachChange(
        matching criteria: HistoryCriteria, limit: Int?, _ body: (HistoryEntry) throws -> Void
    ) throws {
        var conditions = ["h.change >= (SELECT first_change FROM history_start WHERE id = 1)"]
        var values: [DatabaseValue] = []
        func placeholder(_ value: DatabaseValue) -> String {
            values.append(value)
            return "?\(values.count)"
        }
        // A time is the first change of the first write at or after it: the writes are few, and indexed by time.
        func firstChange(ofWritesFrom time: String, inclusive: Bool) -> String {
            "coalesce((SELECT min(first_change) FROM history_writes WHERE at \(inclusive ? ">=" : ">") "
                + "\(placeholder(.text(time)))), 9223372036854775807)"
        }
        if let after = criteria.afterNumber { conditions.append("h.change > \(placeholder(.integer(after)))") }
        if let through = criteria.throughNumber { conditions.append("h.change <= \(placeholder(.integer(through)))") }
        if let since = criteria.since {
            conditions.append("h.change >= " + firstChange(ofWritesFrom: since, inclusive: true))
        }
        if let before = criteria.before {
            conditions.append("h.change < " + firstChange(ofWritesFrom: before, inclusive: true))
        }
        if let through = criteria.through {
            conditions.append("h.change < " + firstChange(ofWritesFrom: through, inclusive: false))
        }
        if let player = criteria.playerID { conditions.append("h.player_id = \(placeholder(.integer(player)))") }
        if !criteria.kinds.isEmpty {
            conditions.append(
                "h.kind IN (\(criteria.kinds.map { placeholder(.text($0.rawValue)) }.joined(separator: ", ")))")
        }
        if !criteria.fields.isEmpty {
            // A field is touched when the change holds it with two different values: an update of it, or the removal
            // of a player who had it.
            let names = criteria.fields.map { placeholder(.text($0.name)) }.joined(separator: ", ")
            conditions.append(
                "EXISTS (SELECT 1 FROM json_each(h.fields) WHERE key IN (\(names)) AND value ->> 0 IS NOT value ->> 1)")
        }
        let statement = try connection.prepare(
            """
            SELECT h.change, w.at, w.made_by, h.player_id, h.kind, h.fields
            FROM player_history AS h JOIN history_writes AS w ON w.id = h.write_id
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY h.change\(limit.map { " LIMIT \($0)" } ?? "")
            """)
        try statement.bind(values)
        while try statement.step() {
            let number = statement.int64(at: 0)
            let playerID = statement.int64(at: 3)
            let kind = ChangeKind(rawValue: statement.text(at: 4)) ?? .updated
            let stored = try fieldChanges(statement.text(at: 5))
            let player = try state(after: number, of: playerID)
            let fields: [FieldChange]
            switch kind {
            case .added: fields = PlayerRepository.addedFields(player)
            case .updated, .removed: fields = stored
            }
            // A removed player is named as it was.
            let named =
                kind == .removed ? Dictionary(uniqueKeysWithValues: stored.map { ($0.field, $0.before) }) : player
            try body(
                HistoryEntry(
                    number: number, time: statement.text(at: 1), playerID: playerID, kind: kind,
                    ref: (named?[.ref] ?? nil)?.text, name: (named?[.name] ?? nil)?.text ?? "", fields: fields,
                    madeBy: statement.optionalText(at: 2)))
        }
    }

    /// The values of player `id` just after change `number`: the player now, or as its removal recorded it, with
    /// every later change undone; nil when the player did not exist then.
    func state(after number: Int64, of id: Int64) throws -> [PlayerField: FieldValue?]? {
        var state = try storedValues(id)
        let later = try connection.cached(
            "SELECT kind, fields FROM player_history WHERE player_id = ?1 AND change > ?2 ORDER BY change DESC")
        try later.bind([.integer(id), .integer(number)])
        while try later.step() {
            let changes = try fieldChanges(later.text(at: 1))
            switch ChangeKind(rawValue: later.text(at: 0)) {
            case .removed:
                state = Dictionary(uniqueKeysWithValues: changes.map { ($0.field, $0.before) })
            case .added:
                state = nil
            case .updated, nil:
                for change in changes { state?[change.field] = change.before }
            }
        }
        return state
    }

    /// The stored values of player `id`, each read as the history reads values; nil when there is no such player.
    private func storedValues(_ id: Int64) throws -> [PlayerField: FieldValue?]? {
        let statement = try connection.cached(
            "SELECT " + PlayerRepository.historyFields.map(\.name).joined(separator: ", ")
                + " FROM players WHERE id = ?")
        try statement.bind(id, at: 1)
        guard try statement.step() else { return nil }
        var values: [PlayerField: FieldValue?] = [:]
        for (column, field) in PlayerRepository.historyFields.enumerated() {
            values[field] = PlayerRepository.historyValue(statement, at: Int32(column), of: field)
        }
        statement.reset()
        return values
    }

    /// The fields a change can hold: all but the id, which names the player.
    private static let historyFields = PlayerField.allCases.filter { $0 != .id }

    /// The fields of a change's JSON object, `{"goals":[20,21]}`, in the order written; a field whose two values are
    /// the same (a removed player's unknown one) is left out.
    private func fieldChanges(_ json: String) throws -> [FieldChange] {
        guard json != "{}" else { return [] }
        let statement = try connection.cached("SELECT key, value ->> 0, value ->> 1 FROM json_each(?)")
        try statement.bind(json, at: 1)
        var changes: [FieldChange] = []
        while try statement.step() {
            guard let field = PlayerField(rawValue: statement.text(at: 0)) else { continue }
            let before = PlayerRepository.historyValue(statement, at: 1, of: field)
            let after = PlayerRepository.historyValue(statement, at: 2, of: field)
            if before != after { changes.append(FieldChange(field, before: before, after: after)) }
        }
        return changes
    }

    /// A value as the field holds it; one another program wrote against the field's rules (text in goals) as the
    /// text it is, which is what was there.
    private static func historyValue(_ statement: Statement, at column: Int32, of field: PlayerField) -> FieldValue? {
        switch statement.type(at: column) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER:
            return field.valueType == .integer
                ? .integer(statement.int64(at: column)) : .text(statement.text(at: column))
        default:
            let text = statement.text(at: column)
            switch field.valueType {
            case .position: return Position(code: text).map(FieldValue.position) ?? .text(text)
            case .date: return CalendarDate(iso: text).map(FieldValue.date) ?? .text(text)
            case .integer, .text: return .text(text)
            }
        }
    }

    package func forgetHistory(before time: String) throws -> Int {
        let kept = try connection.cached(
            "SELECT count(*) FROM player_history WHERE change >= (SELECT first_change FROM history_start WHERE id = 1)")
        let before = try kept.firstRow { $0.int(at: 0) } ?? 0
        // The latest change stays, whatever its time: the next number is one more than it, never one given before.
        // This write's own row (made now, with no change) is not one of the writes kept: with no other write since
        // `time`, it would take that latest change away.
        let firstKept = """
            (SELECT min(first_change) FROM history_writes WHERE at >= ?1
                AND id IS NOT (SELECT write_id FROM history_writer WHERE id = 1))
            """
        let delete = try connection.prepare(
            "DELETE FROM player_history WHERE change < coalesce(\(firstKept), (SELECT max(change) FROM player_history))"
        )
        try delete.bind(time, at: 1)
        try delete.run()
        let start = try connection.prepare(
            """
            UPDATE history_start SET at = max(at, ?1), first_change = max(first_change, coalesce(
                \(firstKept), (SELECT max(change) + 1 FROM player_history), first_change))
            WHERE id = 1
            """)
        try start.bind(time, at: 1)
        try start.run()
        // The values of then that ended before the history's start: no roster as it was reads them any more.
        try connection.execute(
            "DELETE FROM player_versions WHERE change < (SELECT first_change FROM history_start WHERE id = 1)")
        // The writes of the changes gone, which are the writes before the first change's.
        try connection.execute(
            "DELETE FROM history_writes WHERE id < (SELECT write_id FROM player_history ORDER BY change LIMIT 1)")
        // What the change feed answers changed: a cached answer tagged with the counter must not be reused.
        try ChangeCounter.bump(connection)
        return before - (try kept.firstRow { $0.int(at: 0) } ?? 0)
    }
}
