import RosterModel

/// What reads a page row by row (`Roster.readPage`): the paging facts first, then each player of the page in order
/// (`append`), as it lies in the store.
package protocol PageSink: PlayerRowSink {
    /// The paging facts, once the total is known, and whether the page was asked for by token.
    mutating func begin(_ paging: PageInfo, isKeyset: Bool) throws
}
