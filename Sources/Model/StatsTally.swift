/// The figures `stats` is made of, from one pass over the players that match: the total, the groups of each
/// grouping that was asked for (in no particular order), and how many players lack each optional field a summary
/// counts.
public struct StatsTally: Sendable {
    public var total: GroupStats
    public var groups: [StatsGrouping: [GroupStats]]
    public var unknownBirthDates: Int
    public var unknownNationalities: Int
    public var unknownClubs: Int

    public init(
        total: GroupStats, groups: [StatsGrouping: [GroupStats]], unknownBirthDates: Int, unknownNationalities: Int,
        unknownClubs: Int
    ) {
        self.total = total
        self.groups = groups
        self.unknownBirthDates = unknownBirthDates
        self.unknownNationalities = unknownNationalities
        self.unknownClubs = unknownClubs
    }
}
