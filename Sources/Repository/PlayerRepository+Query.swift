import RosterModel

extension PlayerRepository {
    /// The number of players that match `criteria`.
    public func count(matching criteria: PlayerCriteria) throws -> Int {
        let (condition, values) = criteria.whereClause(foldingOnTheFly: try hasUnfoldedRows())
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
        let folding = try hasUnfoldedRows()
        let (condition, values) = criteria.whereClause(foldingOnTheFly: folding)
        let sql = "SELECT \(PlayerColumn.selectList) FROM players" + condition
            + " ORDER BY " + PlayerRepository.orderClause(order, foldingOnTheFly: folding) + " LIMIT ? OFFSET ?"
        let statement = try connection.prepare(sql)
        try statement.bind(values + [.integer(Int64(limit ?? -1)), .integer(Int64(offset))])
        while try statement.step() {
            try body(try player(from: statement))
        }
    }

    /// Each sort key maps to a fixed SQL expression; unknown birth dates and nationalities sort last either way.
    /// Ties end on id, in the direction of the last key, so every order is total and paging is stable. With
    /// `foldingOnTheFly`, names and nationalities whose folded key is missing are folded in the query.
    static func orderClause(_ order: [SortOrder], foldingOnTheFly: Bool) -> String {
        func key(_ column: DerivedColumn) -> String { foldingOnTheFly ? column.expression : column.rawValue }
        var terms: [String] = []
        for sort in order {
            let direction = sort.descending ? "DESC" : "ASC"
            let reversed = sort.descending ? "ASC" : "DESC"
            switch sort.key {
            case .id: terms.append("id \(direction)")
            case .name: terms.append("\(key(.sortName)) \(direction)")
            case .position: terms.append("\(positionRank) \(direction)")
            case .goals: terms.append("goals \(direction)")
            case .assists: terms.append("assists \(direction)")
            case .nationality: terms.append("\(key(.nationalityKey)) \(direction) NULLS LAST")
            case .club: terms.append("\(key(.clubKey)) \(direction) NULLS LAST")
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
