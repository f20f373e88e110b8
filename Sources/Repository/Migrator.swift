import CSQLite

/// Applies migrations in order, each in its own transaction, and records them in `schema_migrations`.
struct Migrator {
    let migrations: [Migration]

    /// A migration list with two steps of one version or name is a programming error.
    init(_ migrations: [Migration]) {
        let versions = Set(migrations.map(\.version))
        let names = Set(migrations.map(\.name))
        precondition(versions.count == migrations.count, "two migrations share a version")
        precondition(names.count == migrations.count, "two migrations share a name")
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    static let createLedgerSQL = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            checksum   TEXT NOT NULL,
            applied_at TEXT NOT NULL
        )
        """

    /// An applied migration as the database records it.
    struct AppliedMigration {
        let version: Int
        let name: String
        let checksum: String
    }

    /// The migrations the database records, in order; throws SQLite's error when there is no ledger.
    func applied(in connection: Connection) throws -> [AppliedMigration] {
        let statement = try connection.prepare("SELECT version, name, checksum FROM schema_migrations ORDER BY version")
        var applied: [AppliedMigration] = []
        while try statement.step() {
            applied.append(
                AppliedMigration(
                    version: statement.int(at: 0), name: statement.text(at: 1), checksum: statement.text(at: 2)))
        }
        return applied
    }

    /// Refuses a database that records a migration this build does not know, or one whose file has changed.
    func verify(_ applied: [AppliedMigration], path: String) throws {
        for record in applied {
            guard let known = migrations.first(where: { $0.version == record.version }) else {
                let stranger = Migration(version: record.version, name: record.name, checksum: record.checksum, sql: "")
                throw DatabaseOpenError.newerSchema(path: path, migration: stranger.identifier)
            }
            guard known.checksum == record.checksum, known.name == record.name else {
                throw DatabaseOpenError.changedMigration(
                    path: path, migration: known.identifier, recorded: record.checksum, expected: known.checksum)
            }
        }
    }

    /// The migrations not yet applied, in order.
    func pending(after applied: [AppliedMigration]) -> [Migration] {
        let done = Set(applied.map(\.version))
        return migrations.filter { !done.contains($0.version) }
    }

    /// Applies every pending migration, each in its own write transaction; returns those it applied.
    ///
    /// The ledger is read again under the write lock, so two processes migrating at once apply each step once.
    /// Foreign keys are off while a migration runs and checked before it commits, as SQLite's procedure for changing
    /// a table's schema has it: a rebuild drops and renames tables, which enforced keys would forbid.
    func migrate(_ connection: Connection, path: String) throws -> [Migration] {
        try connection.execute("PRAGMA foreign_keys = OFF")
        defer { try? connection.execute("PRAGMA foreign_keys = ON") }
        var appliedNow: [Migration] = []
        for migration in migrations {
            let didApply = try connection.transaction(.immediate) { () throws -> Bool in
                try connection.execute(Migrator.createLedgerSQL)
                let applied = try applied(in: connection)
                try verify(applied, path: path)
                guard !applied.contains(where: { $0.version == migration.version }) else { return false }
                try apply(migration, to: connection, path: path)
                try checkForeignKeys(connection, migration: migration)
                let record = try connection.prepare(
                    """
                    INSERT INTO schema_migrations (version, name, checksum, applied_at)
                    VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
                    """)
                try record.bind(migration.version, at: 1)
                try record.bind(migration.name, at: 2)
                try record.bind(migration.checksum, at: 3)
                try record.run()
                return true
            }
            if didApply { appliedNow.append(migration) }
        }
        return appliedNow
    }

    /// Runs one migration's steps on `connection`, inside the caller's transaction.
    func apply(_ migration: Migration, to connection: Connection, path: String) throws {
        switch migration.plan {
        case .script(let sql):
            try connection.execute(sql)
        case .rebuild(let table, let create, let after):
            let rebuilt = table + "_new"
            try connection.execute(create)
            let columns = try sharedColumns(connection, from: table, to: rebuilt)
            let list = columns.map(SQL.identifier).joined(separator: ", ")
            let copy = "INSERT INTO \(SQL.identifier(rebuilt)) (\(list)) SELECT \(list) FROM \(SQL.identifier(table))"
            do {
                try connection.execute(copy)
            } catch let error as DatabaseError where error.primaryCode == SQLITE_CONSTRAINT {
                throw try refusedRows(connection, copying: copy, from: table, migration: migration, path: path)
            }
            // Other tables' triggers name the table in their bodies, and between the drop and the rename they name
            // none, which the rename would refuse ("no such table") were it to check and rewrite them: it only has
            // to move the new table into the old one's name, as SQLite's renames did before 3.25.
            try connection.execute("PRAGMA legacy_alter_table = ON")
            defer { try? connection.execute("PRAGMA legacy_alter_table = OFF") }
            try connection.execute("DROP TABLE \(SQL.identifier(table))")
            try connection.execute("ALTER TABLE \(SQL.identifier(rebuilt)) RENAME TO \(SQL.identifier(table))")
            try connection.execute(after)
        }
    }

    /// The columns both tables have, in the new table's order.
    private func sharedColumns(_ connection: Connection, from table: String, to rebuilt: String) throws -> [String] {
        func columns(of table: String) throws -> [String] {
            let statement = try connection.prepare("SELECT name FROM pragma_table_info(?)")
            try statement.bind(table, at: 1)
            var names: [String] = []
            while try statement.step() { names.append(statement.text(at: 0)) }
            return names
        }
        let old = Set(try columns(of: table))
        return try columns(of: rebuilt).filter(old.contains)
    }

    /// The rows the rebuilt table refuses, each with the rule it breaks, found by copying one row at a time.
    private func refusedRows(
        _ connection: Connection, copying copy: String, from table: String, migration: Migration, path: String
    ) throws -> DatabaseOpenError {
        let ids = try connection.prepare("SELECT rowid FROM \(SQL.identifier(table)) ORDER BY rowid")
        let one = try connection.prepare(copy + " WHERE rowid = ?")
        var refused: [DatabaseOpenError.RefusedRow] = []
        var count = 0
        while try ids.step() {
            let id = ids.int64(at: 0)
            one.reset()
            try one.bind(id, at: 1)
            do {
                try one.run()
            } catch let error as DatabaseError where error.primaryCode == SQLITE_CONSTRAINT {
                count += 1
                if refused.count < 20 { refused.append(DatabaseOpenError.RefusedRow(id: id, rule: error.message)) }
            }
        }
        return .migrationRefused(path: path, migration: migration.identifier, rows: refused, count: count)
    }

    /// Refuses to commit a migration that leaves a foreign key pointing nowhere.
    private func checkForeignKeys(_ connection: Connection, migration: Migration) throws {
        let check = try connection.prepare("PRAGMA foreign_key_check")
        if try check.firstRow({ "\($0.text(at: 0)) row \($0.int64(at: 1))" }) != nil {
            throw DatabaseError(
                code: SQLITE_CONSTRAINT | (3 << 8),  // SQLITE_CONSTRAINT_FOREIGNKEY, a macro Swift does not import
                message: "migration \(migration.identifier) leaves a foreign key pointing nowhere", sql: nil)
        }
    }
}
