import RosterModel
import RosterRepository

/// An open roster and what can be done with it; the service the commands call.
public final class Roster {
    public enum Access: Sendable {
        /// The database must exist already.
        case read
        /// The database is created when missing.
        case write
    }

    /// What opening did to the database file.
    public struct OpenSummary: Sendable, Equatable {
        /// The file had no roster schema before.
        public let created: Bool
        /// Migrations applied just now, as `0002_query_indexes`.
        public let appliedMigrations: [String]
        public let schemaVersion: Int
    }

    public let path: String
    public let openSummary: OpenSummary
    let database: RosterDatabase
    /// Asked during long work; true stops it and rolls it back.
    private(set) var shouldStop: () -> Bool = { false }

    /// Opens the roster at `path`, migrating it to this build's schema. With `shouldStop`, opening and all later
    /// work stop once it returns true, as `interrupt(when:)` says; given here, it also ends a wait for the lock
    /// that a migration needs.
    public init(path: String, access: Access, busyTimeout: Double = 5, shouldStop: (() -> Bool)? = nil) throws {
        database = try RosterDatabase(
            path: path, mode: access == .write ? .createIfMissing : .existing, busyTimeout: busyTimeout,
            shouldStop: shouldStop)
        self.path = path
        let report = database.openReport
        openSummary = OpenSummary(
            created: report.created, appliedMigrations: report.appliedMigrations.map(\.identifier),
            schemaVersion: report.schemaVersion)
        // The database asks it already.
        if let shouldStop { self.shouldStop = shouldStop }
    }

    /// Stops long work — an import, its index builds — and rolls it back once `shouldStop` returns true (a signal
    /// arrived). The error thrown then has the category `.interrupted`.
    public func interrupt(when shouldStop: @escaping () -> Bool) {
        self.shouldStop = shouldStop
        database.interrupt(when: shouldStop)
    }

    /// The number of players.
    public func count() throws -> Int {
        try database.read { try $0.count() }
    }

    /// Loads the sample roster (`seed.sql`) when the roster is empty; returns how many players it added.
    public func loadSampleIfEmpty() throws -> Int {
        try database.write { players in
            guard try players.count() == 0 else { return 0 }
            try players.runScript(Roster.sampleSQL)
            try players.fillMissingSortNames()
            return try players.count()
        }
    }

    /// The text of `seed.sql`, built into the binary.
    static let sampleSQL: String = EmbeddedSampleRoster.files[0].text
}
