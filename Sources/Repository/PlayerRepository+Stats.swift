import CSQLite
import RosterModel

extension PlayerRepository {
    /// Counts, sums and the average age of the players that match `criteria`, one `GroupStats` per value of
    /// `grouping` (in no particular order), or one for all of them when `grouping` is nil. Ages are taken on `asOf`;
    /// unknown and not-yet-born ones are left out of averages.
    public func groupStats(matching criteria: PlayerCriteria, by grouping: StatsGrouping?, asOf: CalendarDate)
        throws -> [GroupStats]
    {
        let folding = try hasUnfoldedRows()
        let (condition, values) = criteria.whereClause(foldingOnTheFly: folding)
        // The as-of day is the parameter after the WHERE clause's, numbered so that its place in the text is free.
        let age = PlayerRepository.ageExpression(asOf: "?\(values.count + 1)")
        let (key, label) = PlayerRepository.groupColumns(grouping, age: age, foldingOnTheFly: folding)
        let statement = try connection.prepare(
            "SELECT \(label), count(*), coalesce(sum(goals), 0), coalesce(sum(assists), 0), avg(\(age)) FROM players"
                + condition + (key.map { " GROUP BY \($0)" } ?? ""))
        try statement.bind(values + [.text(asOf.description)])
        var groups: [GroupStats] = []
        while try statement.step() {
            // Sums of integers are integers: a real or a text among the counts is another tool's, named here.
            if statement.type(at: 2) != SQLITE_INTEGER || statement.type(at: 3) != SQLITE_INTEGER {
                try readPlayersWithCountsThatAreNotIntegers()
            }
            let players = statement.int(at: 1)
            // Without GROUP BY, an empty roster still gives its one row of zeros.
            if key != nil || players > 0 || groups.isEmpty {
                groups.append(
                    GroupStats(
                        group: statement.optionalText(at: 0), players: players, goals: statement.int(at: 2),
                        assists: statement.int(at: 3),
                        averageAge: statement.isNull(at: 4) ? nil : statement.double(at: 4)))
            }
        }
        return groups
    }

    /// Reads the players whose goals or assists are not integers, which fails naming the first of them.
    private func readPlayersWithCountsThatAreNotIntegers() throws {
        let statement = try connection.prepare(
            "SELECT \(PlayerColumn.selectList) FROM players "
                + "WHERE typeof(goals) <> 'integer' OR typeof(assists) <> 'integer' ORDER BY id")
        while try statement.step() { _ = try player(from: statement) }
    }

    /// How many of the players that match `criteria` have no birth date, no nationality, no club.
    public func unknownCounts(matching criteria: PlayerCriteria) throws
        -> (birthDates: Int, nationalities: Int, clubs: Int)
    {
        let (condition, values) = criteria.whereClause(foldingOnTheFly: try hasUnfoldedRows())
        let statement = try connection.prepare(
            "SELECT count(*) - count(birth_date), count(*) - count(nationality), count(*) - count(club) FROM players"
                + condition)
        try statement.bind(values)
        return try statement.firstRow { ($0.int(at: 0), $0.int(at: 1), $0.int(at: 2)) } ?? (0, 0, 0)
    }

    /// The age on the day the parameter `asOf` holds of the row's player in whole years, as `CalendarDate.age(on:)`
    /// has it; NULL when the birth date is unknown or after that day.
    static func ageExpression(asOf: String) -> String {
        "CASE WHEN birth_date IS NULL OR birth_date > \(asOf) THEN NULL ELSE "
            + "CAST(substr(\(asOf), 1, 4) AS INTEGER) - CAST(substr(birth_date, 1, 4) AS INTEGER) "
            + "- (substr(\(asOf), 6, 5) < substr(birth_date, 6, 5)) END"
    }

    /// The SQL a grouping groups by (nil: no grouping) and the label each group gets.
    private static func groupColumns(_ grouping: StatsGrouping?, age: String, foldingOnTheFly: Bool)
        -> (key: String?, label: String)
    {
        func folded(_ column: DerivedColumn) -> (String, String) {
            (foldingOnTheFly ? column.expression : column.rawValue, "min(\(column.source.name))")
        }
        switch grouping {
        case nil: return (nil, "NULL")
        case .position: return ("position", "position")
        case .line: return (lineExpression, lineExpression)
        case .nationality: return folded(.nationalityKey)
        case .club: return folded(.clubKey)
        case .age:
            let band = "(\(age)) / \(StatsGrouping.ageBandYears) * \(StatsGrouping.ageBandYears)"
            return (band, "CAST(\(band) AS TEXT)")
        }
    }

    /// The line of the row's position, as `Position.line` has it.
    private static let lineExpression =
        "CASE position "
        + Position.allCases.map { "WHEN '\($0.code)' THEN '\($0.line.code)'" }.joined(separator: " ") + " END"
}
