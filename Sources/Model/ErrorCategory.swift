/// What kind of failure an error is: the one vocabulary of outcomes. Each error type declares its category once;
/// each front end turns a category into its own outcome through one table (the command line's exit codes, the
/// server's HTTP statuses), so that an error of a new kind needs no word in either.
package enum ErrorCategory: Sendable, CaseIterable {
    /// A player that is not there: no player has the id, none matches the name, or several do.
    case notFound
    /// Anything else that went wrong: a database rosterdb cannot use (missing, not a roster, damaged, from a newer
    /// rosterdb), SQLite's refusal of another kind, an error of no category.
    case failure
    /// A request that cannot mean anything: an unknown option or parameter, a value it cannot take, a mapping
    /// naming a column the file does not have.
    case usage
    /// Input data that is invalid; nothing was written.
    case invalidData
    /// A player with the name (ignoring case and accents) and birth date of another, refused unless allowed;
    /// nothing was written.
    case duplicate
    /// A write made on condition that the roster was still as read (HTTP `If-Match`), and it was not; nothing was
    /// written.
    case changedSince
    /// An import with `--prune` that would remove more of the roster than `--max-prune` allows; nothing was written.
    case pruneRefused
    /// A restore of another roster's history (`import --history`) into a roster that is not empty; nothing was
    /// written.
    case rosterNotEmpty
    /// An input file that is missing or unreadable.
    case unreadableInput
    /// Writing or reading failed: disk full, read-only file, the file moved away, no port to listen on.
    case io
    /// The process is short of memory or file descriptors, or the roster's file was being replaced: the same
    /// request may well succeed a moment later.
    case unavailable
    /// The database stayed locked by another writer past the busy timeout.
    case busy
    /// A query ran past the time limit it was given (a server's).
    case timedOut
    /// A signal asked the work to stop; it was rolled back.
    case interrupted
    /// A change was saved, but its report could not be written: standard output or error closed or full.
    case savedNotReported

    /// The category of `error`: its own, or `.failure` for an error that declares none.
    package init(of error: any Error) {
        self = (error as? CategorizedError)?.category ?? .failure
    }
}

/// An error that knows its category.
package protocol CategorizedError: Error, CustomStringConvertible {
    var category: ErrorCategory { get }
}
