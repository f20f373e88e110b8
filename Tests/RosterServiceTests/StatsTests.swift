import RosterModel
import RosterService
import TestSupport
import Testing

/// `stats` in the service: each figure checked against the players it counts.
@Suite struct StatsTests {
    let folder: TemporaryDirectory
    let roster: Roster
    static let asOf = CalendarDate(year: 2026, month: 6, day: 24)!

    init() throws {
        folder = try TemporaryDirectory()
        roster = try Roster(path: folder.path("roster.db"), access: .write)
        let path = try folder.write(
            """
            [
              {"id": 1, "name": "Lionel Messi", "position": "RW", "goals": 20, "assists": 15, "nationality": "Argentina", "club": "Inter Miami", "birth_date": "1987-06-24"},
              {"id": 2, "name": "Ángel Di María", "position": "RW", "goals": 9, "assists": 8, "nationality": "ARGENTINA", "club": "Rosario Central", "birth_date": "1988-02-14"},
              {"id": 3, "name": "Kylian Mbappé", "position": "ST", "goals": 31, "assists": 7, "nationality": "France", "club": "Real Madrid", "birth_date": "1998-12-20"},
              {"id": 4, "name": "Jude Bellingham", "position": "AM", "goals": 19, "assists": 6, "nationality": "England", "club": "real madrid", "birth_date": "2003-06-29"},
              {"id": 5, "name": "Thibaut Courtois", "position": "GK", "nationality": "Belgium", "club": "Real Madrid", "birth_date": "1992-05-11"},
              {"id": 6, "name": "Nobody Known", "position": "CB"}
            ]
            """, to: "feed.json")
        _ = try roster.importFiles([path], options: ImportOptions())
    }

    private func query(_ configure: (inout PlayerQuery) -> Void = { _ in }) -> PlayerQuery {
        var query = PlayerQuery(asOf: Self.asOf)
        configure(&query)
        return query
    }

    /// Several groupings from one reading are each what the grouping alone gives.
    @Test func severalGroupingsAtOnceAreEachTheGroupingAlone() throws {
        let filtered = query { $0.filters = [.minGoals(1)] }
        let all = try roster.stats(filtered, by: StatsGrouping.allCases, top: 2)
        #expect(all.map(\.grouping) == StatsGrouping.allCases)
        for (grouping, stats) in zip(StatsGrouping.allCases, all) {
            let alone = try roster.stats(filtered, by: grouping, top: 2)
            #expect(stats.groups == alone.groups && stats.total == alone.total, "\(grouping)")
        }
    }

    @Test func groupsCountSumAndAverageAgesOnTheAsOfDay() throws {
        let stats = try roster.stats(query(), by: .club)
        #expect(stats.total == GroupStats(group: nil, players: 6, goals: 79, assists: 36, averageAge: 32.0))
        // Clubs ignore case and accents; most players first, unknown last.
        #expect(stats.groups.map(\.group) == ["Real Madrid", "Inter Miami", "Rosario Central", nil])
        let madrid = stats.groups[0]
        #expect((madrid.players, madrid.goals, madrid.assists, madrid.goalContributions) == (3, 50, 13, 63))
        // Ages on 2026-06-24: Mbappé 27, Bellingham 22, Courtois 34.
        let expected: Double = (27.0 + 22.0 + 34.0) / 3.0
        #expect(madrid.averageAge == expected)
        #expect(stats.groups[3].averageAge == nil)
    }

    @Test func positionsAndLinesComeFromTheGoalOutwards() throws {
        #expect(try roster.stats(query(), by: .position).groups.map(\.group) == ["GK", "CB", "AM", "RW", "ST"])
        let lines = try roster.stats(query(), by: .line).groups
        #expect(lines.map(\.group) == ["GK", "DF", "MF", "FW"])
        #expect(lines.map(\.players) == [1, 1, 1, 3])
    }

    @Test func ageBandsAreFiveYearsAndTheUnbornHaveNoAge() throws {
        let bands = try roster.stats(query(), by: .age).groups
        #expect(bands.map(\.group) == ["20", "25", "30", "35", nil])
        #expect(bands.map(\.players) == [1, 1, 1, 2, 1])
        // On 1990-01-01 only Messi and Di María are born.
        let early = try roster.stats(query { $0.asOf = CalendarDate(year: 1990, month: 1, day: 1)! }, by: .age)
        #expect(early.groups.map(\.group) == ["0", nil])
        #expect(early.groups.map(\.players) == [2, 4])
        #expect(early.total.averageAge == 1.5)
    }

