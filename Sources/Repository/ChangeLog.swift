import RosterModel

/// The players an import changes (`ChangeList`), kept in a temporary table of its connection — on disk, not in
/// memory. The table lives as long as the connection; each import empties it first.
final class ChangeLog: ChangeList {
    private let connection: Connection
    private let insert: Statement
    private let renumbering: Statement

    init(connection: Connection) throws {
        self.connection = connection
        try connection.execute(
            """
            CREATE TEMP TABLE IF NOT EXISTS rosterdb_changes (
                seq INTEGER PRIMARY KEY, change TEXT NOT NULL, id INTEGER NOT NULL, ref TEXT, name TEXT NOT NULL,
                fields TEXT NOT NULL);
            DELETE FROM temp.rosterdb_changes
            """)
        insert = try connection.prepare(
            "INSERT INTO temp.rosterdb_changes (change, id, ref, name, fields) VALUES (?, ?, ?, ?, ?)")
        renumbering = try connection.prepare("UPDATE temp.rosterdb_changes SET id = ? WHERE id = ?")
    }

    func record(_ change: PlayerChange) throws {
        insert.reset()
        try insert.bind([
            .text(change.change.rawValue), .integer(change.id), change.ref.map { .text($0) } ?? .null,
            .text(change.name), .text(change.fields),
        ])
        try insert.run()
    }

    func renumber(_ id: Int64, to newID: Int64) throws {
        renumbering.reset()
        try renumbering.bind([.integer(newID), .integer(id)])
        try renumbering.run()
    }

    func replace(_ id: Int64, with change: PlayerChange?) throws {
        // Found by id through an index made at the first replacement: most imports replace none.
        try connection.execute("CREATE INDEX IF NOT EXISTS temp.rosterdb_changes_by_id ON rosterdb_changes (id)")
        guard let change else {
            let delete = try connection.prepare("DELETE FROM temp.rosterdb_changes WHERE id = ?")
            try delete.bind([.integer(id)])
            try delete.run()
            return
        }
        let update = try connection.prepare(
            "UPDATE temp.rosterdb_changes SET change = ?, ref = ?, name = ?, fields = ? WHERE id = ?")
        try update.bind([
            .text(change.change.rawValue), change.ref.map { .text($0) } ?? .null, .text(change.name),
            .text(change.fields),
            .integer(id),
        ])
        try update.run()
        if connection.changes == 0 { try record(change) }
    }

    func forEach(_ body: (PlayerChange) throws -> Void) throws {
        let statement = try connection.prepare(
            "SELECT change, id, ref, name, fields FROM temp.rosterdb_changes ORDER BY seq")
        while try statement.step() {
            try body(
                PlayerChange(
                    change: ChangeKind(rawValue: statement.text(at: 0)) ?? .updated, id: statement.int64(at: 1),
                    ref: statement.optionalText(at: 2),
                    name: statement.text(at: 3), fields: statement.text(at: 4)))
        }
    }
}

extension PlayerRepository {
    /// A change log on this repository's connection, emptied.
    package func changeList() throws -> any ChangeList {
        try ChangeLog(connection: connection)
    }
}
