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
    func migrate(_ connection: Connection, path: String) throws -> [Migration] {
        var appliedNow: [Migration] = []
        for migration in migrations {
            let didApply = try connection.transaction(.immediate) { () throws -> Bool in
                try connection.execute(Migrator.createLedgerSQL)
                let applied = try applied(in: connection)
                try verify(applied, path: path)
                guard !applied.contains(where: { $0.version == migration.version }) else { return false }
                try connection.execute(migration.sql)
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
}
