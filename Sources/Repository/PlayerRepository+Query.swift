import RosterModel

extension PlayerRepository {
    /// The number of players that match `criteria`.
    public func count(matching criteria: PlayerCriteria) throws -> Int {
        let (condition, values) = criteria.whereClause()
        let statement = try connection.prepare("SELECT count(*) FROM players" + condition)
        try statement.bind(values)
        return try statement.firstRow { $0.int(at: 0) } ?? 0
    }

    /// Calls `body` with the players that match `criteria`, in `order` (ties end on id), skipping `offset` of them
    /// and stopping after `limit` when one is given. Rows are read one at a time.
    public func forEachPlayer(
        matching criteria: PlayerCriteria, orderedBy order: [SortOrder], limit: Int?, offset: Int,
        _ body: (Player) throws -> Void
    ) throws {
        let (condition, values) = criteria.whereClause()
        let sql = "SELECT \(Self.playerColumns) FROM players" + condition
            + " ORDER BY " + PlayerRepository.orderClause(order) + " LIMIT ? OFFSET ?"
        let statement = try connection.prepare(sql)
        try statement.bind(values + [.integer(Int64(limit ?? -1)), .integer(Int64(offset))])
        while try statement.step() {
            try body(try player(from: statement))
        }
    }

    /// Each sort key maps to a fixed SQL expression; unknown birth dates and nationalities sort last either way.
    /// Ties end on id, in the direction of the last key, so every order is total and paging is stable.
    static func orderClause(_ order: [SortOrder]) -> String {
        var terms: [String] = []
        for sort in order {
            let direction = sort.descending ? "DESC" : "ASC"
            let reversed = sort.descending ? "ASC" : "DESC"
            switch sort.key {
            case .id: terms.append("id \(direction)")
            case .name: terms.append("sort_name \(direction)")
            case .position: terms.append("\(positionRank) \(direction)")
            case .goals: terms.append("goals \(direction)")
            case .assists: terms.append("assists \(direction)")
            case .nationality: terms.append("nationality COLLATE NOCASE \(direction) NULLS LAST")
            case .age: terms.append("birth_date \(reversed) NULLS LAST")  // Older means born earlier.
            case .birthDate: terms.append("birth_date \(direction) NULLS LAST")
            }
        }
        if !order.contains(where: { $0.key == .id }) {
            terms.append("id " + (order.last?.descending == true ? "DESC" : "ASC"))
        }
        return terms.joined(separator: ", ")
    }

    /// Positions ranked from the goal outwards, as `Position` declares them.
    private static let positionRank: String =
        "CASE position "
        + Position.allCases.enumerated().map { "WHEN '\($0.element.code)' THEN \($0.offset)" }.joined(separator: " ")
        + " END"
}
