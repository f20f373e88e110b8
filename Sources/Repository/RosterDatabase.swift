import CSQLite
import Glibc
import RosterModel

/// An open roster: the SQLite file, checked and migrated to this build's schema.
public final class RosterDatabase {
    public enum OpenMode: Sendable {
        /// The file must exist (commands that only read).
        case existing
        /// The file is created when missing (commands that write).
        case createIfMissing
    }

    /// What opening did to the file.
    public struct OpenReport: Sendable {
        /// The file had no schema before (new, or empty).
        public let created: Bool
        /// The migrations applied just now, in order.
        public let appliedMigrations: [Migration]
        /// The schema version the file is at now.
        public let schemaVersion: Int
    }

    public let path: String
    public let openReport: OpenReport
    let connection: Connection

    /// Opens `path`: refuses what is not a rosterdb roster (or is one from a newer build, or one whose migrations
    /// changed) without writing a byte, then turns on WAL and foreign keys and applies pending migrations. The
    /// path is always a file's: never one of SQLite's special names.
    public init(
        path: String, mode: OpenMode, busyTimeout: Double = 5, migrations: [Migration] = Migration.embedded
    ) throws {
        self.path = path
        let exists = try RosterDatabase.checkFile(at: path, mode: mode)
        let flags = SQLITE_OPEN_READWRITE | (exists ? 0 : SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        do {
            connection = try Connection(path: RosterDatabase.literalPath(path), flags: flags)
        } catch let error as DatabaseError where error.primaryCode == SQLITE_NOTADB {
            throw DatabaseOpenError.notSQLite(path: path)
        }
        connection.setBusyTimeout(seconds: busyTimeout)

        let migrator = Migrator(migrations)
        let applied: [Migrator.AppliedMigration]
        do {
            applied = try RosterDatabase.hasLedger(connection, path: path) ? migrator.applied(in: connection) : []
        } catch let error as DatabaseError where error.primaryCode == SQLITE_NOTADB {
            throw DatabaseOpenError.notSQLite(path: path)
        }
        try migrator.verify(applied, path: path)
        // A file with nothing in it (zero bytes, say) is no roster; only a command that writes may make it one.
        if applied.isEmpty && mode == .existing { throw DatabaseOpenError.empty(path: path) }

        // Nothing has been written before this point.
        try connection.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON")
        // The write lock is taken only when there is something to apply, so that opening never waits for a writer.
        let appliedNow = migrator.pending(after: applied).isEmpty ? [] : try migrator.migrate(connection, path: path)
        players = PlayerRepository(connection: connection)
        openReport = OpenReport(
            created: applied.isEmpty, appliedMigrations: appliedNow,
            schemaVersion: migrator.migrations.last?.version ?? 0)
    }

    /// The players of this roster.
    public let players: PlayerRepository

    /// Stops any running statement, and so rolls back the transaction, once `shouldStop` returns true.
    public func interrupt(when shouldStop: @escaping () -> Bool) {
        connection.interrupt(when: shouldStop)
    }

    /// Runs `body` in a write transaction, taken at once (`BEGIN IMMEDIATE`) so that a second writer waits up to
    /// the busy timeout and then fails with a busy error before it has changed anything.
    public func write<T>(_ body: (PlayerRepository) throws -> T) throws -> T {
        try connection.transaction(.immediate) { try body(players) }
    }

    /// Runs `body` on one consistent snapshot of the roster.
    public func read<T>(_ body: (PlayerRepository) throws -> T) throws -> T {
        try connection.transaction(.deferred) { try body(players) }
    }

    // MARK: - Opening

    /// `path` as SQLite takes it literally: a relative path gets `./` in front. SQLite would otherwise read
    /// `:memory:`, `""` and (as builds with URI file names do) `file:...` as databases that vanish on close, so
    /// that an import into one would report success and keep nothing.
    static func literalPath(_ path: String) -> String {
        path.hasPrefix("/") ? path : "./" + path
    }

    /// Whether the file exists; throws for a path that cannot be a database file.
    private static func checkFile(at path: String, mode: OpenMode) throws -> Bool {
        guard !path.isEmpty else { throw DatabaseOpenError.emptyPath }
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { throw DatabaseOpenError.isDirectory(path: path) }
            return true
        }
        guard errno == ENOENT else { return true }  // Let SQLite report what is wrong with it.
        guard mode == .createIfMissing else { throw DatabaseOpenError.missing(path: path) }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        if !folder.isEmpty, stat(folder, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
            throw DatabaseOpenError.missingFolder(path: path)
        }
        return false
    }

    /// Whether the file has the migration ledger; throws `notRoster` for a database with other tables only.
    private static func hasLedger(_ connection: Connection, path: String) throws -> Bool {
        let statement = try connection.prepare(
            """
            SELECT count(*), count(*) FILTER (WHERE type = 'table' AND name = 'schema_migrations')
            FROM sqlite_master
            """)
        let (objects, ledgers) = try statement.firstRow { ($0.int(at: 0), $0.int(at: 1)) } ?? (0, 0)
        if ledgers == 0 && objects > 0 { throw DatabaseOpenError.notRoster(path: path) }
        return ledgers == 1
    }
}
