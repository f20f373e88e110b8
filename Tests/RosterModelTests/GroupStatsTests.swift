import Testing

@testable import RosterModel

@Suite struct GroupStatsTests {
    /// Sums another program's values can make as large as they come: their total must not trap.
    @Test func goalContributionsDoNotOverflow() {
        let stats = GroupStats(group: nil, players: 2, goals: Int.max, assists: Int.max, averageAge: nil)
        #expect(stats.goalContributions == Int128(Int.max) * 2)
    }
}
