import RosterModel

extension PlayerRepository {
    /// Whether a statement over `criteria` in `order` must fold on the fly the rows whose folded values are missing:
    /// only when it filters or sorts on a folded column, and such rows exist. One that reads no folded column (a
    /// list in id order) does not ask, which costs a statement of its own (one probe of a small index); every order
    /// without the id reads the folded name, which ends its ties.
    func foldsOnTheFly(_ criteria: PlayerCriteria, orderedBy order: [SortOrder] = []) throws -> Bool {
        guard criteria.readsFoldedColumns || order.contains(where: { Self.foldedSortKeys.contains($0.key) }) else {
            return false
        }
        return try hasUnfoldedRows()
    }

    /// The sort keys whose order (the key alone, with its tie break) reads a folded column: those whose terms differ
    /// when folding on the fly.
    static let foldedSortKeys = Set(
        SortKey.allCases.filter { key in
            orderClause([SortOrder(key)], foldingOnTheFly: true)
                != orderClause([SortOrder(key)], foldingOnTheFly: false)
        })

    /// The number of players that match `criteria`.
    package func count(matching criteria: PlayerCriteria) throws -> Int {
        let (condition, values) = criteria.whereClause(
            foldingOnTheFly: try foldsOnTheFly(criteria), pastNames: try searchesPastNames(criteria))
        let statement = try connection.cached(past?.countSQL(condition) ?? "SELECT count(*) FROM players" + condition)
        try statement.bind(values)
        return try statement.firstRow { $0.int(at: 0) } ?? 0
    }

    /// The largest id, goals and assists among the players that match `criteria`; zeros when none does.
    package func largestCounts(matching criteria: PlayerCriteria) throws -> PageInfo.LargestCounts {
        let (condition, values) = criteria.whereClause(
            foldingOnTheFly: try foldsOnTheFly(criteria), pastNames: try searchesPastNames(criteria))
        let statement = try connection.prepare(
            "SELECT coalesce(max(id), 0), coalesce(max(goals), 0), coalesce(max(assists), 0) FROM players" + condition)
        try statement.bind(values)
        return try statement.firstRow {
            PageInfo.LargestCounts(id: $0.int64(at: 0), goals: $0.int64(at: 1), assists: $0.int64(at: 2))
        } ?? PageInfo.LargestCounts(id: 0, goals: 0, assists: 0)
    }

    /// Calls `body` with the players that match `criteria`, in `order` (ties end on the name, then the id), skipping `offset` of them
    /// and stopping after `limit` when one is given; with `after`, only those that come after that position in
    /// `order` (whose `sort` it must be). Rows are read one at a time. `total`, the number of matches counted in the
    /// same read, lets a page past the middle be read from the end.
    package func forEachPlayer(
        matching criteria: PlayerCriteria, orderedBy order: [SortOrder], after: PagePosition? = nil, limit: Int?,
        offset: Int, total: Int? = nil, _ body: (Player) throws -> Void
    ) throws {
        try forEachRow(matching: criteria, orderedBy: order, after: after, limit: limit, offset: offset, total: total) {
            row in try body(try Player(row))
        }
    }

    /// `forEachPlayer`, handing `body` each row as it lies, without a `Player` made of it: valid during the call only.
    package func forEachRow(
        matching criteria: PlayerCriteria, orderedBy order: [SortOrder], after: PagePosition? = nil, limit: Int?,
        offset: Int, total: Int? = nil, _ body: (PlayerRowView) throws -> Void
    ) throws {
        let statement = try playerStatement(
            matching: criteria, orderedBy: order, after: after, limit: limit,
            offset: offset, total: total, cached: true)
        defer { statement.reset() }
        while try statement.step() {
            try body(PlayerRowView(statement))
        }
    }

    /// `forEachRow` handing each row to `sink`, which gets it as a `PlayerRowView`.
    package func forEachRow<Sink: PlayerRowSink>(
        matching criteria: PlayerCriteria, orderedBy order: [SortOrder], after: PagePosition?, limit: Int?,
        offset: Int, total: Int?, into sink: inout Sink
    ) throws {
        try forEachRow(matching: criteria, orderedBy: order, after: after, limit: limit, offset: offset, total: total) {
            try sink.append($0)
        }
    }

