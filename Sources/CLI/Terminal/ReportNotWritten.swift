import RosterModel

/// The report of a change already saved could not be written. Exit 5, not 74: 74 says the roster is unchanged, and a
/// script that tried again would make the change twice.
struct ReportNotWritten: CategorizedError {
    let cause: OutputError

    var category: ErrorCategory { .savedNotReported }
    var description: String { "\(cause.description); the change was saved" }
}
