import CSQLite
import Glibc
import Testing

@testable import RosterRepository

@Suite struct DatabaseErrorTests {
    /// SQLITE_IOERR_WRITE and SQLITE_IOERR_READ, macros that Swift does not import.
    static let writeFailed = SQLITE_IOERR | (3 << 8)
    static let readFailed = SQLITE_IOERR | (1 << 8)

    @Test func ioErrorsSayWhatTheSystemCallSaid() {
        // SQLite says "disk I/O error" for a full disk and a file over `ulimit -f` alike.
        let tooLarge = DatabaseError(code: Self.writeFailed, message: "disk I/O error", sql: nil, systemError: EFBIG)
        #expect(tooLarge.category == .io)
        #expect(
            tooLarge.description == "cannot write the roster database: disk I/O error (the file size limit was reached)"
        )
        let full = DatabaseError(code: SQLITE_FULL, message: "database or disk is full", sql: nil, systemError: ENOSPC)
        #expect(full.description == "cannot write the roster database: database or disk is full (the disk is full)")
        let filled = DatabaseError(code: SQLITE_FULL, message: "database or disk is full", sql: nil)
        #expect(filled.description == "cannot write the roster database: database or disk is full (the disk is full)")
        let unreadable = DatabaseError(code: Self.readFailed, message: "disk I/O error", sql: nil, systemError: EIO)
        #expect(unreadable.description == "cannot read the roster database: disk I/O error (input/output error)")
        let unopened = DatabaseError(
            code: SQLITE_CANTOPEN, message: "unable to open database file", sql: nil, systemError: ENOENT)
        #expect(
            unopened.description
                == "cannot open the roster database: unable to open database file (no such file or directory)")
        let plain = DatabaseError(code: SQLITE_READONLY, message: "attempt to write a readonly database", sql: nil)
        #expect(plain.description == "cannot write the roster database: attempt to write a readonly database")
    }
}