    /// The statement that selects what `forEachPlayer` reads, bound; kept prepared when `cached`.
    func playerStatement(
        matching criteria: PlayerCriteria, orderedBy order: [SortOrder], after: PagePosition?, limit: Int?,
        offset: Int, total: Int? = nil, cached: Bool
    ) throws -> Statement {
        let folding = try foldsOnTheFly(criteria, orderedBy: order)
        // A page nearer the end than the start is read in the reverse order, skipping the rows after it, then put
        // back in order: an index walk (or a sort's heap) to the offset is at most half the matches long.
        var (limit, offset) = (limit, offset)
        var fromEnd = false
        if after == nil, let total, let pageSize = limit, offset < total, max(0, total - offset - pageSize) < offset {
            (limit, offset) = (min(pageSize, total - offset), max(0, total - offset - pageSize))
            fromEnd = true
        }
        let sql: String
        var values: [DatabaseValue]
        if let after {
            // A page by token: the text depends on the position's values too, so it is made each time.
            var condition: String
            (condition, values) = criteria.whereClause(
                foldingOnTheFly: folding, pastNames: try searchesPastNames(criteria))
            let terms = PlayerRepository.orderTerms(order, foldingOnTheFly: folding)
            precondition(after.sort == order && after.values.count == terms.count, "a position of another order")
            let keyset = PlayerRepository.keysetCondition(terms, after.values, values: &values)
            condition += (condition.isEmpty ? " WHERE " : " AND ") + keyset
            sql = PlayerRepository.selectText(condition, terms, parameters: values.count, keepingTerms: past != nil)
        } else {
            // The text is the same for every criteria of one shape: made once, then only the values change.
            let condition: PlayerCriteria.Shape
            (values, condition) = criteria.whereValues(
                foldingOnTheFly: folding, pastNames: try searchesPastNames(criteria))
            let shape = SelectShape(condition: condition, order: order, fromEnd: fromEnd)
            if let kept = selectTexts[shape] {
                sql = kept
            } else {
                sql = PlayerRepository.selectText(
                    criteria.whereClause(foldingOnTheFly: folding, pastNames: try searchesPastNames(criteria)).sql,
                    PlayerRepository.orderTerms(order, foldingOnTheFly: folding), parameters: values.count,
                    fromEnd: fromEnd, keepingTerms: past != nil)
                if selectTexts.count >= Connection.statementCacheLimit { selectTexts.removeAll() }
                selectTexts[shape] = sql
            }
        }
        let statement = cached ? try connection.cached(sql) : try connection.prepare(sql)
        try statement.bind(values + [.integer(Int64(limit ?? -1)), .integer(Int64(offset))])
        return statement
    }

    /// What the text of a page's SELECT depends on, for a page by number: its WHERE clause's shape (which folds on
    /// the fly or not, as the order terms then do), the order, and the direction it is read in.
    struct SelectShape: Hashable {
        let condition: PlayerCriteria.Shape
        let order: [SortOrder]
        var fromEnd = false
    }

    /// The SELECT of `playerStatement` with `condition` (its WHERE clause, using `parameters` parameters) in the
    /// order of `terms`; its LIMIT and OFFSET are the two parameters after them. `fromEnd`: they count from the
    /// end of the order, whose rows come back in order all the same.
    /// `keepingTerms`: the terms' values are selected too, after the player's columns, so that SQLite orders the
    /// roster as it was (`PastRoster`), two SELECTs one after the other, by merging their rows in order.
    static func selectText(
        _ condition: String, _ terms: [OrderTerm], parameters: Int, fromEnd: Bool = false, keepingTerms: Bool = false
    ) -> String {
        let page = " LIMIT ?\(parameters + 1) OFFSET ?\(parameters + 2)"
        guard fromEnd else {
            let kept = keepingTerms ? terms.map { ", " + $0.expression }.joined() : ""
            return "SELECT \(PlayerColumn.selectList)\(kept) FROM players" + condition + " ORDER BY "
                + terms.map(\.orderingSQL).joined(separator: ", ") + page
        }
        // The inner SELECT keeps each term's value (k1, k2, …) for the outer one to order its few rows by.
        let keys = terms.indices.map { "k\($0 + 1)" }
        let kept = zip(terms, keys).map { "\($0.expression) AS \($1)" }.joined(separator: ", ")
        let reversed = terms.map(\.reversed.orderingSQL).joined(separator: ", ")
        let forward = zip(terms, keys).map { $0.renamed($1).orderingSQL }.joined(separator: ", ")
        return "SELECT \(PlayerColumn.selectList) FROM (SELECT \(PlayerColumn.selectList), \(kept) FROM players"
            + condition + " ORDER BY " + reversed + page + ") ORDER BY " + forward
    }

    /// Each sort key maps to fixed SQL expressions; unknown birth dates and nationalities sort last either way.
    /// Namesakes come in order of birth date, in the name's direction (unknown dates are the lowest, as in the index
    /// on both). Ties end on the folded name from A to Z, then the id (an order with the name: on the id, in the
    /// direction of the last key), so every order is total and paging is stable.
    /// With `foldingOnTheFly`, names and nationalities whose folded key is missing are folded in the query.
    static func orderClause(_ order: [SortOrder], foldingOnTheFly: Bool) -> String {
        orderTerms(order, foldingOnTheFly: foldingOnTheFly).map(\.orderingSQL).joined(separator: ", ")
    }

    /// One term of an ORDER BY: an expression, its direction, and where its unknown (NULL) values go.
    struct OrderTerm {
        let expression: String
        let descending: Bool
        let unknown: UnknownValues

