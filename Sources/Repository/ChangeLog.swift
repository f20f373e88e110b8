/// The players an import changes, kept in a temporary table of its connection — on disk, not in memory — so that a
/// million changes can be listed after the commit. The table lives as long as the connection; each import empties
/// it first.
public final class ChangeLog {
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

    /// One change: what happened (`added`, `updated`, `removed`), to whom, and the fields as a JSON object.
    public struct Change: Sendable {
        public let change: String
        public let id: Int64
        public let ref: String?
        public let name: String
        /// `{"goals":[20,21],…}`: each changed field's value before and after.
        public let fields: String

        public init(change: String, id: Int64, ref: String?, name: String, fields: String) {
            self.change = change
            self.id = id
            self.ref = ref
            self.name = name
            self.fields = fields
        }
    }

    public func record(_ change: Change) throws {
        insert.reset()
        try insert.bind([
            .text(change.change), .integer(change.id), change.ref.map { .text($0) } ?? .null,
            .text(change.name), .text(change.fields),
        ])
        try insert.run()
    }

    /// A player added earlier in this import moved to another id.
    public func renumber(_ id: Int64, to newID: Int64) throws {
        renumbering.reset()
        try renumbering.bind([.integer(newID), .integer(id)])
        try renumbering.run()
    }

    /// Calls `body` with each change, in the order they were made.
    public func forEach(_ body: (Change) throws -> Void) throws {
        let statement = try connection.prepare(
            "SELECT change, id, ref, name, fields FROM temp.rosterdb_changes ORDER BY seq")
        while try statement.step() {
            try body(
                Change(
                    change: statement.text(at: 0), id: statement.int64(at: 1), ref: statement.optionalText(at: 2),
                    name: statement.text(at: 3), fields: statement.text(at: 4)))
        }
    }
}

extension PlayerRepository {
    /// A change log on this repository's connection, emptied.
    public func changeLog() throws -> ChangeLog {
        try ChangeLog(connection: connection)
    }
}
