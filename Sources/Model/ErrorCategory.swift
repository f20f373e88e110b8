/// What kind of failure an error is, which decides the process exit code.
public enum ErrorCategory: Sendable {
    /// A player or database that is not there, or a database rosterdb cannot use (exit 1).
    case failure
    /// A request that cannot mean anything, found only once the input was seen: a mapping naming a column the
    /// file does not have (exit 64).
    case usage
    /// Input data that is invalid (exit 65).
    case invalidData
    /// An import with `--prune` that would remove more of the roster than `--max-prune` allows; nothing was written
    /// (exit 3).
    case pruneRefused
    /// An input file that is missing or unreadable (exit 66).
    case unreadableInput
    /// Writing failed: disk full, read-only file (exit 74).
    case io
    /// The database stayed locked by another writer past the busy timeout (exit 75).
    case busy
    /// A signal asked the work to stop; it was rolled back (exit 130 or 143).
    case interrupted
    /// A change was saved, but its report could not be written: standard output or error closed or full (exit 5).
    case savedNotReported
}

/// An error that knows its category.
public protocol CategorizedError: Error, CustomStringConvertible {
    var category: ErrorCategory { get }
}
