import RosterModel

/// An open roster and what can be done with it; the service the front ends call.
package final class Roster {
    package enum Access: Sendable {
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
    package struct OpenSummary: Sendable, Equatable {
        /// The file had no roster schema before.
        package let created: Bool
        /// Migrations applied just now, as `0002_query_indexes`.
        package let appliedMigrations: [String]
        /// Migrations a `.check` roster applies inside each write and rolls back.
        package let pendingMigrations: [String]
        package let schemaVersion: Int
        /// The migration that keeps the roster's history was applied to a roster that existed: its history begins
        /// now.
        package let historyBegan: Bool
    }

    package let path: String
    package let openSummary: OpenSummary
    /// Where the players are kept (`Roster+Engine.swift` opens it).
    let store: any RosterStore
    /// Raised when long work must stop; it is then rolled back.
    let stop: StopSignal
    /// What the last snapshot read through this roster saw (`snapshot(_:)`).
    var lastSnapshot: SnapshotRecord?
    /// The state of the store's files when this roster last looked before a read, or opened: what
    /// `fileWasRewritten(_:)` compares with, so that a file written over before the first read is seen too (its
    /// connection keeps pages of the old file from the opening).
    var filesSeen: StorageStamp?

    /// Opens the roster at `path`, migrating it to this build's schema. Once `stop` is raised, opening (a wait for
    /// the lock a migration needs) and all later work on this roster stop and roll back, with an error whose
    /// category is `.interrupted`.
    package init(path: String, access: Access, busyTimeout: Double = 5, stop: StopSignal = .never) throws {
        try Roster.ensureAddressSpace(Roster.openMemory, for: "open the roster")
        (store, openSummary) = try Roster.openStore(path: path, access: access, busyTimeout: busyTimeout, stop: stop)
        self.path = path
        self.stop = stop
        filesSeen = store.look().stamp
    }

    /// Whether it is read from a private copy made as it opened (a user who cannot write a WAL roster whose log
    /// files are missing): it never changes, so reads of it may overlap on its one connection.
    package var readsPrivateCopy: Bool { store.readsPrivateCopy }

    /// The number of players.
    package func count() throws -> Int {
        try store.read { try $0.count() }
    }

    /// Puts back the indexes, triggers, name search index and change counter row of rosterdb's that another
    /// program removed; returns their names (see `RosterStore.restoreMissingObjects`).
    package func restoreMissingObjects() throws -> [String] {
        try store.restoreMissingObjects()
    }

    /// Loads the sample roster (`seed.sql`) when the roster is empty; returns how many players it added, and how
    /// many the roster holds (counted in the same transaction: nothing is read once the sample is committed).
    package func loadSampleIfEmpty() throws -> (added: Int, total: Int) {
        try store.write(madeBy: "init --sample") { players in
            let before = try players.count()
            guard before == 0 else { return (0, before) }
            try players.addSample()
            let added = try players.count()
            return (added, added)
        }
    }
}
