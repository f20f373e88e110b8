/// What `--prune` did, or would have done, and why not.
package struct PruneOutcome: Sendable, Equatable {
    /// `--prune` was given.
    package var requested = false
    /// Players were removed (or, in a dry run, would be).
    package var performed = false
    /// The players absent from the input: those a prune removes.
    package var wouldRemove = 0
    /// The roster's size before the import.
    package var rosterBefore = 0
    /// `--max-prune`.
    package var limitPercent = 0.0
    /// Why nothing was removed although asked: `rejected_records` or `over_limit`; nil otherwise.
    package var skippedReason: SkippedReason?

    package enum SkippedReason: String, Sendable {
        /// Records were rejected (`--skip-invalid`), so the input is not a complete snapshot.
        case rejectedRecords = "rejected_records"
        /// More than `--max-prune` of the roster would go.
        case overLimit = "over_limit"
    }
}
