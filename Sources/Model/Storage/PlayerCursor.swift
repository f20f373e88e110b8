/// The players that match a query, read one at a time on demand, for a list streamed while it is sent. A cursor
/// reads one snapshot, which it holds until it reaches the end or is closed.
package protocol PlayerCursor: AnyObject {
    /// The next player, or nil after the last.
    func next() throws -> Player?
    /// Ends the read, releasing its snapshot; `next()` returns nil afterwards.
    func close()
}
