import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// A page by number keeps the text of its SELECT by the shape of its criteria: the text depends on that shape alone,
/// and each query binds its own values to it.
@Suite struct SelectShapeTests {
    static let criteria: [PlayerCriteria] = {
        var all: [PlayerCriteria] = [PlayerCriteria()]
        func with(_ change: (inout PlayerCriteria) -> Void) {
            var criteria = PlayerCriteria()
            change(&criteria)
            all.append(criteria)
        }
        with { $0.positionCodes = ["ST", "CF"] }
        with { $0.foldedValues = [.nationality: ["france", "spain"], .club: ["arsenal"]] }
        with { $0.foldedValues = [.club: []] }
        with { $0.nameSearches = [["kyl", "mb"], ["leo"]] }
        with { $0.nameSearches = [[]] }
        with {
            $0.minGoals = 3
            $0.maxGoals = 30
            $0.maxAssists = 9
            $0.birthDateAtMost = "2000-01-01"
            $0.birthDateAfter = "1990-01-01"
        }
        with {
            $0.positionCodes = ["GK"]
            $0.nameSearches = [["a"]]
            $0.minAssists = 1
            $0.foldedValues = [.nationality: ["brazil"]]
        }
        return all
    }()

    @Test(arguments: criteria, [false, true])
    func theTextDependsOnTheShapeAlone(criteria: PlayerCriteria, folding: Bool) {
        let clause = criteria.whereClause(foldingOnTheFly: folding)
        #expect(criteria.shape.whereClause(foldingOnTheFly: folding).sql == clause.sql)
        #expect(criteria.whereValues(foldingOnTheFly: folding) == clause.values)
        #expect(criteria.shape.shape == criteria.shape)
    }

    /// A statement asks whether rows wait for folding only when its text depends on the answer.
    @Test(arguments: criteria)
    func onlyFiltersOnFoldedColumnsDependOnFolding(criteria: PlayerCriteria) {
        #expect(
            criteria.readsFoldedColumns
                == (criteria.whereClause(foldingOnTheFly: true).sql != criteria.whereClause(foldingOnTheFly: false).sql)
        )
    }

    @Test func onlySortsOnFoldedColumnsDependOnFolding() {
        #expect(PlayerRepository.foldedSortKeys == [.name, .nationality, .club])
    }

    @Test func queriesOfOneShapeEachFindTheirOwnPlayers() throws {
        let folder = try TemporaryDirectory()
        let database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
        try database.write { players in
            for (name, position, goals) in [("Ada", Position.striker, 5), ("Bea", .goalkeeper, 1), ("Cy", .striker, 9)]
            {
                try players.insert(Player(name: name, position: position, goals: goals))
            }
        }
        func names(_ codes: [String], minGoals: Int) throws -> [String] {
            var criteria = PlayerCriteria()
            criteria.positionCodes = codes
            criteria.minGoals = minGoals
            return try database.read { players in
                var names: [String] = []
                try players.forEachPlayer(matching: criteria, orderedBy: [SortOrder(.name)], limit: nil, offset: 0) {
                    names.append($0.name)
                }
                return names
            }
        }
        #expect(try names(["ST"], minGoals: 0) == ["Ada", "Cy"])
        #expect(try names(["GK"], minGoals: 0) == ["Bea"])
        #expect(try names(["ST"], minGoals: 6) == ["Cy"])
        #expect(try names(["ST", "GK"], minGoals: 2) == ["Ada", "Cy"])
        #expect(database.players.selectTexts.count == 2)
    }
}
