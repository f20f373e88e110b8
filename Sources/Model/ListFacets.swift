/// How the players a list's filters leave are spread over clubs and nationalities: for each, its most common values
/// with their counts, how many values are left out past them, and how many players have none. The web page shows
/// them above its table, each value a link to the list filtered by it; `/api/facets` gives them as JSON.
package struct ListFacets: Sendable {
    /// One grouping's values.
    package struct Facet: Sendable {
        /// `.club` or `.nationality`.
        package var grouping: StatsGrouping
        /// The most common values, most players first (ties by name), as `stats --by` orders them; none unknown.
        package var groups: [GroupStats]
        /// How many values have players but are left out past `groups`.
        package var more: Int
        /// How many players have no value: no filter names them, so they are counted apart from the groups.
        package var unknown: Int

        package init(grouping: StatsGrouping, groups: [GroupStats], more: Int, unknown: Int) {
            self.grouping = grouping
            self.groups = groups
            self.more = more
            self.unknown = unknown
        }
    }

    /// The players the filters leave, with their sums.
    package var total: GroupStats
    /// One per grouping of `groupings`, in its order.
    package var facets: [Facet]
    /// The day ages are counted on.
    package var asOf: CalendarDate

    /// How many values of each grouping are shown unless `top` says otherwise.
    package static let defaultTop = 10

    /// The groupings a list has facets of, in the order shown.
    package static let groupings: [StatsGrouping] = [.club, .nationality]

    /// The facets of `stats` (of `groupings`, each with every group: `top: nil`), each cut to its first `top` known
    /// values; ages counted on `asOf`.
    package init(_ stats: [GroupedStats], top: Int, asOf: CalendarDate) {
        total = stats.first?.total ?? GroupStats(group: nil, players: 0, goals: 0, assists: 0, averageAge: nil)
        self.asOf = asOf
        facets = stats.map { grouped in
            let known = grouped.groups.filter { $0.group != nil }
            let unknown = grouped.groups.first { $0.group == nil }?.players ?? 0
            return Facet(
                grouping: grouped.grouping, groups: Array(known.prefix(top)), more: max(0, known.count - top),
                unknown: unknown)
        }
    }
}
