/// The roster as it was (`PastRoster`), read in place of the roster: every query, filter, sort, page and stats reads
/// its view, named as the roster's table, unchanged.
extension RosterDatabase {
    package func readAsOf(change number: Int64) throws {
        try reopenIfPublished()
        let past = PastRoster(change: number)
        try connection.execute(past.viewSQL)
        players.past = past
    }
}
