import RosterModel
import RosterService

/// The report of a change already saved could not be written: an output that failed, or a signal while waiting for
/// one. Exit 5, not 74 or 143: those say the roster is unchanged, and a script that tried again would make the
/// change twice.
struct ReportNotWritten: CategorizedError {
    let cause: any Error

    var category: ErrorCategory { .savedNotReported }
    var description: String {
        let why = cause is Interrupted ? "interrupted while writing the report" : "\(cause)"
        return "\(why); the change was saved"
    }
}
