/// Which players to select: the filters of a query, the age bounds counted on `asOf`. A store writes them in its
/// own terms (the SQLite repository's `PlayerCriteria+SQL.swift`), each filter by one case of an exhaustive switch,
/// so that a new filter is a compile error there until it is handled.
package struct PlayerCriteria: Sendable, Hashable {
    /// The conditions a row must all meet; none selects every row.
    package var filters: [PlayerFilter]
    /// The day the age filters count on.
    package var asOf: CalendarDate

    package init(_ filters: [PlayerFilter] = [], asOf: CalendarDate = .today()) {
        self.filters = filters
        self.asOf = asOf
    }

    /// The criteria of `query`'s filters.
    package init(_ query: PlayerQuery) {
        self.init(query.filters, asOf: query.asOf)
    }
}
