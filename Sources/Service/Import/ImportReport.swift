import RosterFormats

/// What an import did, or would do with `--dry-run`.
package struct ImportReport: Sendable {
    /// How it ended.
    package var status = ImportStatus.committed
    /// The inputs as the user named them.
    package var files: [String]
    /// Records read, valid or not.
    package var records = 0
    package var added = 0
    package var updated = 0
    package var unchanged = 0
    package var removed = 0
    /// Records that were not imported.
    package var rejectedRecords = 0
    /// Rows the row filters (`--skip-where`, `--keep-where`) dropped: no records, so not in `records`.
    package var skippedRecords = 0
    /// Records of a player an earlier record of this import named, taken by `--same-player first` or `last`.
    package var samePlayerRecords = 0
    /// The first problems found, at most `ImportReport.problemLimit`; the rest are spooled (`forEachProblem`).
    package var problems: [RecordProblem] = []
    private let spool = ProblemSpool()
    /// Every problem found, listed or not.
    package var problemCount = 0
    /// Field names the input used that rosterdb does not know, sorted.
    package var unknownFields: [String] = []
    /// Inputs too malformed to be read to their end, so the import must not be written in part.
    package var malformedFiles: [String] = []
    /// What `--prune` did or would have done.
    package var prune = PruneOutcome()
    package var dryRun = false
    /// Migrations a dry run found pending: a real import would apply them first.
    package var pendingMigrations: [String] = []
    /// Whether the changes were written.
    package var committed = false
    /// Whether the change list (`--changes`) was written to its end; nil when none was asked for.
    package var changesWritten: Bool?
    package var seconds = 0.0

    /// How many problems are kept for listing.
    package static let problemLimit = 50

    package init(files: [String]) {
        self.files = files
    }

    mutating func record(_ problem: RecordProblem) {
        problemCount += 1
        if problems.count < ImportReport.problemLimit { problems.append(problem) } else { spool.append(problem) }
    }

    /// Calls `body` with every problem's JSON object (`RecordProblem.jsonObject`), in order, the spooled ones too.
    package func forEachProblem(_ body: (String) throws -> Void) throws {
        for problem in problems { try body(problem.jsonObject) }
        try spool.forEach(body)
    }
}
