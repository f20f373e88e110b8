import CSQLite
import RosterModel

/// The running figures of one group of players while their rows are read: what `GroupStats` is made of.
struct GroupTally {
    private var players = 0
    private var goals = 0
    private var assists = 0
    private var ages = 0
    private var agesKnown = 0

    /// Counts one player in.
    mutating func add(goals: Int64, assists: Int64, age: Int?) throws(DatabaseError) {
        players += 1
        self.goals = try GroupTally.sum(self.goals, Int(goals))
        self.assists = try GroupTally.sum(self.assists, Int(assists))
        if let age {
            ages += age
            agesKnown += 1
        }
    }

    /// Counts the players of `other` in.
    mutating func add(_ other: GroupTally) throws(DatabaseError) {
        players += other.players
        goals = try GroupTally.sum(goals, other.goals)
        assists = try GroupTally.sum(assists, other.assists)
        ages += other.ages
        agesKnown += other.agesKnown
    }

    func stats(group: String?) -> GroupStats {
        GroupStats(
            group: group, players: players, goals: goals, assists: assists,
            averageAge: agesKnown == 0 ? nil : Double(ages) / Double(agesKnown))
    }

    /// `a + b`, or the error SQLite's `sum()` gives for a total past 64 bits (only counts another program wrote
    /// outside their range can get there).
    private static func sum(_ a: Int, _ b: Int) throws(DatabaseError) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        if overflow { throw DatabaseError(code: SQLITE_ERROR, message: "integer overflow", sql: nil) }
        return total
    }
}
