import RosterModel
import RosterService
import TestSupport
import Testing

@Suite struct QueryTests {
    let folder: TemporaryDirectory
    let roster: Roster
    static let asOf = CalendarDate(year: 2026, month: 6, day: 24)!

    /// Ids are given so that expectations can name them.
    static let feed = """
        [
          {"id": 1, "name": "Lionel Messi", "position": "RW", "goals": 20, "assists": 15, "nationality": "Argentina", "club": "Inter Miami", "birth_date": "1987-06-24"},
          {"id": 2, "name": "Cristiano Ronaldo", "position": "ST", "goals": 23, "assists": 12, "nationality": "Portugal", "club": "Al-Nassr", "birth_date": "1985-02-05"},
          {"id": 3, "name": "Kylian Mbappé", "position": "ST", "goals": 31, "assists": 7, "nationality": "France", "club": "Real Madrid", "birth_date": "1998-12-20"},
          {"id": 4, "name": "Son Heung-min", "position": "LW", "goals": 17, "assists": 10, "nationality": "South Korea", "club": "Los Angeles FC", "birth_date": "1992-07-08"},
          {"id": 5, "name": "손흥민", "position": "LW", "goals": 17, "assists": 10, "nationality": "south korea", "club": "LOS ANGELES FC", "birth_date": "1992-07-08"},
          {"id": 6, "name": "久保 建英", "position": "RW", "goals": 7, "assists": 4, "nationality": "Japan", "birth_date": "2001-06-04"},
          {"id": 7, "name": "Ángel Di María", "position": "RW", "goals": 9, "assists": 8, "nationality": "Argentina", "club": "Rosario Central", "birth_date": "1988-02-14"},
          {"id": 8, "name": "Alisson Becker", "position": "GK", "goals": 0, "assists": 0, "nationality": "Brazil", "club": "Liverpool", "birth_date": "1992-10-02"},
          {"id": 9, "name": "Zinedine Zidane", "position": "AM", "goals": 9, "assists": 8, "nationality": null, "birth_date": null},
          {"id": 10, "name": "Leap Day", "position": "CB", "goals": 1, "assists": 0, "nationality": "Japan", "birth_date": "2004-02-29"},
          {"id": 11, "name": "Kaoru Mitoma", "position": "LM", "goals": 30, "assists": 12, "nationality": "JAPAN", "club": "Brighton & Hove Albion", "birth_date": "1997-05-20"},
          {"id": 12, "name": "Virgil van Dijk", "position": "CB", "goals": 3, "assists": 2, "nationality": "Netherlands", "club": "Liverpool", "birth_date": "1991-07-08"}
        ]
        """

    init() throws {
        folder = try TemporaryDirectory()
        roster = try Roster(path: folder.path("roster.db"), access: .write)
        let path = try folder.write(Self.feed, to: "feed.json")
        _ = try roster.importFiles([path], options: ImportOptions())
    }

    /// The ids of a query's page, and its paging facts.
    private func ids(_ configure: (inout PlayerQuery) -> Void) throws -> (ids: [Int64], info: PageInfo) {
        var query = PlayerQuery(asOf: Self.asOf)
        query.paging = .page(1, perPage: 1000)
        configure(&query)
        var ids: [Int64] = []
        var info = PageInfo(page: 0, perPage: 0, total: -1)
        try roster.run(query, begin: { info = $0 }, row: { ids.append($0.id!) })
        return (ids, info)
    }

    private func matching(_ configure: (inout PlayerQuery) -> Void) throws -> Set<Int64> {
        Set(try ids(configure).ids)
    }

    // MARK: - Filters

