import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// `PlayerRepository.tally` against SQL's GROUP BY over the same rows: the figures of every grouping agree.
@Suite struct StatsTallyTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase
    static let asOf = CalendarDate(year: 2026, month: 2, day: 28)!

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
        // Varied on purpose: nationalities and clubs in other cases and accents, unknown values, birthdays on and
        // around the as-of day (29 February too), players born after it.
        let nationalities: [String?] = ["Brazil", "BRAZIL", "brazil", "Côte d'Ivoire", "COTE D'IVOIRE", "Japan", nil]
        let clubs: [String?] = ["Real Madrid", "real madrid", "Santos", nil]
        let birthDates: [CalendarDate?] = [
            CalendarDate(year: 2000, month: 2, day: 29), CalendarDate(year: 1990, month: 2, day: 28),
            CalendarDate(year: 1990, month: 3, day: 1), CalendarDate(year: 2026, month: 3, day: 1),
            CalendarDate(year: 1984, month: 12, day: 31), CalendarDate(year: 2009, month: 1, day: 1), nil,
        ]
        try database.write(madeBy: "test") { players in
            for index in 0..<300 {
                try players.insert(
                    Player(
                        name: "Player \(index)", position: Position.allCases[index * 7 % Position.allCases.count],
                        goals: index * 13 % 41, assists: index * 5 % 17,
                        nationality: nationalities[index % nationalities.count], club: clubs[index * 3 % clubs.count],
                        birthDate: birthDates[index * 11 % birthDates.count]))
            }
        }
    }

    @Test(arguments: [StatsGrouping.position, .line, .nationality, .club, .age])
    func everyGroupingAgreesWithSQL(grouping: StatsGrouping) throws {
        let tally = try database.read {
            try $0.tally(matching: PlayerCriteria(), by: [grouping], asOf: StatsTallyTests.asOf)
        }
        let line =
            "CASE position "
            + Position.allCases.map { "WHEN '\($0.code)' THEN '\($0.line.code)'" }
            .joined(separator: " ") + " END"
        // The age in whole years on the as-of day, written in SQL; NULL before birth.
        let age = """
            CASE WHEN birth_date IS NULL OR birth_date > '\(StatsTallyTests.asOf)' THEN NULL ELSE \
            \(StatsTallyTests.asOf.year) - CAST(substr(birth_date, 1, 4) AS INTEGER) \
            - ('\(StatsTallyTests.asOf.description.dropFirst(5))' < substr(birth_date, 6, 5)) END
            """
        let (key, label): (String, String) =
            switch grouping {
            case .position: ("position", "position")
            case .line: (line, line)
            case .nationality: ("nationality_key", "min(nationality)")
            case .club: ("club_key", "min(club)")
            case .age: ("(\(age)) / 5 * 5", "CAST((\(age)) / 5 * 5 AS TEXT)")
            }
        let expected = try figures(
            "SELECT \(label), count(*), sum(goals), sum(assists), avg(\(age)) FROM players GROUP BY \(key)")
        #expect(Set(tally.groups[grouping] ?? []) == Set(expected))
        #expect(
            [tally.total] == (try figures("SELECT NULL, count(*), sum(goals), sum(assists), avg(\(age)) FROM players")))
        let unknown = try figures(
            "SELECT NULL, count(*) - count(birth_date), count(*) - count(nationality), count(*) - count(club), NULL "
                + "FROM players")[0]
        #expect(
            [tally.unknownBirthDates, tally.unknownNationalities, tally.unknownClubs]
                == [unknown.players, unknown.goals, unknown.assists])
    }

    @Test func filtersApplyAsInQueries() throws {
        var criteria = PlayerCriteria()
        criteria.filters.append(.minGoals(20))
        let tally = try database.read { try $0.tally(matching: criteria, by: [], asOf: StatsTallyTests.asOf) }
        let expected = try figures(
            "SELECT NULL, count(*), sum(goals), sum(assists), NULL FROM players WHERE goals >= 20")
        #expect(
            (tally.total.players, tally.total.goals, tally.total.assists) == (
                expected[0].players, expected[0].goals, expected[0].assists
            ))
    }

    /// The rows of `sql` (group, players, goals, assists, average age) as figures.
    private func figures(_ sql: String) throws -> [GroupStats] {
        let statement = try database.connection.prepare(sql)
        var rows: [GroupStats] = []
        while try statement.step() {
            rows.append(
                GroupStats(
                    group: statement.optionalText(at: 0), players: statement.int(at: 1), goals: statement.int(at: 2),
                    assists: statement.int(at: 3), averageAge: statement.isNull(at: 4) ? nil : statement.double(at: 4)))
        }
        return rows
    }
}
