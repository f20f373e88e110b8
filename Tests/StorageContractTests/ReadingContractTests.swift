import RosterModel
import Testing

/// Paging, filters, sorts, counts and stats, as every store must answer them.
@Suite struct ReadingContractTests {
    @Test(arguments: StorageEngine.all) func keysetPagesWalkEveryMatchOnceInOrder(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        try fixture.add()
        let byName = StoreFixture.players.map(\.name).sorted { NameFolding.fold($0) < NameFolding.fold($1) }
        for perPage in [1, 3, 4, 10, 11] {
            #expect(try fixture.names([SortOrder(.name)], perPage: perPage) == byName)
        }
        // Goals descending, ties by the folded name from A to Z, then by id: namesakes in the order they were added.
        let byGoals = StoreFixture.players.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            if a.goals != b.goals { return a.goals > b.goals }
            let (x, y) = (NameFolding.fold(a.name), NameFolding.fold(b.name))
            return x != y ? x < y : first.offset < second.offset
        }.map(\.element.name)
        for perPage in [2, 3, 7] {
            #expect(try fixture.names([SortOrder(.goals, descending: true)], perPage: perPage) == byGoals)
        }
    }

    @Test(arguments: StorageEngine.all) func pagesByNumberSkipTheRowsBefore(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        try fixture.add()
        let criteria = PlayerCriteria(asOf: StoreFixture.asOf)
        let order = [SortOrder(.goals, descending: true)]
        let total = try fixture.store.read { try $0.count(matching: criteria) }
        var pages: [[String]] = []
        for offset in stride(from: 0, to: total, by: 4) {
            var page: [String] = []
            try fixture.store.read { players in
                try players.forEachPlayer(
                    matching: criteria, orderedBy: order, after: nil, limit: 4, offset: offset, total: total
                ) { page.append($0.name) }
            }
            pages.append(page)
        }
        #expect(pages.map(\.count) == [4, 4, 2])
        #expect(pages.joined().map { $0 } == (try fixture.names(order, matching: criteria, perPage: 100)))
    }

    @Test(arguments: StorageEngine.all) func filtersSelectTheirMatchesAndCountsAgree(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        try fixture.add()
        // In name order, namesakes by birth date.
        let cases: [([PlayerFilter], [String])] = [
            ([.positions([.striker])], ["Dan Striker", "Éva Striker", "Fay Striker", "Hal Striker"]),
            ([.nationalities(["england"])], ["Ada Keeper", "Cal Back", "Éva Striker", "Ivo Keeper"]),
            ([.clubs(["ARSENAL"]), .minGoals(1)], ["Dan Striker"]),
            ([.names(["eva"])], ["Éva Striker"]),
            ([.names(["keep"])], ["Ada Keeper", "Ivo Keeper", "Ivo Keeper"]),
            ([.minGoals(10), .maxGoals(25)], ["Éva Striker", "Fay Striker"]),
            ([.minAssists(9)], ["Éva Striker", "Fay Striker"]),
            ([.maxAge(25)], ["Dan Striker", "Fay Striker", "Hal Striker"]),
            ([.minAge(35)], ["Gus Back"]),
        ]
        for (filters, expected) in cases {
            let criteria = PlayerCriteria(filters, asOf: StoreFixture.asOf)
            #expect(try fixture.names([SortOrder(.name)], matching: criteria, perPage: 3) == expected, "\(filters)")
            #expect(try fixture.store.read { try $0.count(matching: criteria) } == expected.count, "\(filters)")
        }
    }

    @Test(arguments: StorageEngine.all) func sortsPutUnknownValuesLastAndTiesByID(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        try fixture.add()
        let byClub = try fixture.names([SortOrder(.club)], perPage: 4)
        #expect(byClub.prefix(3) == ["Ada Keeper", "Dan Striker", "Gus Back"])
        #expect(byClub.suffix(4) == ["Ben Back", "Éva Striker", "Hal Striker", "Ivo Keeper"])
        let oldestFirst = try fixture.names([SortOrder(.birthDate)], perPage: 2)
        #expect(oldestFirst.first == "Gus Back")
        #expect(oldestFirst.last == "Cal Back")
    }

    @Test(arguments: StorageEngine.all) func countsAndStatsTallyTheMatches(engine: StorageEngine) throws {
        let fixture = try StoreFixture(engine)
        try fixture.add()
        let all = PlayerCriteria(asOf: StoreFixture.asOf)
        let counts = try fixture.store.read { try $0.countsByPosition(matching: all) }
        #expect(counts == [.goalkeeper: 3, .centreBack: 3, .striker: 4])
        let largest = try fixture.store.read { try $0.largestCounts(matching: all) }
        #expect(largest == PageInfo.LargestCounts(id: 10, goals: 30, assists: 12))

        let tally = try fixture.store.read {
            try $0.tally(matching: all, by: [.nationality, .club], asOf: StoreFixture.asOf)
        }
        #expect(tally.total.players == 10)
        #expect(tally.total.goals == StoreFixture.players.reduce(0) { $0 + $1.goals })
        #expect(tally.total.assists == StoreFixture.players.reduce(0) { $0 + $1.assists })
        #expect(tally.unknownBirthDates == 1)
        #expect(tally.unknownNationalities == 3)
        #expect(tally.unknownClubs == 4)
        let spain = tally.groups[.nationality]?.first { $0.group == "Spain" }
        #expect(spain?.players == 3)
        #expect(spain?.goals == 32)
        let strikers = try fixture.store.read {
            try $0.tally(
                matching: PlayerCriteria([.positions([.striker])], asOf: StoreFixture.asOf), by: [],
                asOf: StoreFixture.asOf)
        }
        #expect(strikers.total.players == 4)
        #expect(strikers.groups[.position]?.map(\.group) == ["ST"])
    }
}
