/// An index or trigger as `sqlite_master` records it.
struct SchemaObject: Equatable {
    let type: String
    let name: String
    let sql: String
}

extension PlayerRepository {
    /// The index that matches import records without an id.
    static let identityIndex = "players_by_name_birth_date"

    /// Runs `body` — a load of many new rows — with the players table's indexes and insert triggers dropped, then
    /// creates them again and rebuilds the name search index in one pass each. Sorting a million keys once is
    /// many times faster than inserting them one by one into five B-trees. Must run inside a write transaction, so
    /// that a failure anywhere leaves the schema as it was.
    public func withIndexesSuspended<T>(_ body: () throws -> T) throws -> T {
        precondition(connection.isInTransaction, "a bulk load must run inside a write transaction")
        precondition(suspendedSchema.isEmpty, "bulk loads do not nest")
        let suspended = try suspendableSchema()
        defer { suspendedSchema = [] }
        suspendedSchema = suspended
        for object in suspended {
            try connection.execute("DROP \(object.type == "index" ? "INDEX" : "TRIGGER") \"\(object.name)\"")
        }
        let result = try body()
        // Index builds sort; let SQLite's sorter use a second core.
        try connection.execute("PRAGMA threads = 2")
        for object in suspendedSchema {
            try restoreSuspended(object.name)
        }
        // The search index missed every insert while its trigger was away.
        try connection.execute("INSERT INTO players_search (players_search) VALUES ('rebuild')")
        return result
    }

    /// The indexes on players and the triggers that run on each insert into it. Partial indexes stay: they hold
    /// only the rows their condition picks (for `players_without_sort_name`, none that rosterdb writes), so keeping
    /// them costs little, while building one again costs a scan of the whole table.
    private func suspendableSchema() throws -> [SchemaObject] {
        let objects = try connection.prepare(
            """
            SELECT type, name, sql FROM sqlite_master
            WHERE tbl_name = 'players' AND sql IS NOT NULL
              AND ((type = 'index' AND sql NOT LIKE '% WHERE %')
                   OR (type = 'trigger' AND sql LIKE '%AFTER INSERT ON players%'))
            ORDER BY type, name
            """)
        var found: [SchemaObject] = []
        while try objects.step() {
            found.append(SchemaObject(type: objects.text(at: 0), name: objects.text(at: 1), sql: objects.text(at: 2)))
        }
        return found
    }

    /// Creates a suspended index or trigger again, now, if it is suspended.
    func restoreSuspended(_ name: String) throws {
        guard let index = suspendedSchema.firstIndex(where: { $0.name == name }) else { return }
        try connection.execute(suspendedSchema[index].sql)
        suspendedSchema.remove(at: index)
    }
}