    @Test func positionsMatchCodesSynonymsAndLines() throws {
        #expect(try matching { $0.filters.append(.positions([.striker])) } == [2, 3])
        #expect(try matching { $0.filters.append(.positions([Position(parsing: "Striker")!])) } == [2, 3])
        #expect(try matching { $0.filters.append(.positions([.forward])) } == [1, 2, 3, 4, 5, 6, 7])
        #expect(try matching { $0.filters.append(.positions([.goalkeeper, .centreBack])) } == [8, 10, 12])
        #expect(try matching { $0.filters.append(.positions([.midfielder])) } == [9, 11])
        #expect(try matching { $0.filters.append(.positions([.defender])) } == [10, 12])
        #expect(try matching { $0.filters.append(.positions([.sweeper])) } == [])
    }

    @Test func nationalityIgnoresCaseAndAccentsAndIsExact() throws {
        #expect(try matching { $0.filters.append(.nationalities(["japan"])) } == [6, 10, 11])
        #expect(try matching { $0.filters.append(.nationalities(["SOUTH KOREA"])) } == [4, 5])
        #expect(try matching { $0.filters.append(.nationalities(["Korea"])) } == [])
        #expect(try matching { $0.filters.append(.nationalities(["Argentina'; DROP TABLE players; --"])) } == [])
        #expect(try roster.count() == 12)
    }