    @Test func filtersAndTopApply() throws {
        let stats = try roster.stats(query { $0.filters.append(.positions([.forward])) }, by: .nationality, top: 1)
        #expect(stats.total.players == 3)
        #expect(stats.groups.map(\.group) == ["ARGENTINA"])
        #expect(stats.groups.first?.players == 2)
    }

    @Test func theSummaryShowsTheRosterAtAGlance() throws {
        let summary = try roster.summary(query(), top: 2)
        #expect(summary.total.players == 6)
        #expect(summary.lines.map(\.players) == [1, 1, 1, 3])
        #expect(summary.clubs.map(\.group) == ["Real Madrid", "Inter Miami"])
        #expect(summary.nationalities.first?.players == 2)
        #expect(summary.topScorers.map(\.id) == [3, 1])
        #expect(summary.topAssisters.map(\.id) == [1, 2])
        #expect(summary.youngest?.id == 4)
        #expect(summary.oldest?.id == 1)
        #expect((summary.unknownBirthDates, summary.unknownNationalities, summary.unknownClubs) == (1, 1, 1))
        // A line without players is still listed.
        let keepers = try roster.summary(query { $0.filters.append(.positions([.goalkeeper])) })
        #expect(keepers.lines.map(\.players) == [1, 0, 0, 0])
        #expect(keepers.topScorers.isEmpty)
    }
    /// A list's facets are the stats' clubs and nationalities, cut to `top`, with the players who have no value
    /// counted apart and the values left out counted.
    @Test func facetsAreTheClubsAndNationalitiesOfTheStats() throws {
        let facets = try roster.facets(query(), top: 2, version: try roster.snapshot { $0 }, cache: ResultCache())
        #expect(facets.total.players == 6)
        #expect(facets.facets.map(\.grouping) == [.club, .nationality])
        let clubs = facets.facets[0]
        // "Real Madrid" and "real madrid" are one club, as in stats; the one without a club is no group.
        #expect(clubs.groups.map(\.group) == ["Real Madrid", "Inter Miami"])
        #expect(clubs.groups.map(\.players) == [3, 1])
        #expect((clubs.more, clubs.unknown) == (1, 1))
        let nationalities = facets.facets[1]
        #expect(nationalities.groups.map(\.group) == ["ARGENTINA", "Belgium"])
        #expect(nationalities.groups.first?.players == 2)
        #expect((nationalities.more, nationalities.unknown) == (2, 1))
        let stats = try roster.stats(query(), by: .nationality, top: 2)
        #expect(nationalities.groups == stats.groups)
    }

    /// Every `top` of one filter is one result kept, read once while the roster is the same; another filter, or
    /// another day its ages count on, is one of its own.
    @Test func facetsAreReadOncePerFilterWhileTheRosterIsTheSame() throws {
        let cache = ResultCache()
        let version = try roster.snapshot { $0 }
        let first = try roster.facets(query(), top: 1, version: version, cache: cache)
        #expect(cache.count == 1)
        let wider = try roster.facets(query(), top: 10, version: version, cache: cache)
        #expect(cache.count == 1)
        #expect(first.facets[0].groups == Array(wider.facets[0].groups.prefix(1)))
        #expect(wider.facets[0].more == 0)
        let forwards = try roster.facets(
            query { $0.filters = [.positions([.forward])] }, top: 10, version: version, cache: cache)
        #expect(cache.count == 2)
        #expect(forwards.facets[0].groups.map(\.group) == ["Inter Miami", "Real Madrid", "Rosario Central"])
        // Messi and Di María are 37 or more on the as-of day, not on New Year's Day 2024: the day is part of the filter.
        let older = query { $0.filters = [.minAge(37)] }
        let early = try roster.facets(
            query {
                $0.filters = [.minAge(37)]
                $0.asOf = CalendarDate(year: 2024, month: 1, day: 1)!
            }, top: 10, version: version, cache: cache)
        let late = try roster.facets(older, top: 10, version: version, cache: cache)
        #expect(cache.count == 4)
        #expect(early.total.players == 0 && late.total.players == 2)
        #expect(late.facets[0].groups.map(\.group) == ["Inter Miami", "Rosario Central"])
    }
}
