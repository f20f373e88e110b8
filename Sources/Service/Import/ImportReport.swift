import RosterFormats

/// What an import did, or would do with `--dry-run`.
public struct ImportReport: Sendable {
    /// How it ended.
    public var status = ImportStatus.committed
    /// The inputs as the user named them.
    public var files: [String]
    /// Records read, valid or not.
    public var records = 0
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var removed = 0
    /// Records that were not imported.
    public var rejectedRecords = 0
    /// The first problems found, at most `ImportReport.problemLimit`; the rest are spooled (`forEachProblem`).
    public var problems: [RecordProblem] = []
    private let spool = ProblemSpool()
    /// Every problem found, listed or not.
    public var problemCount = 0
    /// Field names the input used that rosterdb does not know, sorted.
    public var unknownFields: [String] = []
    /// Inputs too malformed to be read to their end, so the import must not be written in part.
    public var malformedFiles: [String] = []
    /// What `--prune` did or would have done.
    public var prune = PruneOutcome()
    public var dryRun = false
    /// Migrations a dry run found pending: a real import would apply them first.
    public var pendingMigrations: [String] = []
    /// Whether the changes were written.
    public var committed = false
    public var seconds = 0.0

    /// How many problems are kept for listing.
    public static let problemLimit = 50

    public init(files: [String]) {
        self.files = files
    }

    mutating func record(_ problem: RecordProblem) {
        problemCount += 1
        if problems.count < ImportReport.problemLimit { problems.append(problem) } else { spool.append(problem) }
    }

    /// Calls `body` with every problem's JSON object (`RecordProblem.jsonObject`), in order, the spooled ones too.
    public func forEachProblem(_ body: (String) throws -> Void) throws {
        for problem in problems { try body(problem.jsonObject) }
        try spool.forEach(body)
    }
}

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

    public init(
        requested: Bool = false, performed: Bool = false, wouldRemove: Int = 0, rosterBefore: Int = 0,
        limitPercent: Double = 0, skippedReason: SkippedReason? = nil
    ) {
        self.requested = requested
        self.performed = performed
        self.wouldRemove = wouldRemove
        self.rosterBefore = rosterBefore
        self.limitPercent = limitPercent
        self.skippedReason = skippedReason
    }

    public enum SkippedReason: String, Sendable {
        /// Records were rejected (`--skip-invalid`), so the input is not a complete snapshot.
        case rejectedRecords = "rejected_records"
        /// More than `--max-prune` of the roster would go.
        case overLimit = "over_limit"
    }
}
