import CSQLite
import Glibc
import RosterModel

/// A raw `sqlite3 *`.
typealias SQLiteHandle = OpaquePointer
/// A raw `sqlite3_stmt *`.
typealias SQLiteStatementHandle = OpaquePointer

/// One open SQLite connection. It closes itself when released.
final class Connection {
    let handle: SQLiteHandle
    /// What SQLite's progress and busy handlers ask; the connection owns it, so it lives as long as they may run.
    private let waiting = Waiting()
    /// Statements kept prepared for SQL that runs again and again (`cached(_:)`), found by their text. A list, not
    /// a dictionary: the first dictionary keyed by text costs every process the Swift runtime's building of its
    /// generic type, about 100,000 instructions (a twentieth of a `show`), more than searching a list ever does.
    private var statementCache: [Statement] = []
    /// The most statements `cached(_:)` keeps; past it the cache starts over, as filters of endless shapes (a list
    /// of any length of positions) must not grow it without bound.
    static let statementCacheLimit = 128

    /// Opens `path` with SQLite's `flags`; a handle that fails to open is closed before the error is thrown.
    init(path: String, flags: Int32) throws {
        _ = Connection.configureSQLite
        var handle: SQLiteHandle?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            let systemError = handle.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(handle)
            throw DatabaseError(code: code, message: message, sql: nil, systemError: systemError)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        _ = csqlite_enable_defensive(handle)
        // Not SQLite's own busy timeout: it sleeps through a stop request until the timeout has run out.
        waiting.handle = handle
        sqlite3_busy_handler(
            handle,
            { context, attempts in
                let waiting = Unmanaged<Waiting>.fromOpaque(context!).takeUnretainedValue()
                // A read waits beside writers only in WAL mode, for the recovery of the log index; in rollback
                // mode it waits for a writer's transaction, which the busy timeout bounds.
                if attempts == 0, let handle = waiting.handle {
                    waiting.waitsForRecovery = !waiting.isWriting && Connection.fileSaysWAL(handle)
                }
                return waiting.waitForLock(attempt: attempts) ? 1 : 0
            }, Unmanaged.passUnretained(waiting).toOpaque())
    }

    /// Process-wide settings, made once before the first connection opens.
    private static let configureSQLite: Void = {
        _ = csqlite_disable_memory_statistics()
    }()

    deinit {
        // Statements still alive keep the handle open as a zombie until they are finalized; the zombie must not
        // call back into `waiting`, which goes with this object.
        sqlite3_progress_handler(handle, 0, nil, nil)
        sqlite3_busy_handler(handle, nil, nil)
        sqlite3_close_v2(handle)
    }

    /// The statement for `sql`, prepared on its first use on this connection and kept, reset and unbound; a new one
    /// when the kept one is still running (a caller reading its rows asked for the same SQL again).
    func cached(_ sql: String) throws -> Statement {
        if let statement = statementCache.first(where: { $0.sql == sql }) {
            if !statement.isRunning {
                statement.reset()
                return statement
            }
            return try prepare(sql)
        }
        if statementCache.count >= Connection.statementCacheLimit { statementCache.removeAll() }
        let statement = try prepare(sql)
        statementCache.append(statement)
        return statement
    }

