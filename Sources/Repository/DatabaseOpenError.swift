import RosterModel

/// Why a roster database could not be opened. The file is never changed when one of these is thrown.
public enum DatabaseOpenError: CategorizedError, Equatable {
    case missing(path: String)
    case emptyPath
    /// The file exists but holds no roster (zero bytes, or an SQLite database with nothing in it), and the command
    /// only reads.
    case empty(path: String)
    case isDirectory(path: String)
    case missingFolder(path: String)
    case cannotCreate(path: String, reason: String)
    case notWritable(path: String, reason: String)
    case readOnlyNeedsMigration(path: String, migration: String)
    case notSQLite(path: String)
    case notRoster(path: String)
    case newerSchema(path: String, migration: String)
    case changedMigration(path: String, migration: String, recorded: String, expected: String)
    /// Rows that break a rule a migration adds: the first of them, and how many there are.
    case migrationRefused(path: String, migration: String, rows: [RefusedRow], count: Int)

    /// A row a migration cannot keep, and the rule it breaks as SQLite names it.
    public struct RefusedRow: Equatable, Sendable {
        public let id: Int64
        public let rule: String
    }

    public var category: ErrorCategory {
        switch self {
        case .missingFolder, .cannotCreate, .notWritable, .readOnlyNeedsMigration: .io
        default: .failure
        }
    }

    public var description: String {
        switch self {
        case .missing(let path):
            "no roster database at \(path) — create one with 'rosterdb init' or 'rosterdb import FILE'"
        case .emptyPath:
            "the roster database path is empty"
        case .empty(let path):
            "\(path) is empty, not a roster database — make it one with 'rosterdb init' or 'rosterdb import FILE'; "
                + "it was left untouched"
        case .isDirectory(let path):
            "\(path) is a directory, not a roster database"
        case .missingFolder(let path):
            "cannot create \(path): its folder does not exist"
        case .cannotCreate(let path, let reason):
            "cannot create \(path): \(reason)"
        case .notWritable(let path, let reason):
            "cannot write \(path): \(reason); it was left untouched"
        case .readOnlyNeedsMigration(let path, let migration):
            "\(path) needs migration \(migration) before it can be read, but this user cannot write it; run any "
                + "rosterdb command on it once as a user who can. The file was left untouched"
        case .notSQLite(let path):
            "\(path) is not an SQLite database; it was left untouched"
        case .notRoster(let path):
            "\(path) is an SQLite database but not a rosterdb roster (it has no schema_migrations table); "
                + "it was left untouched"
        case .newerSchema(let path, let migration):
            "\(path) was written by a newer rosterdb: it records migration \(migration), which this build does not "
                + "know; upgrade rosterdb. The file was left untouched"
        case .migrationRefused(let path, let migration, let rows, let count):
            "cannot apply migration \(migration) to \(path): \(count.groupedDigits) "
                + "\(count == 1 ? "player breaks" : "players break") a rule it adds — "
                + rows.map { "id \($0.id): \($0.rule)" }.joined(separator: "; ")
                + (count > rows.count ? "; …" : "")
                + ". Fix or remove them (the rules are in README, Record format), for example with the sqlite3 shell, "
                + "then run 'rosterdb init'. The file was left untouched"
        case .changedMigration(let path, let migration, let recorded, let expected):
            "\(path) records migration \(migration) with checksum \(recorded.prefix(12))…, but this build's file has "
                + "\(expected.prefix(12))…; the schema was changed after it was applied. The file was left untouched"
        }
    }
}
