/// What `--prune` did, or would have done, and why not.
public struct PruneOutcome: Sendable, Equatable {
    /// `--prune` was given.
    public var requested = false
    /// Players were removed (or, in a dry run, would be).
    public var performed = false
    /// The players absent from the input: those a prune removes.
    public var wouldRemove = 0
    /// The roster's size before the import.
    public var rosterBefore = 0
    /// `--max-prune`.
    public var limitPercent = 0.0
    /// Why nothing was removed although asked: `rejected_records` or `over_limit`; nil otherwise.
    public var skippedReason: SkippedReason?

    public enum SkippedReason: String, Sendable {
        /// Records were rejected (`--skip-invalid`), so the input is not a complete snapshot.
        case rejectedRecords = "rejected_records"
        /// More than `--max-prune` of the roster would go.
        case overLimit = "over_limit"
    }
}
