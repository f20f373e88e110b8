import RosterModel
import RosterRepository

/// An open roster and what can be done with it; the service the front ends call.
public final class Roster {
    public enum Access: Sendable {
        /// The database must exist already.
        case read
        /// The database is created when missing, by the first write that commits: a command that fails or writes
        /// nothing leaves no file behind.
        case write
        /// The database is created when missing, at once (`init`).
        case create
        /// Nothing is written, not a byte: a dry run of a write, which applies pending migrations, the work itself
        /// and then rolls everything back. A missing database is stood in for by an empty one in memory.
        case check
    }

    /// What opening did to the database file.
    public struct OpenSummary: Sendable, Equatable {
        /// The file had no roster schema before.
        public let created: Bool
        /// Migrations applied just now, as `0002_query_indexes`.
        public let appliedMigrations: [String]
        /// Migrations a `.check` roster applies inside each write and rolls back.
        public let pendingMigrations: [String]
        public let schemaVersion: Int
    }

    public let path: String
    public let openSummary: OpenSummary
    let database: RosterDatabase
    /// Raised when long work must stop; it is then rolled back.
    let stop: StopSignal
    /// What the last snapshot read through this roster saw (`snapshot(_:)`).
    var lastSnapshot: SnapshotRecord?

    /// Opens the roster at `path`, migrating it to this build's schema. Once `stop` is raised, opening (a wait for
    /// the lock a migration needs) and all later work on this roster stop and roll back, with an error whose
    /// category is `.interrupted`.
    public init(path: String, access: Access, busyTimeout: Double = 5, stop: StopSignal = .never) throws {
        try Roster.ensureAddressSpace(Roster.openMemory, for: "open the roster")
        database = try RosterDatabase(
            path: path, mode: Roster.openMode(access), busyTimeout: busyTimeout, stop: stop)
        self.path = path
        self.stop = stop
        let report = database.openReport
        openSummary = OpenSummary(
            created: report.created, appliedMigrations: report.appliedMigrations.map(\.identifier),
            pendingMigrations: report.pendingMigrations.map(\.identifier), schemaVersion: report.schemaVersion)
    }

    /// Whether it is read from a private copy made as it opened (a user who cannot write a WAL roster whose log
    /// files are missing): it never changes, so reads of it may overlap on its one connection.
    public var readsPrivateCopy: Bool { database.readsPrivateCopy }

    private static func openMode(_ access: Access) -> RosterDatabase.OpenMode {
        switch access {
        case .read: .existing
        case .write: .createOnFirstWrite
        case .create: .createIfMissing
        case .check: .check
        }
    }

    /// The number of players.
    public func count() throws -> Int {
        try database.read { try $0.count() }
    }

    /// Puts back the indexes, triggers, name search index and change counter row of rosterdb's that another
    /// program removed; returns their names (see `RosterDatabase.restoreMissingObjects`).
    public func restoreMissingObjects() throws -> [String] {
        try database.restoreMissingObjects()
    }

    /// Loads the sample roster (`seed.sql`) when the roster is empty; returns how many players it added, and how
    /// many the roster holds (counted in the same transaction: nothing is read once the sample is committed).
    public func loadSampleIfEmpty() throws -> (added: Int, total: Int) {
        try database.write { players in
            let before = try players.count()
            guard before == 0 else { return (0, before) }
            try players.runScript(Roster.sampleSQL)
            // The script leaves the derived values to rosterdb, as any other tool's rows do.
            try players.fillDerivedColumns()
            let added = try players.count()
            return (added, added)
        }
    }

    /// The text of `seed.sql`, built into the binary.
    static let sampleSQL: String = EmbeddedSampleRoster.files[0].text
}
