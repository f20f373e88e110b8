import CSQLite
import RosterModel

/// The roster as it was: the players just after a change of the history, made on this connection as temporary
/// objects named as the roster's own (`players`, its indexes, `players_search`), which SQLite finds before the main
/// schema's, so that every query, filter, sort, page and stats reads them unchanged.
extension RosterDatabase {
    package func readAsOf(change number: Int64) throws {
        try reopenIfPublished()
        // Values of then may break rules made since; they are read, never written back.
        try connection.execute("PRAGMA ignore_check_constraints = ON")
        defer { try? connection.execute("PRAGMA ignore_check_constraints = OFF") }
        try connection.transaction(.deferred) {
            try connection.execute(try RosterDatabase.temporary(try schemaSQL(of: "players", type: "table")))
            // The players there then: those not added since, with their fields (and the keys folded from them) as
            // the earliest change since found them (for those removed since, their removal), and those removed since
            // that existed then. The same table as the roster's, so its columns come in the same order.
            let since = "SELECT player_id FROM main.player_history WHERE change > \(number)"
            try connection.execute(
                """
                INSERT INTO temp.players SELECT * FROM main.players WHERE id NOT IN (\(since) AND kind = 'added');
                INSERT INTO temp.players (\(PlayerColumn.selectList))
                SELECT player_id, \(RosterDatabase.historyFields.map { "fields ->> '$.\($0.name)[0]'" }.joined(separator: ", "))
                FROM main.player_history
                WHERE change > \(number) AND kind = 'removed' AND player_id NOT IN (\(since) AND kind = 'added')
                """)
            for field in RosterDatabase.historyFields {
                let touched = "json_type(fields, '$.\(field.name)') IS NOT NULL"
                try connection.execute(
                    """
                    UPDATE temp.players SET \(field.name) = (
                        SELECT fields ->> '$.\(field.name)[0]' FROM main.player_history
                        WHERE player_id = temp.players.id AND change > \(number) AND \(touched)
                        ORDER BY change LIMIT 1)
                    WHERE id IN (\(since) AND kind = 'updated' AND \(touched))
                    """)
                if let derived = DerivedColumn.folding(field) {
                    try connection.execute(
                        "UPDATE temp.players SET \(derived.rawValue) = NULL WHERE id IN (\(since) AND \(touched))")
                }
            }
            for sql in try schemaObjects(on: "players", type: "index") {
                try connection.execute(try RosterDatabase.temporary(sql))
            }
            // The keys of the values put back, folded as every write folds them, before the name search reads them.
            _ = try players.fillDerivedColumns()
            try connection.execute(try RosterDatabase.temporary(try schemaSQL(of: "players_search", type: "table")))
            try connection.execute(
                "INSERT INTO temp.players_search (rowid, sort_name) SELECT id, sort_name FROM temp.players")
        }
    }

    /// The fields a change of the history holds: all but the id.
    private static let historyFields = PlayerField.allCases.filter { $0 != .id }

    private func schemaSQL(of name: String, type: String) throws -> String {
        let statement = try connection.prepare("SELECT sql FROM main.sqlite_master WHERE name = ?1 AND type = ?2")
        try statement.bind([.text(name), .text(type)])
        guard let sql = try statement.firstRow({ $0.text(at: 0) }) else {
            throw DatabaseError(code: SQLITE_ERROR, message: "the roster has no \(type) \(name)", sql: nil)
        }
        return sql
    }

    private func schemaObjects(on table: String, type: String) throws -> [String] {
        let statement = try connection.prepare(
            "SELECT sql FROM main.sqlite_master WHERE tbl_name = ?1 AND type = ?2 AND sql IS NOT NULL")
        try statement.bind([.text(table), .text(type)])
        var objects: [String] = []
        while try statement.step() { objects.append(statement.text(at: 0)) }
        return objects
    }

    /// The SQL that made a schema object, made to make it in the temporary schema: `CREATE TABLE x` as
    /// `CREATE TEMP TABLE x`, an index or virtual table named `temp.x`.
    private static func temporary(_ sql: String) throws -> String {
        for (made, temporary) in [
            ("CREATE TABLE ", "CREATE TEMP TABLE "), ("CREATE UNIQUE INDEX ", "CREATE UNIQUE INDEX temp."),
            ("CREATE INDEX ", "CREATE INDEX temp."), ("CREATE VIRTUAL TABLE ", "CREATE VIRTUAL TABLE temp."),
        ] where sql.hasPrefix(made) {
            return temporary + sql.dropFirst(made.count)
        }
        throw DatabaseError(
            code: SQLITE_ERROR, message: "cannot read the roster as it was: unexpected schema \(sql)", sql: nil)
    }
}
