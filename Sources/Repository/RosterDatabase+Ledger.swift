import CSQLite

extension RosterDatabase {
    /// The migrations the roster records, after checking that the ledger reads as rosterdb wrote it. Throws
    /// `notRoster` for a database with other tables only, and names the edit when the ledger was changed by hand:
    /// a dropped or emptied table, a missing, renamed or invented step.
    static func readLedger(
        _ connection: Connection, path: String, migrator: Migrator
    ) throws -> [Migrator.AppliedMigration] {
        let statement = try connection.prepare(
            """
            SELECT count(*), count(*) FILTER (WHERE type = 'table' AND name = 'schema_migrations'),
                count(*) FILTER (WHERE type = 'table' AND name = 'players')
            FROM sqlite_master
            """)
        let (objects, ledgers, players) =
            try statement.firstRow { ($0.int(at: 0), $0.int(at: 1), $0.int(at: 2)) }
            ?? (0, 0, 0)
        guard ledgers == 1 else {
            if players > 0 { throw DatabaseOpenError.damagedLedger(path: path, problem: .missing) }
            if objects > 0 { throw DatabaseOpenError.notRoster(path: path) }
            return []
        }
        let applied = try migrator.applied(in: connection)
        if applied.isEmpty && objects > 1 { throw DatabaseOpenError.damagedLedger(path: path, problem: .empty) }

        let known = migrator.migrations
        for record in applied {
            if let migration = known.first(where: { $0.version == record.version }) {
                guard migration.name == record.name else {
                    throw DatabaseOpenError.damagedLedger(
                        path: path, problem: .renamed(migration: migration.identifier, recordedName: record.name))
                }
            } else if record.version <= known.last?.version ?? 0 {
                // Not from a newer build, which only adds steps after this one's.
                let stranger = Migration(version: record.version, name: record.name, checksum: "", sql: "")
                throw DatabaseOpenError.damagedLedger(path: path, problem: .unknown(migration: stranger.identifier))
            }
        }
        // Steps are applied in order, so the recorded ones are the first few.
        let recorded = Set(applied.map(\.version))
        if let missing = known.first(where: { !recorded.contains($0.version) }),
            let later = known.first(where: { $0.version > missing.version && recorded.contains($0.version) })
        {
            throw DatabaseOpenError.damagedLedger(
                path: path, problem: .gap(missing: missing.identifier, recorded: later.identifier))
        }
        return applied
    }

    /// Applies the pending migrations. A command that only reads does not wait for another writer's lock: it
    /// says at once that the roster needs `rosterdb init`. A step that fails is named, with SQLite's reason.
    static func migrate(
        _ connection: Connection, with migrator: Migrator, path: String, mode: OpenMode, busyTimeout: Double
    ) throws -> [Migration] {
        if mode == .existing { connection.setBusyTimeout(seconds: 0) }
        defer { connection.setBusyTimeout(seconds: busyTimeout) }
        do {
            return try migrator.migrate(connection, path: path)
        } catch let error as DatabaseError where error.category == .busy || error.category == .failure {
            let ledger = (try? migrator.applied(in: connection)) ?? []
            let next = migrator.pending(after: ledger).first?.identifier ?? "(none)"
            if error.category == .busy {
                guard mode == .existing else { throw error }
                throw DatabaseOpenError.migrationWaitsForWriter(path: path, migration: next)
            }
            throw DatabaseOpenError.migrationFailed(path: path, migration: next, reason: error.message)
        }
    }
}
