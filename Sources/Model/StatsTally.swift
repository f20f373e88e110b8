/// The figures `stats` is made of, from one pass over the players that match: the total, the groups of each
/// grouping that was asked for (in no particular order), and how many players lack each optional field a summary
/// counts.
package struct StatsTally: Sendable {
    package var total: GroupStats
    package var groups: [StatsGrouping: [GroupStats]]
    package var unknownBirthDates: Int
    package var unknownNationalities: Int
    package var unknownClubs: Int

    package init(
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
