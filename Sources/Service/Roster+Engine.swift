import RosterModel
import RosterRepository

/// The storage engine the service opens — SQLite's, the one implementation of `RosterStore` today — and the files it
/// keeps. The only code of the service that names it: everything else speaks to the store through `RosterStore`.
extension Roster {
    /// Opens the store at `path` as `access` allows, migrated to this build's schema.
    static func openStore(path: String, access: Access, busyTimeout: Double, stop: StopSignal) throws -> (
        any RosterStore, OpenSummary
    ) {
        let database = try RosterDatabase(
            path: path, mode: Roster.openMode(access), busyTimeout: busyTimeout, stop: stop)
        let report = database.openReport
        let summary = OpenSummary(
            created: report.created, appliedMigrations: report.appliedMigrations.map(\.identifier),
            pendingMigrations: report.pendingMigrations.map(\.identifier), schemaVersion: report.schemaVersion,
            historyBegan: !report.created && report.appliedMigrations.contains(where: \.beginsHistory))
        return (database, summary)
    }

    private static func openMode(_ access: Access) -> RosterDatabase.OpenMode {
        switch access {
        case .read: .existing
        case .write: .createOnFirstWrite
        case .create: .createIfMissing
        case .check: .check
        }
    }

    /// The files of the roster whose database is at `resolvedPath` (symbolic links resolved, as SQLite resolves
    /// them): the database, then the files SQLite keeps beside it, which may not exist yet. Nothing but SQLite may
    /// write any of them.
    package static func files(resolvedPath: String) -> [String] {
        [resolvedPath] + RosterDatabase.companionSuffixes.map { resolvedPath + $0 }
    }
}