    /// Throws a `DatabaseError` for any code other than OK, ROW and DONE.
    func check(_ code: Int32, sql: String? = nil) throws {
        switch code {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return
        default: throw error(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
    }

    /// The error for a failed call. A lock wait given up because of a stop request is reported as interrupted,
    /// not as busy; the error of a failed system call carries its `errno`.
    func error(code: Int32, message: String, sql: String?) -> DatabaseError {
        if code & 0xFF == SQLITE_BUSY, waiting.stop.isRaised {
            return DatabaseError(code: SQLITE_INTERRUPT, message: "interrupted while waiting for the lock", sql: sql)
        }
        if code & 0xFF == SQLITE_INTERRUPT, let limit = waiting.timeLimit, !waiting.stop.isRaised,
            waiting.deadlinePassed
        {
            return DatabaseError(
                code: SQLITE_INTERRUPT, message: "stopped after its time limit of \(limit) s", sql: sql,
                exceededTimeLimit: true)
        }
        var systemError: Int32 = 0
        if code & 0xFF == SQLITE_IOERR || code & 0xFF == SQLITE_FULL || code & 0xFF == SQLITE_CANTOPEN {
            systemError = sqlite3_system_errno(handle)
            // SQLite records errno for an error raised while a statement runs, not for one raised as COMMIT writes
            // the log (a small import's only writes): then the failed write's errno is still this thread's, nothing
            // having failed since. Only the errnos of a write that could not be made are taken from it.
            if systemError == 0, [ENOSPC, EFBIG, EDQUOT].contains(errno) { systemError = errno }
        }
        return DatabaseError(code: code, message: message, sql: sql, systemError: systemError)
    }

    /// Runs one or more statements that take no parameters and return no rows of interest.
    func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(errorMessage)
            throw error(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// A new prepared statement.
    func prepare(_ sql: String) throws -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// Sets how long a write waits for another connection's lock before it fails with SQLITE_BUSY.
    func setBusyTimeout(seconds: Double) {
        waiting.timeout = seconds
    }

    /// Marks the start and end of a write transaction, whose waits the busy timeout bounds. Outside one, a wait is
    /// a read's, which in WAL mode waits only for SQLite's own short work on the shared log index — the recovery of
    /// the index after the last connection to the roster closed (SQLITE_BUSY_RECOVERY) — never for a writer's
    /// transaction, so it may last `Waiting.readGrace` whatever the busy timeout. In rollback mode (another
    /// program's) a read waits for a writer's transaction, as long as the busy timeout allows.
    func beginWriting() { waiting.isWriting = true }
    func endWriting() { waiting.isWriting = false }

    /// Runs `body` again while it fails for another connection's lock, until the busy timeout has passed since the
    /// first try. For the lock steps SQLite takes without calling its busy handler, in rollback mode: raising a
    /// shared lock to a reserved or exclusive one (`BEGIN IMMEDIATE`, leaving rollback mode), which could deadlock
    /// against another writer, fails at once. A wait the busy handler made counts towards the timeout.
    func retryingWhileBusy<T>(_ body: () throws -> T) throws -> T {
        let started = MonotonicClock.now()
        var attempt = 0
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.primaryCode == SQLITE_BUSY {
                if waiting.stop.isRaised {
                    throw DatabaseError(code: SQLITE_INTERRUPT, message: "interrupted", sql: nil)
                }
                let waited = MonotonicClock.seconds(since: started)
                guard waited < waiting.timeout else { throw error }
                var time = timespec(
                    tv_sec: 0, tv_nsec: Int(min(attempt < 10 ? 0.001 : 0.01, waiting.timeout - waited) * 1e9))
                nanosleep(&time, nil)
                attempt += 1
            }
        }
    }

    /// Makes every running statement stop with SQLITE_INTERRUPT as soon as `stop` is raised; it is asked every
    /// thousand virtual-machine steps, so even a long index build stops within milliseconds, and between naps while
    /// waiting for another connection's lock.
    func stop(when stop: StopSignal) {
        waiting.stop = stop
        sqlite3_progress_handler(
            handle, 1000,
            { context in
                let waiting = Unmanaged<Waiting>.fromOpaque(context!).takeUnretainedValue()
                return waiting.stop.isRaised || (waiting.timeLimit != nil && waiting.deadlinePassed) ? 1 : 0
            }, Unmanaged.passUnretained(waiting).toOpaque())
    }

    /// Runs `body` with statements that a raised stop does not end (the time limit still does).
    func ignoringStop<T>(_ body: () throws -> T) rethrows -> T {
        let stop = waiting.stop
        waiting.stop = .never
        defer { waiting.stop = stop }
        return try body()
    }

    /// Runs `body` with a time limit: a statement still running `seconds` after the start stops with an error whose
    /// `exceededTimeLimit` is true (asked every thousand virtual-machine steps, as `stop(when:)` is), so that one
    /// costly request cannot hold a server's thread. Nested calls keep the outer limit.
    func withTimeLimit<T>(seconds: Double, _ body: () throws -> T) rethrows -> T {
        guard waiting.timeLimit == nil else { return try body() }
        waiting.timeLimit = seconds
        waiting.deadline = MonotonicClock.now()
        waiting.deadline.tv_sec += Int(seconds)
        waiting.deadline.tv_nsec += Int((seconds - seconds.rounded(.down)) * 1e9)
        if waiting.deadline.tv_nsec >= 1_000_000_000 {
            waiting.deadline.tv_sec += 1
            waiting.deadline.tv_nsec -= 1_000_000_000
        }
        defer { waiting.timeLimit = nil }
        return try body()
    }

    /// Leaves the write-ahead log as it is when this connection closes. SQLite's last connection otherwise
    /// checkpoints it and deletes it under an exclusive lock on the database file, and a process that opens the
    /// database meanwhile — a reader — waits for that lock (or fails at once with a zero busy timeout).
    func keepLogOnClose() throws {
        try check(csqlite_disable_checkpoint_on_close(handle))
    }

    /// Copies the write-ahead log into the database file and empties it, without taking a lock that readers wait
    /// for: SQLite waits instead (through the busy handler, at most `seconds`) for readers, and writers waiting
    /// for their turn, to be done with the log. Returns false when they kept it from finishing; the next writer
    /// tries again.
    @discardableResult
    func checkpoint(waitingAtMost seconds: Double) throws -> Bool {
        let timeout = waiting.timeout
        // Not the whole busy timeout: a second writer that was waiting for the lock now holds the log for all of
        // its import, and this process has nothing left to do but exit.
        waiting.timeout = min(timeout, seconds)
        beginWriting()
        defer {
            waiting.timeout = timeout
            endWriting()
        }
        let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        if code & 0xFF == SQLITE_BUSY { return false }
        try check(code)
        return true
    }

    /// The rowid of the last row inserted on this connection.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Whether the database file was deleted, renamed or replaced since this connection opened it.
    var fileHasMoved: Bool {
        var moved: Int32 = 0
        return sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved != 0
    }

    /// Whether the database file's header says WAL, read through the file SQLite opened, before any lock: a
    /// descriptor of this process's own would drop, when closed, every lock the process holds on the file, those
    /// of its other connections included. False when the header cannot be read.
    var fileSaysWAL: Bool { Connection.fileSaysWAL(handle) }

    private static func fileSaysWAL(_ handle: SQLiteHandle) -> Bool {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
            let file, let read = file.pointee.pMethods?.pointee.xRead
        else { return false }
        var header = [UInt8](repeating: 0, count: RosterFile.walHeaderLength)
        return read(file, &header, Int32(header.count), 0) == SQLITE_OK && RosterFile.saysWAL(header)
    }

    /// Whether a transaction is open.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}

/// The state SQLite's C progress and busy handlers reach through their context pointer.
private final class Waiting {
    /// Raised once the work should stop.
    var stop = StopSignal.never
    /// How long one wait for a lock may last in a write transaction, in seconds.
    var timeout: Double = 0
    /// Whether a write transaction is under way.
    var isWriting = false
    /// Whether the current wait is a read's in WAL mode, which waits only for SQLite's recovery of the log index.
    var waitsForRecovery = false
    /// The connection's handle, to read its file's journal mode when a wait begins.
    var handle: SQLiteHandle?
    /// The time limit of the statements running now, in seconds, and when it runs out; nil for none.
    var timeLimit: Double?
    var deadline = timespec()

    /// Whether the time limit has run out.
    var deadlinePassed: Bool {
        let now = MonotonicClock.now()
        return now.tv_sec > deadline.tv_sec || (now.tv_sec == deadline.tv_sec && now.tv_nsec >= deadline.tv_nsec)
    }
    /// How long a read may wait for the shared log index to be recovered, in seconds.
    static let readGrace = 2.0
    /// When the current wait for a lock began.
    private var started = timespec()

    /// Naps before another try at a lock; false gives up, and the statement fails with SQLITE_BUSY. The naps are
    /// short, so that a stop request is seen within milliseconds however long the timeout.
    func waitForLock(attempt: Int32) -> Bool {
        if attempt == 0 { started = MonotonicClock.now() }
        if stop.isRaised { return false }
        let waited = MonotonicClock.seconds(since: started)
        let limit = waitsForRecovery ? max(timeout, Waiting.readGrace) : timeout
        guard waited < limit else { return false }
        // 1 ms at first, as a lock held for a single statement is soon free; then 10 ms, or what is left.
        let nap = min(attempt < 10 ? 0.001 : 0.01, limit - waited)
        var time = timespec(tv_sec: 0, tv_nsec: Int(nap * 1e9))
        nanosleep(&time, nil)
        return !stop.isRaised
    }
}
