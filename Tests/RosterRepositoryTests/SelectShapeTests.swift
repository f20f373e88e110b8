import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// A page by number keeps the text of its SELECT by the shape of its criteria: the text depends on that shape alone,
/// and each query binds its own values to it.
@Suite struct SelectShapeTests {
    /// The day the age filters count on.
    static let asOf = CalendarDate(year: 2026, month: 1, day: 1)!

    static let criteria: [PlayerCriteria] = {
        var all: [PlayerCriteria] = [PlayerCriteria(asOf: asOf)]
        func with(_ change: (inout PlayerCriteria) -> Void) {
            var criteria = PlayerCriteria(asOf: asOf)
            change(&criteria)
            all.append(criteria)
        }
        with { $0.filters = [.positions([.striker, .centreForward])] }
        with { $0.filters = [.nationalities(["France", "spain"]), .clubs(["Arsenal"])] }
        with { $0.filters = [.clubs([])] }
        with { $0.filters = [.names(["kyl mb", "leo"])] }
        with { $0.filters = [.names(["!!"])] }
        with { $0.filters = [.minGoals(3), .maxGoals(30), .maxAssists(9), .minAge(26), .maxAge(35)] }
        with { $0.filters = [.positions([.goalkeeper]), .names(["a"]), .minAssists(1), .nationalities(["Brazil"])] }
        with { $0.filters = [.positions([.forward])] }
        return all
    }()

    @Test(arguments: criteria, [false, true])
    func theValuesAreThoseOfTheClause(criteria: PlayerCriteria, folding: Bool) {
        #expect(
            criteria.whereValues(foldingOnTheFly: folding).values
                == criteria.whereClause(foldingOnTheFly: folding).values)
    }

    /// Two criteria share a statement exactly when their texts are equal: a shape that missed a filter gave an
    /// unfiltered page the statement of a filtered one, and a wrong answer.
    @Test(arguments: [false, true])
    func criteriaShareAShapeExactlyWhenTheyShareTheText(folding: Bool) {
        let all = Self.criteria + Self.singleFilters
        for first in all {
            for second in all {
                let sameShape =
                    first.whereValues(foldingOnTheFly: folding).shape
                    == second.whereValues(foldingOnTheFly: folding).shape
                let sameText =
                    first.whereClause(foldingOnTheFly: folding).sql == second.whereClause(foldingOnTheFly: folding).sql
                #expect(sameShape == sameText, "\(first) and \(second)")
            }
        }
    }

    /// Criteria with one filter each, of every kind, with values that each find a different set of the players of
    /// `playersOfEveryKind`.
    static let singleFilters: [PlayerCriteria] = {
        var all: [PlayerCriteria] = [PlayerCriteria(asOf: asOf)]
        func with(_ change: (inout PlayerCriteria) -> Void) {
            var criteria = PlayerCriteria(asOf: asOf)
            change(&criteria)
            all.append(criteria)
        }
        with { $0.filters = [.positions([.striker])] }
        with { $0.filters = [.positions([.striker, .goalkeeper])] }
        with { $0.filters = [.nationalities(["france"])] }
        with { $0.filters = [.clubs(["Arsenal", "lyon"])] }
        with { $0.filters = [.names(["bea"])] }
        with { $0.filters = [.names(["!!"])] }
        with { $0.filters.append(.minGoals(6)) }
        with { $0.filters.append(.maxGoals(4)) }
        with { $0.filters.append(.minAssists(2)) }
        with { $0.filters.append(.maxAssists(0)) }
        with { $0.filters = [.minAge(31)] }
        with { $0.filters = [.maxAge(30)] }
        return all
    }()

    static let playersOfEveryKind = [
        Player(
            name: "Ada", position: .striker, goals: 5, assists: 1, nationality: "France", club: "Arsenal",
            birthDate: CalendarDate(year: 1990, month: 3, day: 1)),
        Player(
            name: "Bea", position: .goalkeeper, goals: 1, assists: 3, nationality: "Spain", club: "Porto",
            birthDate: CalendarDate(year: 1999, month: 5, day: 2)),
        Player(name: "Cy", position: .centreBack, goals: 9, assists: 2, nationality: "France", club: "Lyon"),
        Player(
            name: "Dee", position: .striker, goals: 4, assists: 0, club: "Arsenal",
            birthDate: CalendarDate(year: 1996, month: 12, day: 31)),
        Player(
            name: "Eve", position: .centralMidfielder, goals: 2, assists: 5, nationality: "Spain",
            birthDate: CalendarDate(year: 1993, month: 1, day: 1)),
    ]

    /// Every pair of filters, one query after the other on one repository (which keeps the first one's statement),
    /// finds what each finds on its own.
    @Test func everyPairOfQueriesFindsWhatEachFindsAlone() throws {
        let folder = try TemporaryDirectory()
        let database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
        try database.write(madeBy: "test") { players in
            for player in Self.playersOfEveryKind { try players.insert(player) }
        }
        func names(_ criteria: PlayerCriteria, in database: RosterDatabase) throws -> [String] {
            try database.read { players in
                var names: [String] = []
                try players.forEachPlayer(matching: criteria, orderedBy: [SortOrder(.name)], limit: nil, offset: 0) {
                    names.append($0.name)
                }
                return names
            }
        }
        let alone = try Self.singleFilters.map { criteria in
            try names(criteria, in: RosterDatabase(path: folder.path("roster.db"), mode: .existing))
        }
        #expect(Set(alone).count == Self.singleFilters.count, "each filter finds a set of its own: \(alone)")
        for (first, firstAlone) in zip(Self.singleFilters, alone) {
            for (second, secondAlone) in zip(Self.singleFilters, alone) {
                let shared = try RosterDatabase(path: folder.path("roster.db"), mode: .existing)
                #expect(try names(first, in: shared) == firstAlone)
                #expect(try names(second, in: shared) == secondAlone, "\(second) after \(first)")
            }
        }
    }

    /// A statement asks whether rows wait for folding only when its text depends on the answer.
    @Test(arguments: criteria)
    func onlyFiltersOnFoldedColumnsDependOnFolding(criteria: PlayerCriteria) {
        #expect(
            criteria.readsFoldedColumns
                == (criteria.whereClause(foldingOnTheFly: true).sql != criteria.whereClause(foldingOnTheFly: false).sql)
        )
    }

    /// Every order but the id's ends its ties on the folded name.
    @Test func onlySortsOnFoldedColumnsDependOnFolding() {
        #expect(PlayerRepository.foldedSortKeys == Set(SortKey.allCases).subtracting([.id]))
    }

    @Test func queriesOfOneShapeEachFindTheirOwnPlayers() throws {
        let folder = try TemporaryDirectory()
        let database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
        try database.write(madeBy: "test") { players in
            for (name, position, goals) in [("Ada", Position.striker, 5), ("Bea", .goalkeeper, 1), ("Cy", .striker, 9)]
            {
                try players.insert(Player(name: name, position: position, goals: goals))
            }
        }
        func names(_ codes: [String], minGoals: Int) throws -> [String] {
            var criteria = PlayerCriteria()
            criteria.filters = [.positions(codes.map { Position(parsing: $0)! })]
            criteria.filters.append(.minGoals(minGoals))
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
