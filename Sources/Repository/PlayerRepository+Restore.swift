import CSQLite
import RosterModel

/// Restores into an empty roster the history another one kept (`import --history`): its changes replayed on the
/// players, and its rows written with their numbers, times and makers, so that the feed, each player's history and
/// the roster as it was read as they did there.
extension PlayerRepository {
    package func restoreHistory(
        since time: String, firstChange: Int64, highestID: Int64,
        startPlayers: () throws -> (id: Int64, fields: [FieldChange])?, _ next: () throws -> HistoryEntry?
    ) throws -> Int64 {
        let players = try count()
        let changes = try connection.cached("SELECT count(*) FROM player_history").firstRow { $0.int64(at: 0) } ?? 0
        guard players == 0 && changes == 0 else {
            throw HistoryRestoreError.notEmpty(players: players, changes: changes)
        }
        // The rows are written as they were; the triggers would write them again as this write's.
        var triggers = try SetAsideObjects(PlayerRepository.historyTriggers, on: connection)
        // The row `beginHistory` made for this write: the restored writes take its place.
        try connection.execute(
            "DELETE FROM history_writes WHERE id = (SELECT write_id FROM history_writer WHERE id = 1)")
        // The players the history starts with are there before its first change, which no change of it records.
        while let player = try startPlayers() {
            guard try !exists(player.id) else {
                throw HistoryRestoreError.startRefused(id: player.id, reason: "is given twice")
            }
            do {
                try insert(player.id, player.fields)
            } catch let error as DatabaseError where error.primaryCode == SQLITE_CONSTRAINT {
                throw HistoryRestoreError.startRefused(id: player.id, reason: "is refused: \(error.message)")
            }
        }
        var write: (id: Int64, time: String, madeBy: String?)?
        var expected = firstChange
        while let entry = try next() {
            guard entry.number == expected else {
                throw HistoryRestoreError.refused(
                    number: entry.number,
                    reason: "comes where change \(expected) should: the changes are numbered one after another")
            }
            expected += 1
            // A write is the changes of one commit: one time, one maker.
            if write?.time != entry.time || write?.madeBy != entry.madeBy {
                let insert = try connection.cached(
                    "INSERT INTO history_writes (at, made_by, first_change) VALUES (?1, ?2, ?3)")
                try insert.bind([
                    .text(entry.time), entry.madeBy.map(DatabaseValue.text) ?? .null, .integer(entry.number),
                ])
                try insert.run()
                write = (connection.lastInsertedRowID, entry.time, entry.madeBy)
            }
            let fields: String
            do {
                fields = try replay(entry)
            } catch let error as DatabaseError where error.primaryCode == SQLITE_CONSTRAINT {
                // A value the roster's rules refuse: the file was not written by rosterdb's export as it stands.
                throw HistoryRestoreError.refused(number: entry.number, reason: "is refused: \(error.message)")
            }
            let row = try connection.cached(
                "INSERT INTO player_history (change, write_id, player_id, kind, fields) VALUES (?1, ?2, ?3, ?4, ?5)")
            try row.bind([
                .integer(entry.number), .integer(write!.id), .integer(entry.playerID), .text(entry.kind.rawValue),
                .text(fields),
            ])
            try row.run()
        }
        let start = try connection.cached("UPDATE history_start SET at = ?1, first_change = ?2 WHERE id = 1")
        try start.bind([.text(time), .integer(firstChange)])
        try start.run()
        try PlayerRepository.keepNumbering(connection)
        let highest = try connection.cached(
            "UPDATE roster_changes SET highest_id = max(highest_id, ?1) WHERE id = 1")
        try highest.bind(highestID, at: 1)
        try highest.run()
        try triggers.restoreAll()
        return expected - firstChange
    }

