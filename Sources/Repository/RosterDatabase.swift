import CSQLite
import Glibc
import RosterModel

/// An open roster: the SQLite file, checked and migrated to this build's schema.
package final class RosterDatabase {
    package enum OpenMode: Sendable {
        /// The file must exist (commands that only read).
        case existing
        /// The file is created when missing, at once (`init`).
        case createIfMissing
        /// The file is created when missing by the first write that commits: until then the roster is built under
        /// a temporary name beside it (`StagedRoster`), so that a command that fails, is stopped or writes nothing
        /// leaves no file behind (commands that write).
        case createOnFirstWrite
        /// Nothing is written (a dry run): a write is checked as it would be and then rolled back, pending
        /// migrations included, and a missing file is stood in for by an empty database in memory.
        case check
    }

    /// What opening did to the file.
    package struct OpenReport: Sendable {
        /// The file had no schema before (new, or empty).
        package let created: Bool
        /// The migrations applied just now, in order.
        package let appliedMigrations: [Migration]
        /// The migrations a `.check` opening left pending: each write applies them, and rolls them back.
        package let pendingMigrations: [Migration]
        /// The schema version the file is at now.
        package let schemaVersion: Int
    }

    package let path: String
    package let openReport: OpenReport
    /// Opened again, on the roster's own name, once a roster built under a temporary name is published.
    private(set) var connection: Connection

    /// Opens `path`: refuses what is not a rosterdb roster (or is one from a newer build, or one whose migrations
    /// changed) without writing a byte, then turns on WAL and foreign keys and applies pending migrations. The
    /// path is always a file's: never one of SQLite's special names.
    ///
    /// The path is resolved once (SQLite keeps `-wal`, `-shm` and `-journal` beside the file a link leads to), and
    /// a FIFO, device or socket there or beside it is refused before SQLite touches it. A roster this user cannot
    /// write (or whose `-wal` and `-shm` it cannot write or create) is opened read-only for `.existing`, never
    /// immutable and never creating a file beside it (see `connectReadOnly`), and refused for `.createIfMissing`.
    /// A command that only reads never waits for another writer: a migration it finds to apply takes the write
    /// lock at once or is left to `rosterdb init`. `stop` ends every statement and every wait for another writer's
    /// lock once it is raised, so that a signal is not held up by the busy timeout. `.check` writes nothing.
    package init(
        path: String, mode: OpenMode, busyTimeout: Double = 5, migrations: [Migration] = Migration.embedded,
        stop: StopSignal = .never
    ) throws {
        self.path = path
        self.busyTimeout = busyTimeout
        self.stop = stop
        let file = try RosterFile(path: path, mode: mode == .existing ? .existing : .createIfMissing)
        staged = mode == .createOnFirstWrite && file.access == .create ? try StagedRoster(for: file) : nil
        // Before SQLite opens it: a file put in its place in between is then told apart at the next look.
        fileIdentity = FileIdentity(path: file.resolved)
        resolvedPath = file.resolved
        if case .readOnly = file.access { isReadOnly = true } else { isReadOnly = false }
        do {
            if mode == .check && file.access == .create {
                // A dry run into a roster that does not exist works on an empty one in memory.
                connection = try Connection(
                    path: ":memory:",
                    flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY | SQLITE_OPEN_NOMUTEX)
                readsPrivateCopy = false
            } else {
                (connection, readsPrivateCopy) = try RosterDatabase.connect(
                    file, at: staged?.path, busyTimeout: busyTimeout, stop: stop)
            }
        } catch let error as DatabaseError where error.primaryCode == SQLITE_NOTADB {
            throw DatabaseOpenError.notSQLite(path: path)
        }
        try RosterDatabase.prepare(connection, busyTimeout: busyTimeout, stop: stop)

        let migrator = Migrator(migrations)
        let applied: [Migrator.AppliedMigration]
        do {
            applied = try RosterDatabase.readLedger(connection, path: path, migrator: migrator)
        } catch let error as DatabaseError where error.primaryCode == SQLITE_NOTADB {
            throw DatabaseOpenError.notSQLite(path: path)
        }
        try migrator.verify(applied, path: path)
        // The encoding is set when a database is made (a new one is UTF-8): text bound in another is converted, and
        // the schema's rules, written as UTF-8 bytes, refuse every name (`init --sample` failed on its first row).
        let encoding = try connection.prepare("PRAGMA encoding").firstRow { $0.text(at: 0) } ?? "UTF-8"
        if encoding != "UTF-8" { throw DatabaseOpenError.notUTF8(path: path, encoding: encoding) }
        // A file with nothing in it (zero bytes, say) is no roster; only a command that writes may make it one.
        if applied.isEmpty && mode == .existing { throw DatabaseOpenError.empty(path: path) }
        let pending = migrator.pending(after: applied)
        if case .readOnly(let reason) = file.access, let first = pending.first {
            throw DatabaseOpenError.readOnlyNeedsMigration(path: path, migration: first.identifier, reason: reason)
        }

        // Nothing has been written before this point. A read-only connection reads the file in the journal mode
        // it has; asking it for WAL would be a write.
        // A check writes nothing, not even the journal mode.
        if !isReadOnly && mode != .check {
            try RosterDatabase.turnOnWAL(connection, mode: mode, busyTimeout: busyTimeout)
        }
        try connection.execute("PRAGMA foreign_keys = ON")
        // The write lock is taken only when there is something to apply, so that opening never waits for a writer.
        let deferring = mode == .check && file.access != .create
        let appliedNow =
            pending.isEmpty || deferring
            ? []
            : try RosterDatabase.migrate(
                connection, with: migrator, path: path, mode: mode, busyTimeout: busyTimeout)
        deferredMigrations = deferring ? pending : []
        self.migrator = migrator
        writesNothing = mode == .check
        let players = PlayerRepository(connection: connection)
        self.players = players
        // A migration that adds a derived column leaves it to be filled, which the fold needs Swift for; rosterdb's
        // SQL is that of the whole schema, so a database opened with fewer migrations (an older schema) is left alone.
        if !appliedNow.isEmpty, migrations.map(\.version) == Migration.embedded.map(\.version) {
            try connection.transaction(.immediate) { try players.fillDerivedColumns() }
        }
        if !appliedNow.isEmpty { _ = try? connection.checkpoint(waitingAtMost: RosterDatabase.checkpointWait) }
        // Of processes creating one roster at once, only the one that laid its first migration created it.
        openReport = OpenReport(
            created: applied.isEmpty && appliedNow.first?.version == migrator.migrations.first?.version,
            appliedMigrations: appliedNow, pendingMigrations: deferredMigrations,
            schemaVersion: migrator.migrations.last?.version ?? 0)
    }

    /// How long a write waits for another writer's lock, and what stops the work: kept for a connection opened
    /// again (`publishStaged`).
    private let busyTimeout: Double
    private let stop: StopSignal

    /// The temporary file a roster that did not exist is built in until its first write commits; nil once
    /// published, and for every other roster.
    private var staged: StagedRoster?
    /// Whether the roster was published and is still to be opened under its own name: the next read or write
    /// opens it (`publishStaged`).
    private var reopensBeforeUse = false

    /// Migrations a `.check` opening left to apply inside each write, which it rolls back.
    private let deferredMigrations: [Migration]
    let migrator: Migrator
    /// Opened `.check`: every write is rolled back.
    private let writesNothing: Bool

    /// The file the roster was opened from (nil for one a dry run keeps in memory). Its change counter counts the
    /// changes of that file only: another file put in its place may have reached the same count.
    private(set) var fileIdentity: FileIdentity?
    /// The file SQLite opened: `path` with every symbolic link resolved.
    let resolvedPath: String

    /// Whether the path now names another file than the one this roster was opened from (renamed over, or removed
    /// and created again): a reader that stays open, such as a server's, must open the path again to see it.
    package var fileWasReplaced: Bool {
        FileIdentity(path: path) != fileIdentity
    }

    /// Whether this roster was opened read-only, because this user cannot write it.
    package let isReadOnly: Bool

    /// Whether it is read from a private copy made as it opened (see `connectReadOnly`), which never changes.
    package let readsPrivateCopy: Bool

    /// The players of this roster.
    package private(set) var players: PlayerRepository

    /// Runs `body` in a write transaction, taken at once (`BEGIN IMMEDIATE`) so that a second writer waits up to
    /// the busy timeout and then fails with a busy error before it has changed anything. Values another tool left
    /// underived are filled first, and any the write left so at the end. Once committed, the write-ahead log is
    /// copied into the database file, so that the file alone holds the roster again. With `commit` false (a dry run)
    /// everything is rolled back at the end. The history names `madeBy` as what made the write's changes.
    package func write<T>(commit: Bool = true, madeBy: String, _ body: (PlayerRepository) throws -> T) throws -> T {
        try reopenIfPublished()
        if isWritingTogether {
            // One write of a group (`writeTogether`): its own savepoint, rolled back alone when it throws.
            guard connection.isInTransaction else { throw DatabaseError.groupRolledBack }
            return try connection.savepoint(keep: commit && !writesNothing) {
                try writing(madeBy: madeBy, body)
            }
        }
        if !deferredMigrations.isEmpty { try connection.execute("PRAGMA foreign_keys = OFF") }
        defer { if !deferredMigrations.isEmpty { try? connection.execute("PRAGMA foreign_keys = ON") } }
        let result = try connection.transaction(.immediate, commit: commit && !writesNothing) { () throws -> T in
            let result = try writing(madeBy: madeBy, body)
            try checkFileIsInPlace()
            return result
        }
        guard commit && !writesNothing else { return result }
        try afterCommit()
        return result
    }

    /// Runs `body` in one write transaction, committed once when it returns (one sync of the log), inside which
    /// every `write` is a savepoint of its own with its own history write: one that throws is rolled back to its
    /// savepoint alone, and the others are kept. Nothing is committed when `body` or the commit throws; what a write
    /// does after its `write` returns comes before the commit, so its caller must wait for this to return before it
    /// says the write was made.
    package func writeTogether(_ body: () throws -> Void) throws {
        try reopenIfPublished()
        precondition(!isWritingTogether && deferredMigrations.isEmpty, "a group of writes on a roster that checks")
        try connection.transaction(.immediate) {
            isWritingTogether = true
            defer { isWritingTogether = false }
            try body()
            guard connection.isInTransaction else { throw DatabaseError.groupRolledBack }
            try checkFileIsInPlace()
        }
        try afterCommit()
    }

    /// Whether a `writeTogether` transaction is open, whose writes are savepoints.
    private var isWritingTogether = false

    /// One write's work inside its transaction or savepoint: the derived values and the history around `body`.
    private func writing<T>(madeBy: String, _ body: (PlayerRepository) throws -> T) throws -> T {
        for migration in deferredMigrations { try migrator.apply(migration, to: connection, path: path) }
        // Its row counts the changes that servers tag their answers with, and keeps the largest id given: a
        // write without it would go unseen and could give a removed player's id again.
        _ = try players.changeCounter()
        try players.fillDerivedColumns()
        try players.beginHistory(madeBy: madeBy)
        let result = try body(players)
        // Again after: a text rewritten to other bytes that fold the same (`Messi` → `MESSI`, or decomposed →
        // precomposed) keeps its key, which the schema's triggers take for another tool's change and clear.
        try players.fillDerivedColumns()
        try players.endHistory()
        return result
    }

    /// SQLite commits to the file it opened even when that name now leads elsewhere or nowhere: the write would be
    /// reported and lost.
    private func checkFileIsInPlace() throws {
        if connection.fileHasMoved { throw DatabaseOpenError.movedWhileOpen(path: path) }
    }

    /// What follows a commit: a staged roster put in place, or the log checkpointed when due.
    private func afterCommit() throws {
        if staged != nil {
            try publishStaged()
            return
        }
        // The commit is durable in the log already: a checkpoint that readers hold up is left to the next writer.
        if tidiesAfterEachWrite || StorageStamp.state(of: resolvedPath + "-wal").size >= RosterDatabase.logBytesKept {
            tidy()
        }
    }

    /// Whether `write` checkpoints the log after each commit: a command's one write is then in the file, and the
    /// log empty. Off, only once the log holds `logBytesKept`: a server's small writes then sync the log once each,
    /// rather than the log and the file after every write. The log empties often enough for a copy over the file
    /// to be seen soon (`wasWrittenOver(since:)`, which cannot tell one from a checkpoint while the log holds pages).
    package var tidiesAfterEachWrite = true

    /// How large the log grows before a write that does not tidy after each write checkpoints it: a few dozen
    /// small writes of 16 KiB pages.
    static let logBytesKept: Int64 = 4 << 20

    /// Checkpoints the log into the file and empties it, waiting at most `checkpointWait` for readers.
    @discardableResult
    package func tidy() -> Bool {
        (try? connection.checkpoint(waitingAtMost: RosterDatabase.checkpointWait)) ?? false
    }

    /// Puts a roster built under a temporary name in its place, once its first write has committed; from then on
    /// this roster is read and written under its own name, through a connection opened at its next use. Nothing
    /// stops it: the write is committed.
    ///
    /// The log is copied into the file and the file taken out of WAL mode first, so that the file alone holds the
    /// roster and this process keeps no index of the log under the temporary name: SQLite shares one such index
    /// among the connections of a process to one file, and a connection to the new name would use it. The
    /// connection stays open for what it keeps of its own (an import's list of changes, in a temporary table) and
    /// never reads the roster again: under its old name it would not find the log of a writer that turned WAL on
    /// again. The new one is opened only at the next use, by when the caller has let the old one go (opened at
    /// once, beside it, and turned to WAL, it read the roster as empty once another connection had written it).
    private func publishStaged() throws {
        guard let staged else { return }
        connection.stop(when: .never)
        guard try connection.checkpoint(waitingAtMost: 0) else {
            throw DatabaseOpenError.cannotCreate(path: path, reason: "its new file is in use by another process")
        }
        try connection.execute("PRAGMA journal_mode = DELETE")
        try staged.publish()
        self.staged = nil
        fileIdentity = FileIdentity(path: staged.target)
        reopensBeforeUse = true
    }

    /// Opens the roster under its own name, once published, for what this roster does next; every use of the
    /// connection starts with this.
    func reopenIfPublished() throws {
        guard reopensBeforeUse else { return }
        let reopened = try Connection(
            path: RosterDatabase.literalPath(RosterFile(path: path, mode: .existing).resolved),
            flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX)
        try RosterDatabase.prepare(reopened, busyTimeout: busyTimeout, stop: stop)
        // In the journal mode the file has: the next rosterdb that opens it turns WAL on.
        try reopened.execute("PRAGMA foreign_keys = ON")
        connection = reopened
        players = PlayerRepository(connection: reopened)
        reopensBeforeUse = false
    }

    /// Sets up a connection as every connection to a roster is.
    private static func prepare(_ connection: Connection, busyTimeout: Double, stop: StopSignal) throws {
        connection.setBusyTimeout(seconds: busyTimeout)
        // A reader must never wait for another process's lock; writers checkpoint after each write instead.
        try connection.keepLogOnClose()
        connection.stop(when: stop)
        try connection.registerFunctions()
    }

    /// Puts the roster in WAL mode. Leaving rollback mode (another program may have put it there) takes an
    /// exclusive lock, which any other connection reading the file holds up: a command that only reads does not
    /// wait for it, and reads in rollback mode; one that writes waits, as it would for its write lock.
    private static func turnOnWAL(_ connection: Connection, mode: OpenMode, busyTimeout: Double) throws {
        guard mode == .existing else {
            // A new roster's first page is written by the switch to WAL, so its page size is chosen here; a roster
            // that exists keeps its own (SQLite ignores the pragma then).
            try connection.execute("PRAGMA page_size = \(RosterDatabase.pageSize)")
            return try connection.retryingWhileBusy { try connection.execute("PRAGMA journal_mode = WAL") }
        }
        connection.setBusyTimeout(seconds: 0)
        defer { connection.setBusyTimeout(seconds: busyTimeout) }
        do {
            try connection.execute("PRAGMA journal_mode = WAL")
        } catch let error as DatabaseError where error.category == .busy {
            return
        }
    }

    /// The page size of a new roster, in bytes: 16 KiB, not SQLite's 4 KiB. A load of a million players into a
    /// new roster writes, reads back (each index is built from the table) and checkpoints a quarter as many pages,
    /// and takes about a tenth less time (BENCHMARKS.md, "16 KiB pages").
    static let pageSize = 16_384

    /// How long, at most, a writer waits for readers to leave the log before it empties it, in seconds.
    static let checkpointWait = 1.0

    /// Runs `body` with statements that the stop signal does not end: for what must still be done once a write is
    /// committed, such as listing what it changed, which a signal must not turn into "nothing was written".
    package func ignoringStop<T>(_ body: () throws -> T) rethrows -> T {
        try connection.ignoringStop(body)
    }

    /// Runs `body` on one consistent snapshot of the roster; inside another `read`, on that one's.
    package func read<T>(_ body: (PlayerRepository) throws -> T) throws -> T {
        try reopenIfPublished()
        if connection.isInTransaction { return try body(players) }
        return try connection.transaction(.deferred) { try body(players) }
    }

    /// Keeps at most `kibibytes` of the roster's pages cached on this connection (SQLite's default is 2,000).
    package func limitPageCache(toKibibytes kibibytes: Int) throws {
        try reopenIfPublished()
        try connection.execute("PRAGMA cache_size = -\(max(kibibytes, 1))")
    }

    /// Runs `body` with a time limit on every statement it runs: one still running `seconds` after the start stops
    /// with a `DatabaseError` whose `exceededTimeLimit` is true.
    package func withTimeLimit<T>(seconds: Double, _ body: () throws -> T) throws -> T {
        try reopenIfPublished()
        return try connection.withTimeLimit(seconds: seconds, body)
    }

    // MARK: - Opening

    /// `path` as SQLite takes it literally: a relative path gets `./` in front. SQLite would otherwise read
    /// `:memory:`, `""` and (as builds with URI file names do) `file:...` as databases that vanish on close, so
    /// that an import into one would report success and keep nothing.
    static func literalPath(_ path: String) -> String {
        path.hasPrefix("/") ? path : "./" + path
    }

    /// Opens the connection `file.access` allows; one to create the roster opens `staged` instead when given.
    private static func connect(
        _ file: RosterFile, at staged: String?, busyTimeout: Double, stop: StopSignal
    ) throws -> (connection: Connection, isPrivateCopy: Bool) {
        let path = literalPath(file.resolved)
        switch file.access {
        case .create:
            let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
            return (try Connection(path: staged.map(literalPath) ?? path, flags: flags), false)
        case .readWrite:
            return (try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX), false)
        case .readOnly:
            return try connectReadOnly(file, busyTimeout: busyTimeout, stop: stop)
        }
    }

    /// A read-only connection that sees one committed state, and creates nothing beside the roster.
    ///
    /// SQLite's read-only mode takes the usual locks, so it reads one snapshot while others write, and refuses a
    /// hot rollback journal that it cannot roll back. In WAL mode it needs `-wal` and `-shm`: it reads them when
    /// they exist (mapping the index read-only, or building a private one from the log when no writer is there),
    /// and would create them otherwise. This user must not, so a WAL roster that lacks one is read from a private
    /// copy instead (`PrivateSnapshot`). A writer that comes along during the copy leaves both behind: the next
    /// round then uses SQLite's read-only mode.
    private static func connectReadOnly(
        _ file: RosterFile, busyTimeout: Double, stop: StopSignal
    ) throws -> (connection: Connection, isPrivateCopy: Bool) {
        for _ in 0..<5 {
            if let connection = try connectInPlace(file, busyTimeout: busyTimeout) { return (connection, false) }
            // The copy locks the roster through a descriptor of its own, and closing that drops every lock this
            // process holds on the file: it is taken only when no connection here reads the roster in place (the
            // one just tried is closed by now; others would keep its log files from being deleted).
            guard
                let copy = try PrivateSnapshot.take(
                    of: file.resolved, path: file.path, busyTimeout: busyTimeout, stop: stop)
            else { continue }
            // Private, and gone from its folder as soon as it is open: nothing else can change it.
            defer { PrivateSnapshot.remove(folder: RosterFile.folder(of: copy)) }
            let connection = try Connection(
                path: uri(copy, query: "immutable=1"),
                flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX)
            return (connection, true)
        }
        throw DatabaseError(code: SQLITE_BUSY, message: "database is locked", sql: nil)
    }

    /// SQLite's read-only mode on the roster itself; nil when it cannot read it so: a WAL roster whose `-wal` or
    /// `-shm` is missing (or went just now), which this user may not create.
    private static func connectInPlace(_ file: RosterFile, busyTimeout: Double) throws -> Connection? {
        var info = stat()
        let logsExist = lstat(file.resolved + "-wal", &info) == 0 && lstat(file.resolved + "-shm", &info) == 0
        // readonly_shm: SQLite opens the index read-only and never creates it. Opening reads nothing yet.
        let connection = try Connection(
            path: uri(file.resolved, query: "mode=ro&readonly_shm=1"),
            flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX)
        guard logsExist || !connection.fileSaysWAL else { return nil }
        connection.setBusyTimeout(seconds: busyTimeout)
        do {
            // The first read opens the log files, and looks for a hot journal.
            try connection.execute("SELECT count(*) FROM sqlite_master")
            return connection
        } catch let error as DatabaseError where error.code == readOnlyRollback {
            throw DatabaseOpenError.hotJournal(path: file.path)
        } catch let error as DatabaseError where error.primaryCode == SQLITE_CANTOPEN || error.code == readOnlyDirectory
        {
            try requireReadableLogs(file)
            // The log files went (a last connection closed and deleted them).
            removeEmptyLogCreated(beside: file.resolved)
            return nil
        }
    }

    /// Throws when `-wal` or `-shm` exists but this user may not read it: a private copy would be no safer, as
    /// a writer may be using them.
    private static func requireReadableLogs(_ file: RosterFile) throws {
        for suffix in ["-wal", "-shm"] where faccessat(AT_FDCWD, file.resolved + suffix, R_OK, AT_EACCESS) != 0 {
            if errno != ENOENT {
                throw DatabaseOpenError.unreachable(path: file.companionBase + suffix, reason: errorText(errno))
            }
        }
    }

    /// SQLITE_READONLY_ROLLBACK and SQLITE_READONLY_DIRECTORY, macros that Swift does not import.
    private static let readOnlyRollback = SQLITE_READONLY | (3 << 8)
    private static let readOnlyDirectory = SQLITE_READONLY | (6 << 8)

    /// When the log went between the look and the open, SQLite creates an empty one in a folder this user can write
    /// before it finds no index; an empty log holds nothing, and left there it would belong to the wrong user.
    private static func removeEmptyLogCreated(beside resolved: String) {
        var log = stat()
        var database = stat()
        guard lstat(resolved + "-wal", &log) == 0, stat(resolved, &database) == 0 else { return }
        if log.st_size == 0 && log.st_uid == geteuid() && database.st_uid != geteuid() {
            unlink(resolved + "-wal")
        }
    }

    /// An SQLite URI that opens `path` (absolute) with `query`.
    private static func uri(_ path: String, query: String) -> String {
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
        return "file://" + escaped + "?" + query
    }
}
