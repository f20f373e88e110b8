import CSQLite

/// A value bound to, or read from, a statement.
enum DatabaseValue: Equatable {
    case null
    case integer(Int64)
    case text(String)
}

/// A prepared statement. It owns its `sqlite3_stmt` and finalizes it when released.
final class Statement {
    let handle: SQLiteStatementHandle
    let sql: String
    private unowned let connection: Connection

    init(connection: Connection, sql: String) throws {
        var handle: SQLiteStatementHandle?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        try connection.check(code, sql: sql)
        guard let handle else {
            throw DatabaseError(code: SQLITE_MISUSE, message: "no statement in SQL", sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: - Binding (parameters are numbered from 1)

    func bind(_ value: Int64?, at index: Int32) throws {
        let code = value.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index)
        try checkBinding(code)
    }

    func bind(_ value: Int?, at index: Int32) throws {
        try bind(value.map(Int64.init), at: index)
    }

    func bind(_ value: String?, at index: Int32) throws {
        guard var text = value else {
            try checkBinding(sqlite3_bind_null(handle, index))
            return
        }
        // Bound with its byte length, so text holding NUL is neither cut short nor misread.
        let code = text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else {
                return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
            }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), csqlite_transient())
            }
        }
        try checkBinding(code)
    }

    /// Throws the error a bind returned. Checked here first: a bind almost never fails, and reaching the connection
    /// (an unowned reference) for each of the millions of binds of an import costs more than the bind itself.
    @inline(__always)
    private func checkBinding(_ code: Int32) throws {
        if code != SQLITE_OK { try connection.check(code, sql: sql) }
    }

    func bind(_ value: DatabaseValue, at index: Int32) throws {
        switch value {
        case .null: try bind(nil as Int64?, at: index)
        case .integer(let number): try bind(number, at: index)
        case .text(let text): try bind(text, at: index)
        }
    }

    /// Binds `values` to parameters 1, 2, ….
    func bind(_ values: [DatabaseValue]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    // MARK: - Running

    /// Advances to the next row; false when the statement is done.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        // The statement's error is the connection's error; reset so the statement can be reused.
        let error = connection.error(code: code, message: String(cString: sqlite3_errmsg(connection.handle)), sql: sql)
        sqlite3_reset(handle)
        throw error
    }

    /// The first row, read by `read`, or nil when there is none; the statement is reset afterwards, so that it holds
    /// no lock on the tables it read (a statement left on a row blocks DROP INDEX on the same connection).
    func firstRow<T>(_ read: (Statement) throws -> T) throws -> T? {
        defer { sqlite3_reset(handle) }
        return try step() ? try read(self) : nil
    }

    /// Runs a statement that returns no rows.
    func run() throws {
        while try step() {}
    }

    /// Whether the statement has stepped to a row and not been reset or run to its end.
    var isRunning: Bool { sqlite3_stmt_busy(handle) != 0 }

    /// Makes the statement ready to run again, with no values bound.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: - Reading the current row (columns are numbered from 0)

    func isNull(at column: Int32) -> Bool {
        type(at: column) == SQLITE_NULL
    }

    /// The storage class of the column's value: `SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`, `SQLITE_BLOB` or
    /// `SQLITE_NULL`.
    func type(at column: Int32) -> Int32 {
        sqlite3_column_type(handle, column)
    }

    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    func int(at column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Calls `body` with the UTF-8 bytes of the text in `column`, valid during the call only: for a value read in
    /// place, without making a String of it.
    func withText<T>(at column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        // sqlite3_column_bytes after sqlite3_column_text: the length of the text as converted.
        let start = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeBufferPointer(start: count == 0 ? nil : start, count: count))
    }

    /// Calls `body` with the UTF-8 bytes of the text in `column` as `withText` does, or with nil when the value is
    /// NULL: one call into SQLite fewer than asking for the type first.
    func withTextOrNull<T, Failure>(
        at column: Int32, _ body: (UnsafeBufferPointer<UInt8>?) throws(Failure) -> T
    ) throws(Failure) -> T {
        // SQLite answers NULL text with a null pointer and any other value, empty text too, with a pointer.
        guard let start = sqlite3_column_text(handle, column) else { return try body(nil) }
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeBufferPointer(start: count == 0 ? nil : start, count: count))
    }

    func optionalText(at column: Int32) -> String? {
        isNull(at: column) ? nil : text(at: column)
    }
}
