import CSQLite
import RosterModel

/// An error reported by SQLite: its result code, its message and the SQL that was running.
///
/// Bound values are never part of the description.
public struct DatabaseError: CategorizedError, Equatable {
    /// SQLite's extended result code (`SQLITE_CONSTRAINT_CHECK`, …).
    public let code: Int32
    /// SQLite's own message (`sqlite3_errmsg`).
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?

    init(code: Int32, message: String, sql: String?) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code, without the extended bits.
    public var primaryCode: Int32 { code & 0xFF }

    public var category: ErrorCategory {
        switch primaryCode {
        case SQLITE_BUSY: .busy
        case SQLITE_INTERRUPT: .interrupted
        case SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM: .io
        default: .failure
        }
    }

    public var description: String {
        switch category {
        case .busy: return "database is locked by another writer; try again later"
        case .interrupted: return "interrupted; the roster was left as it was"
        case .io: return "cannot write the roster database: \(message)"
        default:
            let statement = sql.map { " while running: \($0)" } ?? ""
            return "\(message) (SQLite error \(code))\(statement)"
        }
    }
}
