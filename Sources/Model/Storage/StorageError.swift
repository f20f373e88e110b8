/// An error a store reports, in the project's categories (busy, interrupted, timed out, I/O, failure, …). A read
/// that meets a player whose stored values break rosterdb's rules names it, so that `edit` and `remove` can still
/// reach it.
package protocol StorageError: CategorizedError {
    /// The value that stopped the read, for a player another program stored; nil for every other error.
    var unreadableValue: UnreadableValue? { get }
}