        /// Where a term's unknown values sort.
        enum UnknownValues {
            /// The term is never NULL.
            case none
            /// Last in either direction.
            case last
            /// As SQLite and its indexes sort them: below every value, so first ascending and last descending.
            case lowest
        }

        /// Whether unknown values sort first: `.last` ones when the term is `reversed`.
        var unknownFirst = false

        var orderingSQL: String {
            "\(expression) \(descending ? "DESC" : "ASC")"
                + (unknown == .last ? (unknownFirst ? " NULLS FIRST" : " NULLS LAST") : "")
        }

        /// The term whose order is this one's backwards, unknown values included.
        var reversed: OrderTerm {
            var term = OrderTerm(expression: expression, descending: !descending, unknown: unknown)
            term.unknownFirst = !unknownFirst
            return term
        }

        /// The same term over another expression (a column of a subquery that holds its value).
        func renamed(_ name: String) -> OrderTerm {
            var term = OrderTerm(expression: name, descending: descending, unknown: unknown)
            term.unknownFirst = unknownFirst
            return term
        }
    }

    /// The terms of `order`, then those of its tie break (`SortOrder.tieBreak(of:)`).
    static func orderTerms(_ order: [SortOrder], foldingOnTheFly: Bool) -> [OrderTerm] {
        func key(_ column: DerivedColumn) -> String { foldingOnTheFly ? column.expression : column.rawValue }
        var terms = order.flatMap { sort in
            func term(_ expression: String, _ unknown: OrderTerm.UnknownValues, reversed: Bool = false) -> OrderTerm {
                OrderTerm(expression: expression, descending: sort.descending != reversed, unknown: unknown)
            }
            switch sort.key {
            case .id: return [term("id", .none)]
            case .name: return [term(key(.sortName), .none), term("birth_date", .lowest)]
            case .position: return [term(positionRank, .none)]
            case .goals: return [term("goals", .none)]
            case .assists: return [term("assists", .none)]
            case .nationality: return [term(key(.nationalityKey), .last)]
            case .club: return [term(key(.clubKey), .last)]
            case .age: return [term("birth_date", .last, reversed: true)]  // Older means born earlier.
            case .birthDate: return [term("birth_date", .last)]
            }
        }
        switch SortOrder.tieBreak(of: order) {
        case .none: break
        case .id(let descending): terms.append(OrderTerm(expression: "id", descending: descending, unknown: .none))
        case .nameThenID:
            terms += [
                OrderTerm(expression: key(.sortName), descending: false, unknown: .none),
                OrderTerm(expression: "id", descending: false, unknown: .none),
            ]
        }
        return terms
    }

    /// The condition for rows strictly after the row whose term values are `position`, in the order of `terms`:
    /// `t1 > v1 OR (t1 = v1 AND (t2 > v2 OR …))`, with unknown values where each term sorts them. When the first
    /// term cannot be NULL, `t1 >= v1` is added as well, a range the planner can start an index scan at.
    static func keysetCondition(
        _ terms: [OrderTerm], _ position: [PagePosition.Value], values: inout [DatabaseValue]
    ) -> String {
        func parameter(_ value: PagePosition.Value) -> String {
            switch value {
            case .null: values.append(.null)
            case .integer(let number): values.append(.integer(number))
            case .text(let text): values.append(.text(text))
            }
            return "?\(values.count)"
        }
        func after(_ index: Int) -> String {
            let term = terms[index]
            let value = position[index]
            // Whether unknown values come after known ones in this term's direction.
            let unknownAfter = term.unknown == .last || (term.unknown == .lowest && term.descending)
            let beyond: String
            if value == .null {
                // Beyond an unknown value: the known ones if they come after it, else nothing but its ties.
                beyond = unknownAfter ? "0" : "\(term.expression) IS NOT NULL"
            } else {
                let comparison = "\(term.expression) \(term.descending ? "<" : ">") \(parameter(value))"
                beyond = unknownAfter ? "(\(comparison) OR \(term.expression) IS NULL)" : comparison
            }
            guard index + 1 < terms.count else { return beyond }
            let same = value == .null ? "\(term.expression) IS NULL" : "\(term.expression) = \(parameter(value))"
            return "(\(beyond) OR (\(same) AND \(after(index + 1))))"
        }
        var condition = after(0)
        if let first = terms.first, first.unknown == .none, position[0] != .null {
            condition =
                "\(first.expression) \(first.descending ? "<=" : ">=") \(parameter(position[0])) AND "
                + condition
        }
        return "(" + condition + ")"
    }

    /// Positions ranked from the goal outwards, as `Position` declares them.
    private static let positionRank: String =
        "CASE position "
        + Position.allCases.enumerated().map { "WHEN '\($0.element.code)' THEN \($0.offset)" }.joined(separator: " ")
        + " END"
}
