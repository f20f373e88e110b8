/// How `stats` groups players.
package enum StatsGrouping: String, CaseIterable, Sendable {
    case position, line, nationality, club, age

    /// How wide an age band is, in years: `--by age` groups 20–24, 25–29, ….
    package static let ageBandYears = 5

    /// How many groups `top` (`--top`, `top=`) may keep: from 1 to 1,000.
    package static let topRange = 1...1_000
}

/// The figures of a group of players (or of all that match): how many, their goals and assists, their average age.
package struct GroupStats: Hashable, Sendable {
    /// What the group is: a position code (`ST`), a line (`FW`), a nationality or club as one of its players writes
    /// it, the first age of a band (`20` for 20–24); nil for the players whose value is unknown (and for a total).
    package var group: String?
    package var players: Int
    package var goals: Int
    package var assists: Int
    /// The average age on the as-of day of the players whose age is known; nil when none is.
    package var averageAge: Double?

    package init(group: String?, players: Int, goals: Int, assists: Int, averageAge: Double?) {
        self.group = group
        self.players = players
        self.goals = goals
        self.assists = assists
        self.averageAge = averageAge
    }

    /// Goals plus assists, in a type wide enough that no pair of sums can overflow it.
    package var goalContributions: Int128 { Int128(goals) + Int128(assists) }
}

/// `stats --by GROUPING`: the total, and each group.
package struct GroupedStats: Sendable {
    package var total: GroupStats
    package var grouping: StatsGrouping
    package var groups: [GroupStats]
    /// The day ages are computed on.
    package var asOf: CalendarDate

    package init(total: GroupStats, grouping: StatsGrouping, groups: [GroupStats], asOf: CalendarDate) {
        self.total = total
        self.grouping = grouping
        self.groups = groups
        self.asOf = asOf
    }
}

/// `stats` without a grouping: the roster at a glance.
package struct RosterSummary: Sendable {
    package var total: GroupStats
    /// The four lines, GK, DF, MF, FW, each always present.
    package var lines: [GroupStats]
    package var positions: [GroupStats]
    /// The most common nationalities and clubs, most players first.
    package var nationalities: [GroupStats]
    package var clubs: [GroupStats]
    package var topScorers: [Player]
    package var topAssisters: [Player]
    package var youngest: Player?
    package var oldest: Player?
    /// How many players lack each optional field a summary cares about.
    package var unknownBirthDates: Int
    package var unknownNationalities: Int
    package var unknownClubs: Int
    package var asOf: CalendarDate

    package init(total: GroupStats, asOf: CalendarDate) {
        self.total = total
        self.asOf = asOf
        lines = []
        positions = []
        nationalities = []
        clubs = []
        topScorers = []
        topAssisters = []
        unknownBirthDates = 0
        unknownNationalities = 0
        unknownClubs = 0
    }
}
