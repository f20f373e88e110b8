/// How `stats` groups players.
public enum StatsGrouping: String, CaseIterable, Sendable {
    case position, line, nationality, club, age

    /// How wide an age band is, in years: `--by age` groups 20–24, 25–29, ….
    public static let ageBandYears = 5
}

/// The figures of a group of players (or of all that match): how many, their goals and assists, their average age.
public struct GroupStats: Hashable, Sendable {
    /// What the group is: a position code (`ST`), a line (`FW`), a nationality or club as one of its players writes
    /// it, the first age of a band (`20` for 20–24); nil for the players whose value is unknown (and for a total).
    public var group: String?
    public var players: Int
    public var goals: Int
    public var assists: Int
    /// The average age on the as-of day of the players whose age is known; nil when none is.
    public var averageAge: Double?

    public init(group: String?, players: Int, goals: Int, assists: Int, averageAge: Double?) {
        self.group = group
        self.players = players
        self.goals = goals
        self.assists = assists
        self.averageAge = averageAge
    }

    /// Goals plus assists, in a type wide enough that no pair of sums can overflow it.
    public var goalContributions: Int128 { Int128(goals) + Int128(assists) }
}

/// `stats --by GROUPING`: the total, and each group.
public struct GroupedStats: Sendable {
    public var total: GroupStats
    public var grouping: StatsGrouping
    public var groups: [GroupStats]
    /// The day ages are computed on.
    public var asOf: CalendarDate

    public init(total: GroupStats, grouping: StatsGrouping, groups: [GroupStats], asOf: CalendarDate) {
        self.total = total
        self.grouping = grouping
        self.groups = groups
        self.asOf = asOf
    }
}

/// `stats` without a grouping: the roster at a glance.
public struct RosterSummary: Sendable {
    public var total: GroupStats
    /// The four lines, GK, DF, MF, FW, each always present.
    public var lines: [GroupStats]
    public var positions: [GroupStats]
    /// The most common nationalities and clubs, most players first.
    public var nationalities: [GroupStats]
    public var clubs: [GroupStats]
    public var topScorers: [Player]
    public var topAssisters: [Player]
    public var youngest: Player?
    public var oldest: Player?
    /// How many players lack each optional field a summary cares about.
    public var unknownBirthDates: Int
    public var unknownNationalities: Int
    public var unknownClubs: Int
    public var asOf: CalendarDate

    public init(total: GroupStats, asOf: CalendarDate) {
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
