import CSQLite
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// Pages asked for by position (`after`): walking them in any order sees every player exactly once, in the order
/// an offset walk gives, whatever the ties and unknown values.
@Suite struct KeysetPagingTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
        // Few distinct values, so that every key has long runs of ties, and every optional value sometimes unknown.
        let names = ["Ángel", "angel", "Zoë", "손흥민", "Mbappé", "Müller", "Muller", "久保 建英"]
        let nations: [String?] = ["France", nil, "Côte d'Ivoire", "cote d'ivoire", "Japan", nil]
        let clubs: [String?] = [nil, "Arsenal", "arsenal", "Inter"]
        let positions: [Position] = [.striker, .goalkeeper, .forward, .centreBack, .striker]
        try database.write(madeBy: "test") { players in
            for index in 0..<97 {
                try players.insert(
                    Player(
                        name: names[index % names.count] + (index % 3 == 0 ? "" : " \(index % 4)"),
                        position: positions[index % positions.count], goals: index % 4, assists: index % 3,
                        nationality: nations[index % nations.count], club: clubs[index % clubs.count],
                        birthDate: index % 5 == 0
                            ? nil : CalendarDate(year: 1990 + index % 3, month: 1 + index % 2, day: 1)))
            }
        }
    }

    /// Every player in `order`, by one offset read.
    private func all(_ order: [SortOrder], _ criteria: PlayerCriteria = PlayerCriteria()) throws -> [Int64] {
        var ids: [Int64] = []
        try database.read { players in
            try players.forEachPlayer(matching: criteria, orderedBy: order, limit: nil, offset: 0) {
                ids.append($0.id!)
            }
        }
        return ids
    }

    /// Every player in `order`, by pages of `size` each asked for after the last row of the one before.
    private func walk(_ order: [SortOrder], size: Int, _ criteria: PlayerCriteria = PlayerCriteria()) throws
        -> [Int64]
    {
        var ids: [Int64] = []
        var after: PagePosition?
        for _ in 0..<1_000 {
            var page: [Player] = []
            try database.read { players in
                try players.forEachPlayer(matching: criteria, orderedBy: order, after: after, limit: size, offset: 0) {
                    page.append($0)
                }
            }
            ids += page.map { $0.id! }
            guard let last = page.last else { return ids }
            after = PagePosition(after: last, in: order)
        }
        Issue.record("the walk did not end")
        return ids
    }

    static let orders: [[SortOrder]] =
        SortKey.allCases.flatMap { key in
            [[SortOrder(key)], [SortOrder(key, descending: true)]]
        } + [
            [SortOrder(.goals, descending: true), SortOrder(.name)],
            [SortOrder(.nationality), SortOrder(.club, descending: true), SortOrder(.age)],
            [SortOrder(.birthDate, descending: true), SortOrder(.position), SortOrder(.assists, descending: true)],
            [SortOrder(.club), SortOrder(.id, descending: true)],
            [SortOrder(.goals), SortOrder(.goals, descending: true)],
        ]

    @Test(arguments: orders)
    func everyPageWalkSeesEachPlayerOnceInOrder(order: [SortOrder]) throws {
        let expected = try all(order)
        #expect(expected.count == 97)
        for size in [1, 7, 50] {
            #expect(try walk(order, size: size) == expected, "pages of \(size)")
        }
    }

    /// Pages by number given the total, those past the middle read from the end: each the slice of the whole order
    /// it stands for, the last one short.
    @Test(arguments: orders)
    func everyPageByNumberIsItsSliceOfTheOrder(order: [SortOrder]) throws {
        let expected = try all(order)
        for size in [1, 7, 50] {
            var offset = 0
            while offset < expected.count {
                var ids: [Int64] = []
                try database.read { players in
                    try players.forEachPlayer(
                        matching: PlayerCriteria(), orderedBy: order, limit: size, offset: offset,
                        total: expected.count
                    ) { ids.append($0.id!) }
                }
                #expect(ids == Array(expected[offset..<min(offset + size, expected.count)]), "offset \(offset)")
                offset += size
            }
        }
    }

    /// Ties end on the folded name from A to Z, then the id, whichever way the goals run: the order made here of the
    /// players themselves, read whole and walked by pages, with and without a filter whose index serves the order.
    @Test(arguments: [false, true])
    func tiesEndOnTheNameThenTheId(descending: Bool) throws {
        let order = [SortOrder(.goals, descending: descending)]
        for criteria in [PlayerCriteria(), PlayerCriteria([.positions([.striker])])] {
            var players: [Player] = []
            try database.read { reading in
                try reading.forEachPlayer(matching: criteria, orderedBy: [SortOrder(.id)], limit: nil) {
                    players.append($0)
                }
            }
            let expected = players.sorted { a, b in
                if a.goals != b.goals { return descending ? a.goals > b.goals : a.goals < b.goals }
                let (x, y) = (NameFolding.fold(a.name), NameFolding.fold(b.name))
                return x != y ? x < y : a.id! < b.id!
            }.map { $0.id! }
            #expect(expected.count > 20)
            #expect(try all(order, criteria) == expected, "\(criteria)")
            for size in [1, 3, 8] {
                #expect(try walk(order, size: size, criteria) == expected, "pages of \(size), \(criteria)")
            }
        }
    }

    @Test func aWalkKeepsTheFilters() throws {
        var criteria = PlayerCriteria()
        criteria.filters = [.positions([.striker, .centreBack])]
        criteria.filters.append(.minGoals(1))
        let order = [SortOrder(.nationality, descending: true)]
        #expect(try walk(order, size: 4, criteria) == all(order, criteria))
    }

    @Test func aPlayerAddedBehindThePositionIsNotSeenAndNoneIsSeenTwice() throws {
        let order = [SortOrder(.goals, descending: true)]
        var firstPage: [Player] = []
        try database.read { players in
            try players.forEachPlayer(matching: PlayerCriteria(), orderedBy: order, limit: 10, offset: 0) {
                firstPage.append($0)
            }
        }
        // A new top scorer comes before the page read next: an offset page would now repeat the tenth player.
        _ = try database.write(madeBy: "test") { try $0.insert(Player(name: "New", position: .striker, goals: 99)) }
        var next: [Player] = []
        let position = PagePosition(after: firstPage.last!, in: order)
        try database.read { players in
            try players.forEachPlayer(
                matching: PlayerCriteria(), orderedBy: order, after: position, limit: 10,
                offset: 0
            ) { next.append($0) }
        }
        #expect(Set(next.map(\.id)).isDisjoint(with: firstPage.map(\.id)))
        #expect(next.first?.id == (try all(order))[11])
    }

    @Test func countsByPositionAgreeWithCountsOfEachPosition() throws {
        var criteria = PlayerCriteria()
        criteria.filters.append(.minGoals(2))
        let counts = try database.read { try $0.countsByPosition(matching: criteria) }
        #expect(counts.values.reduce(0, +) == (try database.read { try $0.count(matching: criteria) }))
        // A line (FW) matches every role on it, each counted under its own code.
        for position in Position.allCases {
            var one = criteria
            one.filters.append(.positions([position]))
            let counted = position.matchingPositions.reduce(0) { $0 + (counts[$1] ?? 0) }
            #expect(counted == (try database.read { try $0.count(matching: one) }), "\(position)")
        }
        #expect(counts[.striker, default: 0] > 0)
    }

    @Test func aDeepPageByPositionStartsAtItsPlaceInTheIndex() throws {
        var values: [DatabaseValue] = [.text("ST")]
        let keyset = PlayerRepository.keysetCondition(
            PlayerRepository.orderTerms([SortOrder(.goals, descending: true)], foldingOnTheFly: false),
            [.integer(3), .text("muller"), .integer(50)], values: &values)
        let explain = try database.connection.prepare(
            "EXPLAIN QUERY PLAN SELECT id FROM players WHERE position IN (?1) AND \(keyset) "
                + "ORDER BY goals DESC, sort_name ASC, id ASC LIMIT 20")
        var plan: [String] = []
        while try explain.step() { plan.append(explain.text(at: 3)) }
        #expect(plan.contains { $0.contains("players_by_position_goals (position=? AND goals<?)") }, "\(plan)")
    }
}
