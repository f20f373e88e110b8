/// Where a page of a sorted list starts when it is asked for by position rather than by number (keyset paging):
/// just after the row whose sort values are `values`. Pages asked for this way stay right while the roster changes
/// between them, and a deep one costs what the first does.
package struct PagePosition: Hashable, Sendable {
    /// One sort value as the order compares it: a number, a text, or unknown.
    package enum Value: Hashable, Sendable {
        case null
        case integer(Int64)
        case text(String)
    }

    /// The order the position belongs to; it means nothing in another.
    package var sort: [SortOrder]
    /// The row's value for each term of the order: `comparedValues` per key of `sort`, then those of its tie break
    /// (`SortOrder.tieBreak(of:)`: the folded name and the id, the id alone, or nothing).
    package var values: [Value]

    package init(sort: [SortOrder], values: [Value]) {
        self.sort = sort
        self.values = values
    }

    /// How many values a position in `sort` holds.
    package static func valueCount(_ sort: [SortOrder]) -> Int {
        let tieValues =
            switch SortOrder.tieBreak(of: sort) {
            case .none: 0
            case .id: 1
            case .nameThenID: 2
            }
        return sort.reduce(0) { $0 + $1.key.comparedValues } + tieValues
    }
}
