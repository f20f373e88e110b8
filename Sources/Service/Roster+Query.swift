import RosterModel
import RosterRepository

extension Roster {
    /// Runs `query` on one snapshot: `begin` gets the paging facts (with the total) before `row` gets each
    /// player of the page, in order. With `.all`, rows are streamed, never collected.
    public func run(
        _ query: PlayerQuery, begin: (PageInfo) throws -> Void, row: (Player) throws -> Void
    ) throws {
        let criteria = Roster.criteria(for: query)
        try database.read { players in
            let total = try players.count(matching: criteria)
            switch query.paging {
            case .all:
                try begin(.all(total: total))
                try players.forEachPlayer(matching: criteria, orderedBy: query.sort, limit: nil, offset: 0, row)
            case .page(let page, let perPage):
                try begin(PageInfo(page: page, perPage: perPage, total: total))
                let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
                guard !overflow, offset < total else { return }
                try players.forEachPlayer(
                    matching: criteria, orderedBy: query.sort, limit: perPage, offset: offset, row)
            }
        }
    }

    /// The player with `id`, if any.
    public func player(id: Int64) throws -> Player? {
        try database.read { try $0.player(id: id) }
    }

    /// The players whose name equals `name`, ignoring case, accents and spacing; in id order.
    public func players(named name: String) throws -> [Player] {
        try database.read { try $0.players(sortName: NameFolding.fold(name)) }
    }

    /// The user's filters in storage terms: lines expanded to their roles, ages turned into birth-date bounds,
    /// the name folded into words.
    static func criteria(for query: PlayerQuery) -> PlayerCriteria {
        var criteria = PlayerCriteria()
        var codes: [String] = []
        for position in query.positions.flatMap(\.matchingPositions) where !codes.contains(position.code) {
            codes.append(position.code)
        }
        criteria.positionCodes = codes
        criteria.nationality = query.nationality
        criteria.nameWords = query.name.map(Roster.searchWords)
        criteria.minGoals = query.minGoals
        criteria.maxGoals = query.maxGoals
        criteria.minAssists = query.minAssists
        criteria.maxAssists = query.maxAssists
        // At least N years old: born on or before the as-of day N years back.
        criteria.birthDateAtMost = query.minAge.map { query.asOf.latestBirthDate(forAge: $0) }
        // At most N years old: not yet N+1, so born after the as-of day N+1 years back.
        criteria.birthDateAfter = query.maxAge.map { query.asOf.latestBirthDate(forAge: $0 + 1) }
        return criteria
    }

    /// The folded words of a name search; punctuation separates words as it does in the search index.
    static func searchWords(_ text: String) -> [String] {
        NameFolding.fold(text)
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }
}
