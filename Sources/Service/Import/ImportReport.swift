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
    /// Rows the row filters (`--skip-where`, `--keep-where`) dropped: no records, so not in `records`.
    public var skippedRecords = 0
    /// Records of a player an earlier record of this import named, taken by `--same-player first` or `last`.
    public var samePlayerRecords = 0
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
    /// Whether the change list (`--changes`) was written to its end; nil when none was asked for.
    public var changesWritten: Bool?
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
