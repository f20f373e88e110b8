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
        case .changedMigration(let path, let migration, let recorded, let expected):
            "\(path) records migration \(migration) with checksum \(recorded.prefix(12))…, but this build's file has "
                + "\(expected.prefix(12))…; the schema was changed after it was applied. The file was left untouched"
        }
    }
}
