import RosterService

/// Says what opening did to the database file.
enum OpenSummaryView {
    /// `Created roster.db (schema version 3).`, `Migrated … (applied …).` or `roster.db is up to date …`.
    static func render(_ summary: Roster.OpenSummary, path: String) -> String {
        if summary.created { return "Created \(path) (schema version \(summary.schemaVersion))." }
        if !summary.appliedMigrations.isEmpty { return migrationLine(summary, path: path) }
        return "\(path) is up to date (schema version \(summary.schemaVersion))."
    }

    static func migrationLine(_ summary: Roster.OpenSummary, path: String) -> String {
        "Migrated \(path) to schema version \(summary.schemaVersion) (applied "
            + summary.appliedMigrations.joined(separator: ", ") + ")."
            + (summary.historyBegan
                ? " Its history begins now: every change from here on is kept (rosterdb history, changes, --at)." : "")
    }
}
