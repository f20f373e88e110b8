import RosterModel

/// What `import --history` restored (or, in a dry run, would have).
package struct HistoryRestoreReport: Sendable, Equatable {
    /// The history's start, as the file gives it.
    package let start: HistoryStart
    /// The changes restored.
    package let changes: Int64
    /// The players the roster has once they are made.
    package let players: Int
    package let dryRun: Bool
}
