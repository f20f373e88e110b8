import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// The indexes docs/architecture.md's table names, each serving the query it is there for, checked with
/// EXPLAIN QUERY PLAN on the statements the repository really runs.
@Suite struct QueryPlanTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
    }

    /// The plan of `sql`, one line per step.
    private func plan(_ sql: String, _ values: [DatabaseValue] = []) throws -> String {
        let statement = try database.connection.prepare("EXPLAIN QUERY PLAN " + sql)
        try statement.bind(values)
        var steps: [String] = []
        while try statement.step() { steps.append(statement.text(at: 3)) }
        return steps.joined(separator: "\n")
    }

    private func listPlan(_ criteria: PlayerCriteria, _ order: [SortOrder]) throws -> String {
        let (condition, values) = criteria.whereClause(foldingOnTheFly: false)
        return try plan(
            "SELECT id FROM players" + condition + " ORDER BY "
                + PlayerRepository.orderClause(order, foldingOnTheFly: false) + " LIMIT 20",
            values)
    }

    @Test func theProbeForRowsOfOtherToolsIsOneIndexLookup() throws {
        // INDEXED BY fails to prepare when the index's condition does not cover the query's.
        #expect(
            try plan("SELECT 1 FROM players INDEXED BY players_unfolded WHERE \(PlayerRepository.unfoldedCondition)")
                == "SCAN players USING INDEX players_unfolded")
    }

    @Test func filtersAndOrdersUseTheirIndexes() throws {
        var club = PlayerCriteria()
        club.filters = [.clubs(["arsenal"])]
        let byClub = try listPlan(club, [SortOrder(.goals, descending: true)])
        #expect(byClub.contains("players_by_club_goals"), "\(byClub)")
        #expect(!byClub.contains("TEMP B-TREE"), "\(byClub)")

        var nationality = PlayerCriteria()
        nationality.filters = [.nationalities(["japan"])]
        nationality.filters.append(.minGoals(30))
        #expect(try listPlan(nationality, [SortOrder(.name)]).contains("players_by_nationality_goals"))

        var position = PlayerCriteria()
        position.filters = [.positions([.striker])]
        let byPosition = try listPlan(position, [SortOrder(.goals, descending: true)])
        #expect(byPosition.contains("players_by_position_goals"), "\(byPosition)")
        #expect(!byPosition.contains("TEMP B-TREE"), "\(byPosition)")

        // The name order (namesakes by birth date) is the index's own, in both directions: no sort, so a deep page
        // reads index entries only.
        for descending in [false, true] {
            let byName = try listPlan(PlayerCriteria(), [SortOrder(.name, descending: descending)])
            #expect(byName.contains("players_by_sort_name"), "\(byName)")
            #expect(!byName.contains("TEMP B-TREE"), "\(byName)")
        }
        #expect(try listPlan(PlayerCriteria(), [SortOrder(.age)]).contains("players_by_birth_date"))
    }

    /// Equal goals end on the name, then the id: the lists by goals of a position, a nationality or a club are walks
    /// of their index in that order, with no sort however many players share a number of goals.
    @Test(arguments: [
        PlayerFilter.positions([.striker]), .nationalities(["japan"]), .clubs(["arsenal"]),
    ])
    func listsByGoalsEndTheirTiesOnTheNameInTheIndex(filter: PlayerFilter) throws {
        let steps = try listPlan(PlayerCriteria([filter]), [SortOrder(.goals, descending: true)])
        #expect(steps.contains("players_by_"), "\(steps)")
        #expect(!steps.contains("TEMP B-TREE"), "\(steps)")
        #expect(!steps.contains("SCAN"), "\(steps)")
    }

    @Test func aClubPrefixIsARangeOfTheClubIndex() throws {
        let steps = try listPlan(PlayerCriteria([.clubPrefixes(["Man"])]), [SortOrder(.goals, descending: true)])
        #expect(steps.contains("players_by_club_goals (club_key>? AND club_key<?)"), "\(steps)")
    }

    /// The known clubs and nationalities, for suggestions and completions: a seek of the index per value within the
    /// range of a prefix, never a scan of the table.
    @Test func theKnownValuesAreSeeksOfTheirIndex() throws {
        for field in [PlayerField.club, .nationality] {
            let steps = try plan(
                PlayerRepository.knownValuesSQL(field), [.text("ma"), .text("ma\u{10FFFF}"), .integer(100)]
            ).split(separator: "\n")
            #expect(!steps.contains { $0.contains("SCAN players") }, "\(steps)")
            #expect(steps.contains { $0.contains("SEARCH players USING COVERING INDEX players_by_") }, "\(steps)")
            #expect(steps.contains { $0.contains("(\(field.name)_key>? AND \(field.name)_key<?)") }, "\(steps)")
        }
    }

    /// A page past the middle, read from the end of the order: the same index, walked the other way; only the
    /// outer query sorts, the page's few rows.
    @Test func aDeepPageIsReadFromTheEndThroughTheSameIndex() throws {
        let terms = PlayerRepository.orderTerms([SortOrder(.goals, descending: true)], foldingOnTheFly: false)
        let steps = try plan(
            PlayerRepository.selectText(" WHERE position IN (?1)", terms, parameters: 1, fromEnd: true),
            [.text("ST"), .integer(20), .integer(5)])
        #expect(steps.contains("players_by_position_goals (position=?)"), "\(steps)")
        #expect(steps.split(separator: "\n").filter { $0.contains("TEMP B-TREE") }.count == 1, "\(steps)")
    }

    @Test func importRecordsWithoutIdAreMatchedThroughAnIndex() throws {
        let steps = try plan(PlayerRepository.PreparedSQL.identityMatches.sql, [.text("x"), .null])
        // The rows with the folded name, and those whose folded name is missing (NULL, the same index's first
        // entries), each through the index.
        #expect(
            steps.split(separator: "\n").filter { $0.contains("players_by_sort_name (sort_name=? AND birth_date=?)") }
                .count == 2, "\(steps)")
        #expect(!steps.contains("SCAN players"), "\(steps)")
    }
}
