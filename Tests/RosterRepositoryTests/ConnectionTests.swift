import CSQLite
import Glibc
import TestSupport
import Testing

@testable import RosterRepository

@Suite struct ConnectionTests {
    let folder: TemporaryDirectory
    let connection: Connection

    init() throws {
        folder = try TemporaryDirectory()
        connection = try Connection(path: folder.path("wrapper.db"), flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, s TEXT CHECK (length(s) < 5))")
    }

    @Test func boundValuesComeBackUnchanged() throws {
        let insert = try connection.prepare("INSERT INTO t (n, s) VALUES (?, ?)")
        try insert.bind(Int64.max, at: 1)
        try insert.bind("a\u{0}b 'quoted'; DROP TABLE t; --", at: 2)
        try insert.run()
        insert.reset()
        try insert.bind(nil as Int64?, at: 1)
        try insert.bind("", at: 2)
        try insert.run()
        insert.reset()
        try insert.bind([.integer(-1), .null])
        try insert.run()

        let select = try connection.prepare("SELECT n, s FROM t ORDER BY id")
        #expect(try select.step())
        #expect(select.int64(at: 0) == Int64.max)
        #expect(select.text(at: 1) == "a\u{0}b 'quoted'; DROP TABLE t; --")
        #expect(try select.step())
        #expect(select.isNull(at: 0))
        #expect(select.optionalText(at: 1) == "")
        #expect(try select.step())
        #expect(select.int(at: 0) == -1)
        #expect(select.optionalText(at: 1) == nil)
        #expect(try !select.step())
    }

    @Test func errorsCarryCodeMessageAndSQL() throws {
        let badSQL = "SELEC 1"
        let prepareError = #expect(throws: DatabaseError.self) { try connection.prepare(badSQL) }
        #expect(prepareError?.sql == badSQL)
        #expect(prepareError?.message.contains("syntax error") == true)
        #expect(prepareError?.primaryCode == SQLITE_ERROR)

        let insert = try connection.prepare("INSERT INTO t (s) VALUES (?)")
        try insert.bind("secret-value", at: 1)
        let stepError = #expect(throws: DatabaseError.self) { try insert.run() }
        #expect(stepError?.code == SQLITE_CONSTRAINT | (1 << 8))  // SQLITE_CONSTRAINT_CHECK
        #expect(stepError?.message.contains("CHECK constraint failed") == true)
        #expect(stepError?.sql == "INSERT INTO t (s) VALUES (?)")
        // The bound value stays out of the description.
        #expect(stepError?.description.contains("secret") == false)
    }

    @Test func resetStatementsRunAgainWithNothingBound() throws {
        let statement = try connection.prepare("SELECT ?")
        try statement.bind(7, at: 1)
        #expect(try statement.firstRow { $0.int(at: 0) } == 7)
        statement.reset()
        #expect(try statement.firstRow { $0.isNull(at: 0) } == true)
    }

    @Test func transactionsRollBackWhenTheBodyThrows() throws {
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try connection.transaction(.immediate) {
                try connection.execute("INSERT INTO t (n) VALUES (1)")
                throw Boom()
            }
        }
        #expect(!connection.isInTransaction)
        let count = try connection.prepare("SELECT count(*) FROM t")
        _ = try count.step()
        #expect(count.int(at: 0) == 0)
    }

    @Test func busyAndIOErrorsHaveTheirCategories() {
        #expect(DatabaseError(code: SQLITE_BUSY, message: "database is locked", sql: nil).category == .busy)
        #expect(DatabaseError(code: SQLITE_FULL, message: "database or disk is full", sql: nil).category == .io)
        #expect(
            DatabaseError(code: SQLITE_READONLY, message: "attempt to write a readonly database", sql: nil).category
                == .io)
        #expect(DatabaseError(code: SQLITE_CORRUPT, message: "malformed", sql: nil).category == .failure)
        #expect(
            DatabaseError(code: SQLITE_BUSY, message: "", sql: nil).description
                == "database is locked by another writer; try again later")
    }

    /// A query past its time limit, and a shortage of memory or descriptors, are categories of their own, whatever
    /// SQLite's code: a server answers both 503 where another interruption or I/O error is not the same thing.
    @Test func timeLimitsAndShortagesHaveTheirCategories() {
        let stopped = DatabaseError(code: SQLITE_INTERRUPT, message: "interrupted", sql: nil, exceededTimeLimit: true)
        #expect(stopped.category == .timedOut)
        #expect(DatabaseError(code: SQLITE_INTERRUPT, message: "interrupted", sql: nil).category == .interrupted)
        #expect(DatabaseError(code: SQLITE_NOMEM, message: "out of memory", sql: nil).category == .unavailable)
        let noDescriptor = DatabaseError(
            code: SQLITE_CANTOPEN, message: "unable to open database file", sql: nil, systemError: EMFILE)
        #expect(noDescriptor.category == .unavailable)
        #expect(noDescriptor.description.hasPrefix("cannot open the roster database: unable to open database file"))
        #expect(
            DatabaseError(code: SQLITE_NOMEM, message: "", sql: nil).description
                == "out of memory (see ulimit -v); the roster was left as it was")
    }
}

/// Reading the header to choose how to open a read-only roster: through SQLite's own file, since closing a
/// descriptor of the process's own drops every lock the process holds on the file, and a reader of a rollback-mode
/// roster in `serve` then lost the lock that kept writers out of its snapshot.
@Suite struct HeaderReadTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func database(walMode: Bool) throws -> String {
        let path = folder.path(walMode ? "wal.db" : "rollback.db")
        let writer = try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try writer.execute(
            "PRAGMA journal_mode = \(walMode ? "WAL" : "DELETE"); CREATE TABLE t (n); INSERT INTO t VALUES (1)")
        return path
    }

    /// Whether some lock of this process covers SQLite's shared-lock bytes, seen through `probe`: an open file
    /// description lock conflicts with the process's own record locks.
    private func sharedBytesAreLocked(_ probe: Int32) -> Bool {
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 0x4000_0002  // SQLite's SHARED_FIRST: its pending byte + 2
        lock.l_len = 510
        lock.l_pid = 0
        // F_OFD_GETLK, which <fcntl.h> defines for _GNU_SOURCE only, and so Glibc does not import.
        let getOpenFileDescriptionLock: Int32 = 36
        return fcntl(probe, getOpenFileDescriptionLock, &lock) == 0 && lock.l_type != Int16(F_UNLCK)
    }

    @Test(arguments: [true, false])
    func theHeaderSaysWhetherTheFileIsInWALMode(walMode: Bool) throws {
        let path = try database(walMode: walMode)
        let reader = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
        #expect(reader.fileSaysWAL == walMode)
    }

    @Test func readingTheHeaderKeepsTheLocksOfTheProcesssOtherConnections() throws {
        let path = try database(walMode: false)
        // Open for the whole test: closing it would drop the very locks it looks at.
        let probe = open(path, O_RDONLY | O_CLOEXEC)
        #expect(probe >= 0)
        defer { close(probe) }
        let reader = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
        try reader.execute("BEGIN; SELECT count(*) FROM t")
        #expect(sharedBytesAreLocked(probe))
        do {
            let another = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
            #expect(!another.fileSaysWAL)
        }
        #expect(sharedBytesAreLocked(probe), "a read of the header dropped the reader's lock")
        try reader.execute("COMMIT")
        #expect(!sharedBytesAreLocked(probe))
    }
}