    @Test func clubsMatchWholeIgnoringCaseAndAccentsAndSort() throws {
        #expect(try matching { $0.filters.append(.clubs(["real madrid"])) } == [3])
        #expect(try matching { $0.filters.append(.clubs(["Los Angeles FC"])) } == [4, 5])
        #expect(try matching { $0.filters.append(.clubs(["LIVERPOOL", "réal madrid"])) } == [3, 8, 12])
        #expect(try matching { $0.filters.append(.clubs(["Liver"])) } == [])
        #expect(
            try ids { $0.sort = [SortOrder(.club), SortOrder(.id)] }.ids
                == [2, 11, 1, 8, 12, 4, 5, 3, 7, 6, 9, 10])
        #expect(try ids { $0.sort = [SortOrder(.club, descending: true)] }.ids.suffix(3) == [10, 9, 6])
    }

    @Test func repeatedNationalitiesAndNamesMatchAnyOfThem() throws {
        #expect(try matching { $0.filters.append(.nationalities(["japan", "south korea"])) } == [4, 5, 6, 10, 11])
        #expect(try matching { $0.filters.append(.names(["mbappe", "heung"])) } == [3, 4])
    }

    @Test(arguments: [
        ("mbappe", [3]), ("MBAP", [3]), ("mbappé", [3]), ("kylian mb", [3]), ("heung", [4]), ("heung-min", [4]),
        ("son", [4]), ("손흥", [5]), ("손흥민", [5]), ("久保", [6]), ("建", [6]), ("angel", [7]), ("ÁNGEL DI", [7]),
        ("maria", [7]), ("l", [1, 10]), ("zz", []), ("ronaldo messi", []), ("\"", []), ("%", []), ("_", []),
        ("di*", [7, 12]), ("NEAR(a b)", []), ("' OR 1=1 --", []),
    ])
    func nameFindsWordPrefixesIgnoringCaseAndAccents(text: String, expected: [Int64]) throws {
        #expect(try matching { $0.filters.append(.names([text])) } == Set(expected))
    }

    @Test func goalAndAssistRanges() throws {
        #expect(try matching { $0.filters.append(.minGoals(20)) } == [1, 2, 3, 11])
        #expect(try matching { $0.filters.append(.maxGoals(3)) } == [8, 10, 12])
        #expect(
            try matching {
                $0.filters.append(.minGoals(9))
                $0.filters.append(.maxGoals(9))
            } == [7, 9])
        #expect(try matching { $0.filters.append(.minAssists(12)) } == [1, 2, 11])
        #expect(try matching { $0.filters.append(.maxAssists(0)) } == [8, 10])
        #expect(
            try matching {
                $0.filters.append(.nationalities(["Japan"]))
                $0.filters.append(.minGoals(30))
            } == [11])
    }

    @Test func agesAreWholeYearsOnTheAsOfDay() throws {
        // Messi turns 39 on 2026-06-24, the as-of day; Zidane has no birth date and never matches.
        #expect(try matching { $0.filters.append(.minAge(39)) } == [1, 2])
        #expect(
            try matching {
                $0.filters.append(.maxAge(38))
                $0.filters.append(.minAge(38))
            } == [7])
        #expect(
            try matching {
                $0.filters.append(.minAge(39))
                $0.asOf = CalendarDate(year: 2026, month: 6, day: 23)!
            } == [2])
        #expect(try matching { $0.filters.append(.maxAge(200)) }.contains(9) == false)
    }

    @Test func aLeapDayBirthdayComesOnFirstOfMarchInCommonYears() throws {
        let leapDay: Int64 = 10
        #expect(
            try matching {
                $0.filters.append(.minAge(22))
                $0.asOf = CalendarDate(year: 2026, month: 2, day: 28)!
            }.contains(leapDay) == false)
        #expect(
            try matching {
                $0.filters.append(.minAge(22))
                $0.asOf = CalendarDate(year: 2026, month: 3, day: 1)!
            }.contains(leapDay))
        #expect(
            try matching {
                $0.filters.append(.maxAge(20))
                $0.asOf = CalendarDate(year: 2024, month: 2, day: 29)!
            }.contains(leapDay))
        #expect(
            try matching {
                $0.filters.append(.minAge(20))
                $0.filters.append(.maxAge(20))
                $0.asOf = CalendarDate(year: 2024, month: 2, day: 29)!
            } == [leapDay])
    }

    // MARK: - Sorting

    @Test func nameSortIgnoresCaseAndAccents() throws {
        #expect(try ids { _ in }.ids == [8, 7, 2, 11, 3, 10, 1, 4, 12, 9, 6, 5])
        #expect(
            try ids { $0.sort = [SortOrder(.name, descending: true)] }.ids == [5, 6, 9, 12, 4, 1, 10, 3, 11, 2, 7, 8])
    }

    /// Ties end on the folded name from A to Z, whichever way the order runs (Son Heung-min before 손흥민 with
    /// equal goals, Ángel Di María before Lionel Messi on the right wing), then on the id.
    @Test(arguments: [
        ([SortOrder(.id)], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as [Int64]),
        ([SortOrder(.id, descending: true)], [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]),
        ([SortOrder(.goals, descending: true)], [3, 11, 2, 1, 4, 5, 7, 9, 6, 12, 10, 8]),
        ([SortOrder(.goals)], [8, 10, 12, 6, 7, 9, 4, 5, 1, 2, 11, 3]),
        ([SortOrder(.assists, descending: true)], [1, 2, 11, 4, 5, 7, 9, 3, 6, 12, 8, 10]),
        ([SortOrder(.assists), SortOrder(.goals, descending: true)], [10, 8, 12, 6, 3, 7, 9, 4, 5, 11, 2, 1]),
        ([SortOrder(.position)], [8, 10, 12, 9, 11, 4, 5, 7, 1, 6, 2, 3]),
        ([SortOrder(.nationality)], [7, 1, 8, 3, 11, 10, 6, 12, 2, 4, 5, 9]),
        ([SortOrder(.nationality, descending: true)], [4, 5, 2, 12, 11, 10, 6, 3, 8, 7, 1, 9]),
        ([SortOrder(.birthDate)], [2, 1, 7, 12, 4, 5, 8, 11, 3, 6, 10, 9]),
        ([SortOrder(.birthDate, descending: true)], [10, 6, 3, 11, 8, 4, 5, 12, 7, 1, 2, 9]),
        ([SortOrder(.age)], [10, 6, 3, 11, 8, 4, 5, 12, 7, 1, 2, 9]),
        ([SortOrder(.age, descending: true)], [2, 1, 7, 12, 4, 5, 8, 11, 3, 6, 10, 9]),
    ])
    func everyKeySortsBothWaysWithTiesOnTheNameThenTheIdAndUnknownsLast(order: [SortOrder], expected: [Int64]) throws {
        #expect(try ids { $0.sort = order }.ids == expected)
    }

    // MARK: - Paging

    @Test func pagesAreStableSlicesWithTheTotal() throws {
        let everyone = try ids { $0.sort = [SortOrder(.goals, descending: true)] }.ids
        var paged: [Int64] = []
        for page in 1...3 {
            let result = try ids {
                $0.sort = [SortOrder(.goals, descending: true)]
                $0.paging = .page(page, perPage: 5)
            }
            #expect(result.info == PageInfo(page: page, perPage: 5, total: 12))
            #expect(result.info.pages == 3)
            paged += result.ids
        }
        #expect(paged == everyone)
        let last = try ids { $0.paging = .page(3, perPage: 5) }
        #expect(last.ids.count == 2)
    }

    @Test func aPagePastTheEndIsEmptyNotAnError() throws {
        let result = try ids { $0.paging = .page(99, perPage: 20) }
        #expect(result.ids == [])
        #expect(result.info.total == 12)
        let huge = try ids { $0.paging = .page(1_000_000_000, perPage: 1000) }
        #expect(huge.ids == [])
    }

    @Test func perPageOneAndAThousand() throws {
        #expect(try ids { $0.paging = .page(12, perPage: 1) }.ids == [5])
        #expect(try ids { $0.paging = .page(13, perPage: 1) }.ids == [])
        #expect(try ids { $0.paging = .page(1, perPage: 1000) }.ids.count == 12)
    }

    @Test func allStreamsEveryMatchAsOnePage() throws {
        let result = try ids {
            $0.paging = .all
            $0.filters.append(.positions([.forward]))
        }
        #expect(result.ids.count == 7)
        #expect(result.info == PageInfo.all(total: 7))
    }

    @Test func anEmptyRosterHasNoPages() throws {
        let empty = try Roster(path: folder.path("empty.db"), access: .write)
        var info: PageInfo?
        var rows = 0
        try empty.run(PlayerQuery(asOf: Self.asOf), begin: { info = $0 }, row: { _ in rows += 1 })
        #expect(info?.total == 0)
        #expect(info?.pages == 0)
        #expect(rows == 0)
    }

    // MARK: - Lookup

    @Test func findPlayerByIdOrExactNameIgnoringCaseAndAccents() throws {
        #expect(try roster.findPlayer("3").name == "Kylian Mbappé")
        #expect(try roster.findPlayer("kylian mbappe").id == 3)
        #expect(try roster.findPlayer("  ANGEL   di maria ").id == 7)
        #expect(try roster.findPlayer("손흥민").id == 5)
        #expect(try roster.lookUp("kylian mbappe").prefix == nil)
        // The start of the name's words, when it matches one player, takes them, with the match to report.
        let (started, prefix) = try roster.lookUp("MBAPPE")
        #expect(started.id == 3)
        #expect(prefix == PrefixMatch(given: "MBAPPE", player: started))
        let missing = #expect(throws: LookupError.self) { try roster.findPlayer("Mbappex Kylian") }
        guard case .notFound(_, let suggestions) = missing else {
            Issue.record("expected notFound")
            return
        }
        // Near names: those one of the words starts.
        #expect(suggestions.map(\.id) == [3])
        #expect(missing?.description == "no player matches 'Mbappex Kylian'")
    }

    @Test func aSharedNameListsTheCandidates() throws {
        let path = try folder.write(
            #"[{"id": 20, "name": "Alex Scott", "position": "CB", "birth_date": "1984-10-14"}, {"id": 21, "name": "Alex Scott", "position": "LB", "birth_date": "1984-10-14"}]"#,
            to: "scott.json")
        _ = try roster.importFiles([path], options: ImportOptions())
        let error = #expect(throws: LookupError.self) { try roster.findPlayer("alex scott") }
        guard case .ambiguous(_, let candidates) = error else {
            Issue.record("expected ambiguous")
            return
        }
        #expect(candidates.map(\.id) == [20, 21])
    }
}
