import RosterModel

/// The roster's file changed under a server's read: written over in place as it was read (what was read may mix
/// the old file and the new one), or replaced by a file that cannot be opened yet. The same read may well succeed a
/// moment later.
package enum RosterFileChanged: CategorizedError {
    case writtenOver
    /// Another file took the roster's path, and opening it failed for `cause`.
    case notReopened(cause: any Error)

    package var category: ErrorCategory { .unavailable }

    package var description: String {
        switch self {
        case .writtenOver: "the roster's file was written over while it was read"
        case .notReopened(let cause): "the roster's file was replaced and cannot be opened yet: \(cause)"
        }
    }
}
