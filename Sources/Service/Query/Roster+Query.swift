import RosterModel
import RosterRepository

extension Roster {
    /// Runs `query` on one snapshot: `begin` gets the paging facts (with the total) before `row` gets each
    /// player of the page, in order. With `.all`, rows are streamed, never collected.
    public func run(
        _ query: PlayerQuery, measuringAll: Bool = false, begin: (PageInfo) throws -> Void,
        row: (Player) throws -> Void
    ) throws {
        let criteria = Roster.criteria(for: query)
        try database.read { players in
            let total = try players.count(matching: criteria)
            switch query.paging {
            case .all:
                var info = PageInfo.all(total: total)
                if measuringAll { info.largest = try players.largestCounts(matching: criteria) }
                try begin(info)
                try players.forEachPlayer(matching: criteria, orderedBy: query.sort, limit: nil, offset: 0, row)
            case .page(let page, let perPage):
                try begin(PageInfo(page: page, perPage: perPage, total: total))
                let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
                guard !overflow, offset < total else { return }
                try players.forEachPlayer(
                    matching: criteria, orderedBy: query.sort, limit: perPage, offset: offset, total: total, row)
            }
        }
    }

    /// The player with `id`, if any.
    public func player(id: Int64) throws -> Player? {
        try database.read { try $0.player(id: id) }
    }

    /// The user's filters in storage terms: lines expanded to their roles, ages turned into birth-date bounds,
    /// names and nationalities folded.
    static func criteria(for query: PlayerQuery) -> PlayerCriteria {
        var criteria = PlayerCriteria()
        var codes: [String] = []
        for position in query.positions.flatMap(\.matchingPositions) where !codes.contains(position.code) {
            codes.append(position.code)
        }
        criteria.positionCodes = codes
        criteria.foldedValues = [
            .nationality: query.nationalities.map(NameFolding.fold), .club: query.clubs.map(NameFolding.fold),
        ]
        criteria.nameSearches = query.names.map(NameFolding.words)
        criteria.minGoals = query.minGoals
        criteria.maxGoals = query.maxGoals
        criteria.minAssists = query.minAssists
        criteria.maxAssists = query.maxAssists
        // At least N years old: born on or before the as-of day N years back.
        criteria.birthDateAtMost = query.minAge.map { query.asOf.latestBirthDate(forAge: $0) }
        if let maxAge = query.maxAge {
            // At most N years old: not yet N+1, so born after the as-of day N+1 years back — and born by the as-of
            // day, as someone not yet born has no age.
            criteria.birthDateAfter = query.asOf.latestBirthDate(forAge: maxAge + 1)
            criteria.birthDateAtMost = criteria.birthDateAtMost ?? query.asOf.description
        }
        return criteria
    }
}
