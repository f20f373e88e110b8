import CSQLite
import Glibc
import RosterModel

/// An error reported by SQLite: its result code, its message and the SQL that was running.
///
/// Bound values are never part of the description.
package struct DatabaseError: StorageError, Equatable {
    /// SQLite's extended result code (`SQLITE_CONSTRAINT_CHECK`, …).
    package let code: Int32
    /// SQLite's own message (`sqlite3_errmsg`).
    package let message: String
    /// The statement that failed, if any.
    package let sql: String?
    /// The `errno` of the system call that failed, for I/O errors; 0 when there is none.
    package let systemError: Int32
    /// Whether a statement was stopped because it ran past the time limit it was given (`withTimeLimit`).
    package let exceededTimeLimit: Bool
    /// For `unreadable(player:_:_:_:)`: the player whose stored values break rosterdb's rules, and which value.
    package let unreadableValue: UnreadableValue?

    init(
        code: Int32, message: String, sql: String?, systemError: Int32 = 0, exceededTimeLimit: Bool = false,
        unreadableValue: UnreadableValue? = nil
    ) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemError = systemError
        self.exceededTimeLimit = exceededTimeLimit
        self.unreadableValue = unreadableValue
    }

    /// The primary result code, without the extended bits.
    package var primaryCode: Int32 { code & 0xFF }

    /// Whether the process ran out of memory or of file descriptors (`ulimit -n`, the system's table): a shortage
    /// that may pass as other work ends.
    package var isOutOfResources: Bool {
        primaryCode == SQLITE_NOMEM || systemError == ENOMEM || systemError == EMFILE || systemError == ENFILE
    }

    /// A query stopped by its time limit, or a shortage of memory or descriptors, whatever SQLite's code; else as the
    /// code says.
    package var category: ErrorCategory {
        if exceededTimeLimit { return .timedOut }
        if isOutOfResources { return .unavailable }
        return codeCategory
    }

    /// The category SQLite's result code alone gives, which the message follows.
    private var codeCategory: ErrorCategory {
        switch primaryCode {
        case SQLITE_BUSY: .busy
        case SQLITE_INTERRUPT: .interrupted
        case SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_NOMEM: .io
        default: .failure
        }
    }

    package var description: String {
        if exceededTimeLimit { return "the query \(message)" }
        switch codeCategory {
        case .busy: return "database is locked by another writer; try again later"
        case .interrupted: return "interrupted; the roster was left as it was"
        case .io where primaryCode == SQLITE_NOMEM || systemError == ENOMEM:
            return "out of memory (see ulimit -v); the roster was left as it was"
        case .io:
            let action = primaryCode == SQLITE_CANTOPEN ? "open" : code == DatabaseError.readFailed ? "read" : "write"
            return "cannot \(action) the roster database: \(message)\(systemReason.map { " (\($0))" } ?? "")"
        // rosterdb's own words about another program's row: no SQLite error (SQLITE_CORRUPT, which it carries for
        // its category, reads as a damaged file).
        case _ where unreadableValue != nil: return message
        default:
            let statement = sql.map { " while running: \($0)" } ?? ""
            // rosterdb's statements name only its own tables and indexes: one that is gone was removed by another
            // program, and `init` puts it back.
            let missing = message.hasPrefix("no such table: ") || message.hasPrefix("no such index: ")
            let hint = missing ? "; another program removed it: run 'rosterdb init' to restore it" : ""
            return "\(message)\(hint) (SQLite error \(code))\(statement)"
        }
    }

    /// A value rosterdb never writes (another program's, with SQLite's CHECK constraints off), named with its player
    /// and field: `value` is nil when the field holds none though a player must have one.
    static func unreadable(player id: Int64, _ field: PlayerField, _ value: String?, _ problem: String) -> DatabaseError
    {
        let what = value.map { "\(field.name) '\($0)', \(problem)" } ?? "no \(field.name)"
        // `--` ends the options: without it, a negative id reads as one. An id no edit can set: remove only.
        let named = id < 0 ? "-- \(id)" : "\(id)"
        let remedy =
            field == .id
            ? "removed ('rosterdb remove \(named)')"
            : "corrected ('rosterdb edit \(named)') or removed ('rosterdb remove \(named)')"
        return DatabaseError(
            code: SQLITE_CORRUPT,
            message: "player \(id) has \(what); another program wrote it, and rosterdb cannot read that player until "
                + "it is \(remedy)",
            sql: nil, unreadableValue: UnreadableValue(player: id, description: what))
    }

    /// A write of a group (`RosterDatabase.writeTogether`) found the group's transaction gone: an error of an earlier
    /// write (a full disk, say) made SQLite roll it back whole, and nothing of the group is written.
    static let groupRolledBack = DatabaseError(
        code: SQLITE_ABORT,
        message: "an error of another write made at the same moment rolled back this one too; nothing was written",
        sql: nil)

    package typealias UnreadableValue = RosterModel.UnreadableValue

    /// SQLITE_IOERR_READ, a macro that Swift does not import.
    static let readFailed = SQLITE_IOERR | (1 << 8)

    /// What the failed system call says, in words a user can act on: SQLite reports a full disk and a file over
    /// the size limit (`ulimit -f`) alike as "disk I/O error".
    private var systemReason: String? {
        switch systemError {
        // A write that stops part way (the disk filled up during it) leaves no errno, only SQLITE_FULL.
        case 0: primaryCode == SQLITE_FULL ? "the disk is full" : nil
        case ENOSPC: "the disk is full"
        case EFBIG: "the file size limit was reached"
        case EDQUOT: "the disk quota is exceeded"
        default: String(cString: strerror(systemError)).lowercased()
        }
    }
}