    /// Makes `entry`'s change to the players, its values stored as they are (the derived ones are filled before the
    /// commit, as for another program's rows); returns its `fields` as the history keeps them.
    private func replay(_ entry: HistoryEntry) throws -> String {
        let found = try exists(entry.playerID)
        switch entry.kind {
        case .added:
            guard !found else {
                throw HistoryRestoreError.refused(
                    number: entry.number, reason: "adds player \(entry.playerID), whom the changes before it added")
            }
            try insert(entry.playerID, entry.fields)
            // The history holds an added player's values as the player now with the later changes undone.
            return "{}"
        case .updated:
            guard found else {
                throw HistoryRestoreError.refused(
                    number: entry.number, reason: "updates player \(entry.playerID), whom the roster does not have")
            }
            guard !entry.fields.isEmpty else { return "{}" }
            try keepValues(of: entry)
            let update = try connection.prepare(
                "UPDATE players SET " + entry.fields.map { "\($0.field.name) = ?" }.joined(separator: ", ")
                    + " WHERE id = ?")
            try update.bind(entry.fields.map { PlayerRepository.databaseValue($0.after) } + [.integer(entry.playerID)])
            try update.run()
            return try fieldsObject(entry.fields)
        case .removed:
            guard found else {
                throw HistoryRestoreError.refused(
                    number: entry.number, reason: "removes player \(entry.playerID), whom the roster does not have")
            }
            try keepValues(of: entry)
            let delete = try connection.cached("DELETE FROM players WHERE id = ?1")
            try delete.bind(entry.playerID, at: 1)
            try delete.run()
            // Every field, as the trigger keeps a removal: the unknown ones as [null,null].
            let known = Set(entry.fields.map(\.field))
            return try fieldsObject(
                entry.fields
                    + PlayerField.allCases.filter { $0 != .id && !known.contains($0) }.map {
                        FieldChange($0, before: nil, after: nil)
                    })
        }
    }

    private func exists(_ id: Int64) throws -> Bool {
        let exists = try connection.cached("SELECT 1 FROM players WHERE id = ?1")
        try exists.bind(id, at: 1)
        return try exists.firstRow { _ in true } ?? false
    }

    /// Puts player `id` in with the values its addition lists.
    private func insert(_ id: Int64, _ fields: [FieldChange]) throws {
        let given = fields.filter { $0.after != nil }
        let insert = try connection.prepare(
            "INSERT INTO players (" + (["id"] + given.map(\.field.name)).joined(separator: ", ") + ") VALUES ("
                + Array(repeating: "?", count: given.count + 1).joined(separator: ", ") + ")")
        try insert.bind([.integer(id)] + given.map { PlayerRepository.databaseValue($0.after) })
        try insert.run()
    }

    /// Keeps the player's values that `entry` replaces, as the history's triggers keep them (`player_versions`).
    private func keepValues(of entry: HistoryEntry) throws {
        let columns = PlayerColumn.all.map(\.name).joined(separator: ", ")
        let keep = try connection.cached(
            """
            INSERT INTO player_versions (change, since_change, \(columns))
            SELECT ?1, coalesce((SELECT max(change) FROM player_history WHERE player_id = ?2), 0), \(columns)
            FROM players WHERE id = ?2
            """)
        try keep.bind([.integer(entry.number), .integer(entry.playerID)])
        try keep.run()
    }

    /// `{"goals":[20,21]}`: each field's values as SQLite's JSON functions write them, as the triggers do.
    private func fieldsObject(_ fields: [FieldChange]) throws -> String {
        let pair = try connection.cached("SELECT json_array(?1, ?2)")
        var members: [String] = []
        for change in fields {
            pair.reset()
            try pair.bind([PlayerRepository.databaseValue(change.before), PlayerRepository.databaseValue(change.after)])
            members.append("\"\(change.field.name)\":" + (try pair.firstRow { $0.text(at: 0) } ?? "[null,null]"))
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A value as the players table stores it: positions by their code, dates as ISO text.
    private static func databaseValue(_ value: FieldValue?) -> DatabaseValue {
        switch value {
        case nil: .null
        case .integer(let number): .integer(number)
        case .text(let text): .text(text)
        case .position(let position): .text(position.code)
        case .date(let date): .text(date.description)
        }
    }
}
