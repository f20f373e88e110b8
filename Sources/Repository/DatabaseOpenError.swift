import RosterModel

/// Why a roster database could not be opened, or stopped being usable while open. The file is never changed when
/// one of these is thrown.
package enum DatabaseOpenError: CategorizedError, Equatable {
    case missing(path: String)
    case emptyPath
    /// The file exists but holds no roster (zero bytes, or an SQLite database with nothing in it), and the command
    /// only reads.
    case empty(path: String)
    case isDirectory(path: String)
    /// A FIFO, a device or a socket: SQLite would block on it, or write a journal beside it.
    case notRegularFile(path: String, kind: String)
    /// The path cannot be followed: a folder on it is not searchable, a link loops, …
    case unreachable(path: String, reason: String)
    /// `-wal`, `-shm` or `-journal` beside the roster is not a regular file.
    case strangeCompanion(path: String, file: String, role: String, kind: String)
    /// The roster does not exist, but a file SQLite keeps beside one does: a new roster would take it for its own.
    case leftoverCompanion(path: String, file: String, role: String)
    case missingFolder(path: String)
    case cannotCreate(path: String, reason: String)
    case notWritable(path: String, reason: String)
    case readOnlyNeedsMigration(path: String, migration: String, reason: String)
    /// A writer stopped in the middle of a rollback-mode transaction; this user cannot roll it back.
    case hotJournal(path: String)
    /// The private copy a read-only user reads a WAL roster from, when its `-wal` or `-shm` is missing, failed.
    case snapshotFailed(path: String, reason: String)
    case notSQLite(path: String)
    /// An SQLite database that keeps its text in UTF-16: a roster's rules are written for UTF-8.
    case notUTF8(path: String, encoding: String)
    case notRoster(path: String)
    case newerSchema(path: String, migration: String)
    case changedMigration(path: String, migration: String, recorded: String, expected: String)
    /// `schema_migrations` was edited by hand.
    case damagedLedger(path: String, problem: LedgerProblem)
    /// A command that only reads found a migration to apply while another process writes.
    case migrationWaitsForWriter(path: String, migration: String)
    case migrationFailed(path: String, migration: String, reason: String)
    /// The file was deleted, renamed or replaced while rosterdb wrote to it; the write was rolled back.
    case movedWhileOpen(path: String)
    /// Another process created the roster while this one built it for its first write, which is not kept.
    case createdMeanwhile(path: String)
    /// Rows that break a rule a migration adds: the first of them, and how many there are.
    case migrationRefused(path: String, migration: String, rows: [RefusedRow], count: Int)

    /// A row a migration cannot keep, and the rule it breaks as SQLite names it.
    package struct RefusedRow: Equatable, Sendable {
        package let id: Int64
        package let rule: String
    }

    /// What is wrong with a `schema_migrations` table that was edited by hand.
    package enum LedgerProblem: Equatable, Sendable {
        /// The table is gone, while rosterdb's players table remains.
        case missing
        /// The table has no rows, while the database has other tables.
        case empty
        /// A step is not recorded, while a later one is.
        case gap(missing: String, recorded: String)
        /// A known step is recorded under another name.
        case renamed(migration: String, recordedName: String)
        /// A step no rosterdb has: not after this build's last one, so not from a newer build.
        case unknown(migration: String)
    }

    package var category: ErrorCategory {
        switch self {
        case .missingFolder, .cannotCreate, .notWritable, .readOnlyNeedsMigration, .hotJournal, .snapshotFailed,
            .unreachable, .movedWhileOpen:
            .io
        case .migrationWaitsForWriter, .createdMeanwhile: .busy
        default: .failure
        }
    }

    package var description: String {
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
        case .notRegularFile(let path, let kind):
            "\(path) is a \(kind), not a roster database file; it was left untouched"
        case .unreachable(let path, let reason):
            "cannot open \(path): \(reason.lowercased())"
        case .strangeCompanion(let path, let file, let role, let kind):
            "\(file), where SQLite keeps the \(role) of \(path), is a \(kind), not a regular file; remove it and "
                + "try again. The roster was left untouched"
        case .leftoverCompanion(let path, let file, let role):
            "\(path) does not exist, but \(file), SQLite's \(role) of a roster by that name, does: a roster made "
                + "there would take its content for its own and be damaged. Put the roster back beside it, or remove "
                + "\(file) if that roster is gone for good; nothing was created"
        case .missingFolder(let path):
            "cannot create \(path): its folder does not exist"
        case .cannotCreate(let path, let reason):
            "cannot create \(path): \(reason)"
        case .notWritable(let path, let reason):
            "cannot write \(path): \(reason); it was left untouched"
        case .readOnlyNeedsMigration(let path, let migration, let reason):
            "\(path) needs migration \(migration) before it can be read, but this user cannot write it (\(reason)); "
                + "run any rosterdb command on it once as a user who can. The file was left untouched"
        case .hotJournal(let path):
            "\(path) has a rollback journal (\(path)-journal) left by a writer that stopped in the middle of a "
                + "transaction; it must be rolled back before the roster can be read, and this user cannot write it. "
                + "Run 'rosterdb --db \(path) init' once as a user who can. The file was left untouched"
        case .snapshotFailed(let path, let reason):
            "cannot read \(path): its \(path)-wal or \(path)-shm is missing, which this user may not create, and a "
                + "private copy to read instead failed (\(reason.lowercased()))"
        case .notUTF8(let path, let encoding):
            "\(path) is an SQLite database that keeps its text as \(encoding), not UTF-8, which a roster's rules are "
                + "written for; rosterdb cannot use it. It was left untouched"
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
                + ". Fix or remove them (the rules are in docs/record-format.md), for example with the sqlite3 shell, "
                + "then run 'rosterdb init'. The file was left untouched"
        case .changedMigration(let path, let migration, let recorded, let expected):
            "\(path) records migration \(migration) with checksum \(recorded.prefix(12))…, but this build's has "
                + "\(expected.prefix(12))…: its schema_migrations row was edited, or the migration changed after it "
                + "was applied. The file was left untouched"
        case .damagedLedger(let path, let problem):
            "\(path): " + problem.description(path: path) + ". The file was left untouched"
        case .migrationWaitsForWriter(let path, let migration):
            "\(path) needs migration \(migration) before it can be read, and another process is writing it now; "
                + "run 'rosterdb --db \(path) init' once that writer has finished. The file was left untouched"
        case .migrationFailed(let path, let migration, let reason):
            "cannot apply migration \(migration) to \(path): \(reason)"
                + (reason.hasSuffix("already exists") || reason.hasPrefix("duplicate column name")
                    ? ", though schema_migrations does not record that migration: was the schema edited?" : ".")
                + " The file was left as it was before this migration"
        case .movedWhileOpen(let path):
            "\(path) was deleted or replaced while rosterdb was writing it; nothing was written. Run the command "
                + "again on the roster as it is now"
        case .createdMeanwhile(let path):
            "another process created \(path) while this command made it; nothing was written. Run the command again "
                + "to write into that roster"
        }
    }
}

extension DatabaseOpenError.LedgerProblem {
    /// The problem in words, after the roster's path.
    func description(path: String) -> String {
        let restore =
            "restore the roster from a backup, or export its players with the sqlite3 shell and import "
            + "them into a new roster"
        switch self {
        case .missing:
            return "it has rosterdb's players table but no schema_migrations table, which records its schema "
                + "version: the table was dropped or renamed; \(restore)"
        case .empty:
            return "its schema_migrations table records no migration, yet the database has tables: the rows were "
                + "deleted; \(restore)"
        case .gap(let missing, let recorded):
            return "schema_migrations records \(recorded) but not \(missing), which comes before it: the row was "
                + "deleted; \(restore)"
        case .renamed(let migration, let recordedName):
            return "schema_migrations records migration \(migration) under the name '\(recordedName)': the row "
                + "was edited; \(restore)"
        case .unknown(let migration):
            return "schema_migrations records migration \(migration), which no rosterdb has: the row was added by "
                + "hand; \(restore)"
        }
    }
}
