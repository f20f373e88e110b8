import RosterModel

extension PlayerRepository {
    /// How many of the players that match `criteria` play in each position (positions without players left out).
    /// One pass over the position index when the criteria allow it, far cheaper than `tally`, which reads
    /// every row for its sums and ages.
    package func countsByPosition(matching criteria: PlayerCriteria) throws -> [Position: Int] {
        let (condition, values) = criteria.whereClause(
            foldingOnTheFly: try foldsOnTheFly(criteria), pastNames: try searchesPastNames(criteria))
        let statement = try connection.cached(
            "SELECT position, count(*) FROM players" + condition + " GROUP BY position")
        try statement.bind(values)
        defer { statement.reset() }
        var counts: [Position: Int] = [:]
        while try statement.step() {
            if let position = Position(code: statement.text(at: 0)) { counts[position] = statement.int(at: 1) }
        }
        return counts
    }
}
