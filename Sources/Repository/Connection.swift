import CSQLite

/// A raw `sqlite3 *`.
typealias SQLiteHandle = OpaquePointer
/// A raw `sqlite3_stmt *`.
typealias SQLiteStatementHandle = OpaquePointer

/// One open SQLite connection. It closes itself when released.
final class Connection {
    let handle: SQLiteHandle
    /// The check behind the progress handler, kept alive as long as SQLite may call it.
    private var interruptCheck: Unmanaged<InterruptCheck>?

    /// Opens `path` with SQLite's `flags`; a handle that fails to open is closed before the error is thrown.
    init(path: String, flags: Int32) throws {
        var handle: SQLiteHandle?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw DatabaseError(code: code, message: message, sql: nil)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        _ = csqlite_enable_defensive(handle)
    }

    deinit {
        // Statements still alive keep the handle open as a zombie until they are finalized.
        sqlite3_progress_handler(handle, 0, nil, nil)
        sqlite3_close_v2(handle)
        interruptCheck?.release()
    }

    /// Throws a `DatabaseError` for any code other than OK, ROW and DONE.
    func check(_ code: Int32, sql: String? = nil) throws {
        switch code {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return
        default: throw DatabaseError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
    }

    /// Runs one or more statements that take no parameters and return no rows of interest.
    func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(errorMessage)
            throw DatabaseError(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// A new prepared statement.
    func prepare(_ sql: String) throws -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// Sets how long a statement waits for another connection's lock before it fails with SQLITE_BUSY.
    func setBusyTimeout(seconds: Double) {
        sqlite3_busy_timeout(handle, Int32(clamping: Int((seconds * 1000).rounded())))
    }

    /// Makes every running statement stop with SQLITE_INTERRUPT as soon as `shouldStop` returns true; it is asked
    /// every thousand virtual-machine steps, so even a long index build stops within milliseconds.
    func interrupt(when shouldStop: @escaping () -> Bool) {
        let box = Unmanaged.passRetained(InterruptCheck(shouldStop))
        interruptCheck?.release()
        interruptCheck = box
        sqlite3_progress_handler(handle, 1000, { context in
            Unmanaged<InterruptCheck>.fromOpaque(context!).takeUnretainedValue().shouldStop() ? 1 : 0
        }, box.toOpaque())
    }

    /// The rowid of the last row inserted on this connection.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Whether a transaction is open.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}

/// A closure SQLite's C progress handler can reach through its context pointer.
private final class InterruptCheck {
    let shouldStop: () -> Bool

    init(_ shouldStop: @escaping () -> Bool) {
        self.shouldStop = shouldStop
    }
}
