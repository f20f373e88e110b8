import RosterModel

/// An import was committed, but its change list could not be written to its end (a full disk, a reader that
/// stopped reading, a signal while waiting for it). The roster holds the import: a script must not import again
/// as though nothing had been written.
package struct ChangesNotListed: CategorizedError {
    /// The committed import's report; its `changesWritten` is false.
    package let report: ImportReport
    package let cause: any Error

    package var category: ErrorCategory { .savedNotReported }
    package var description: String {
        let why = cause is Interrupted ? "interrupted while writing the change list" : "\(cause)"
        return "\(why); the import was saved, but its change list is incomplete"
    }
}
