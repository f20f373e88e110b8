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
        /// Nothing is written (a dry run): a write is checked as it would be and then rolled back, pending
        /// migrations included, and a missing file is stood in for by an empty database in memory.
        case check
    }

    /// What opening did to the file.
    public struct OpenReport: Sendable {
        /// The file had no schema before (new, or empty).
        public let created: Bool
        /// The migrations applied just now, in order.
        public let appliedMigrations: [Migration]
        /// The migrations a `.check` opening left pending: each write applies them, and rolls them back.
        public let pendingMigrations: [Migration]
        /// The schema version the file is at now.
        public let schemaVersion: Int
    }

    public let path: String
    public let openReport: OpenReport
    let connection: Connection

    /// Opens `path`: refuses what is not a rosterdb roster (or is one from a newer build, or one whose migrations
    /// changed) without writing a byte, then turns on WAL and foreign keys and applies pending migrations. The
    /// path is always a file's: never one of SQLite's special names.
    ///
    /// A roster this user cannot write is opened read-only for `.existing` (reads need no write access), and
    /// refused for `.createIfMissing` before anything is created beside it. `stop` ends every statement and every wait
    /// for another writer's lock once it is raised, so that a signal is not held up by the busy timeout.
    public init(
        path: String, mode: OpenMode, busyTimeout: Double = 5, migrations: [Migration] = Migration.embedded,
        stop: StopSignal = .never
    ) throws {
        self.path = path
        let access = try RosterDatabase.checkFile(at: path, mode: mode == .check ? .createIfMissing : mode)
        do {
            let file = RosterDatabase.literalPath(path)
            let single = SQLITE_OPEN_NOMUTEX
            switch access {
            case .create where mode == .check:
                connection = try Connection(
                    path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY | single)
            case .create:
                connection = try Connection(path: file, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | single)
            case .readWrite: connection = try Connection(path: file, flags: SQLITE_OPEN_READWRITE | single)
            case .readOnly: connection = try Connection(path: file, flags: SQLITE_OPEN_READONLY | single)
            case .readOnlyImmutable:
                let uri = RosterDatabase.immutableURI(file)
                connection = try Connection(path: uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | single)
            }
        } catch let error as DatabaseError where error.primaryCode == SQLITE_NOTADB {
            throw DatabaseOpenError.notSQLite(path: path)
        }
        connection.setBusyTimeout(seconds: busyTimeout)
        // A reader must never wait for another process's lock; writers checkpoint after each write instead.
        try connection.keepLogOnClose()
        connection.stop(when: stop)
        try connection.registerFunctions()
        isReadOnly = access == .readOnly || access == .readOnlyImmutable

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
        let pending = migrator.pending(after: applied)
        if isReadOnly, let first = pending.first {
            throw DatabaseOpenError.readOnlyNeedsMigration(path: path, migration: first.identifier)
        }

        // Nothing has been written before this point. A read-only connection reads the file in the journal mode
        // it has; asking it for WAL would be a write.
        // A check writes nothing, not even the journal mode.
        try connection.execute(
            (isReadOnly || mode == .check ? "" : "PRAGMA journal_mode = WAL; ") + "PRAGMA foreign_keys = ON")
        // The write lock is taken only when there is something to apply, so that opening never waits for a writer.
        let deferring = mode == .check && access != .create
        let appliedNow = pending.isEmpty || deferring ? [] : try migrator.migrate(connection, path: path)
        deferredMigrations = deferring ? pending : []
        self.migrator = migrator
        writesNothing = mode == .check
        let players = PlayerRepository(connection: connection)
        self.players = players
        // A migration that adds a derived column leaves it to be filled, which the fold needs Swift for; rosterdb's
        // SQL is that of the whole schema, so a database opened with fewer migrations (an older schema) is left alone.
        if !appliedNow.isEmpty, migrations.map(\.version) == Migration.embedded.map(\.version) {
            try connection.transaction(.immediate) { try players.fillDerivedColumns() }
            _ = try? connection.checkpoint(waitingAtMost: RosterDatabase.checkpointWait)
        }
        openReport = OpenReport(
            created: applied.isEmpty, appliedMigrations: appliedNow, pendingMigrations: deferredMigrations,
            schemaVersion: migrator.migrations.last?.version ?? 0)
    }

    /// Migrations a `.check` opening left to apply inside each write, which it rolls back.
    private let deferredMigrations: [Migration]
    private let migrator: Migrator
    /// Opened `.check`: every write is rolled back.
    private let writesNothing: Bool

    /// Whether this roster was opened read-only, because this user cannot write it.
    public let isReadOnly: Bool

    /// The players of this roster.
    public let players: PlayerRepository

    /// Runs `body` in a write transaction, taken at once (`BEGIN IMMEDIATE`) so that a second writer waits up to
    /// the busy timeout and then fails with a busy error before it has changed anything. Values another tool left
    /// underived are filled first. Once committed, the write-ahead log is copied into the database file, so that the
    /// file alone holds the roster again. With `commit` false (a dry run) everything is rolled back at the end.
    public func write<T>(commit: Bool = true, _ body: (PlayerRepository) throws -> T) throws -> T {
        if !deferredMigrations.isEmpty { try connection.execute("PRAGMA foreign_keys = OFF") }
        defer { if !deferredMigrations.isEmpty { try? connection.execute("PRAGMA foreign_keys = ON") } }
        let result = try connection.transaction(.immediate, commit: commit && !writesNothing) {
            for migration in deferredMigrations { try migrator.apply(migration, to: connection, path: path) }
            try players.fillDerivedColumns()
            return try body(players)
        }
        guard commit && !writesNothing else { return result }
        // The commit is durable in the log already: a checkpoint that readers hold up is left to the next writer.
        _ = try? connection.checkpoint(waitingAtMost: RosterDatabase.checkpointWait)
        return result
    }

    /// How long, at most, a writer waits for readers to leave the log before it empties it, in seconds.
    static let checkpointWait = 1.0

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

    /// How a file is opened.
    private enum FileAccess {
        /// It does not exist yet.
        case create
        case readWrite
        /// Read through its write-ahead log, which exists: SQLite maps the `-shm` index read-only if it must.
        case readOnly
        /// Read as a file that nothing writes: SQLite takes no locks and creates no `-wal` and `-shm` beside it.
        case readOnlyImmutable
    }

    /// How to open the file; throws for a path that cannot be a database file, or one this user cannot write
    /// when `mode` writes.
    private static func checkFile(at path: String, mode: OpenMode) throws -> FileAccess {
        guard !path.isEmpty else { throw DatabaseOpenError.emptyPath }
        var info = stat()
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        guard stat(path, &info) == 0 else {
            guard errno == ENOENT else { return .readWrite }  // Let SQLite report what is wrong with it.
            guard mode == .createIfMissing else { throw DatabaseOpenError.missing(path: path) }
            if !folder.isEmpty, stat(folder, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
                throw DatabaseOpenError.missingFolder(path: path)
            }
            if faccessat(AT_FDCWD, folder.isEmpty ? "/" : folder, W_OK | X_OK, AT_EACCESS) != 0 {
                throw DatabaseOpenError.cannotCreate(path: path, reason: "its folder is not writable (\(errorText()))")
            }
            return .create
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw DatabaseOpenError.isDirectory(path: path) }

        // SQLite in WAL mode writes `-wal` and `-shm` files beside the database, even to read it, unless they exist.
        let canWriteFile = faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0
        let fileReason = canWriteFile ? "" : errorText()
        let logExists = stat(path + "-wal", &info) == 0
        let logHasFrames = logExists && info.st_size > 0
        let indexExists = stat(path + "-shm", &info) == 0
        let canCreateBeside = faccessat(AT_FDCWD, folder.isEmpty ? "/" : folder, W_OK | X_OK, AT_EACCESS) == 0
        if canWriteFile && (logExists || canCreateBeside) { return .readWrite }
        guard mode == .existing else {
            throw DatabaseOpenError.notWritable(
                path: path,
                reason: canWriteFile
                    ? "its folder is not writable, and SQLite needs to create \(path)-wal and \(path)-shm there"
                    : "the file is read-only for this user (\(fileReason))")
        }
        // Commits still in the log are read through its index, which SQLite maps read-only. Without any, every
        // commit is in the database file itself, so reading it alone reads the whole roster, and creates nothing
        // beside it that its owner could not write later. (A writer that starts and checkpoints during such a
        // read could make it fail; it does not wait for the read.)
        return logExists && (logHasFrames || indexExists) ? .readOnly : .readOnlyImmutable
    }

    /// The `strerror` text of `errno`.
    private static func errorText() -> String {
        String(cString: strerror(errno))
    }

    /// An SQLite URI that opens `path` (a `literalPath`) immutable.
    private static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        // `file:` followed by a path that starts with `//` would name a host.
        return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?immutable=1"
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
