/// A field players can be sorted by.
package enum SortKey: String, CaseIterable, Sendable {
    case id, name, position, goals, assists, nationality, club, age
    case birthDate = "birth_date"

    /// How many values an order on this key compares: two for the name, whose namesakes come in order of birth
    /// date (the order of the index that serves it, so that no sort runs and a deep page reads index entries only).
    package var comparedValues: Int { self == .name ? 2 : 1 }
}

/// One key of a sort, with its direction.
package struct SortOrder: Hashable, Sendable {
    package var key: SortKey
    package var descending: Bool

    package init(_ key: SortKey, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// What ends the ties of `order` after its own keys, so that every order is total and paging is stable.
    package enum TieBreak: Sendable {
        /// The order has the id, which no two players share.
        case none
        /// The order has the name (whose namesakes come by birth date): the id, in the direction of the last key,
        /// as the name's index holds it.
        case id(descending: Bool)
        /// Any other order: the folded name ascending, then the id ascending, whichever way the order runs — equal
        /// goals list their players from A to Z.
        case nameThenID
    }

    /// The tie break of `order`: the one rule a store's ORDER BY and a page position's values follow.
    package static func tieBreak(of order: [SortOrder]) -> TieBreak {
        if order.contains(where: { $0.key == .id }) { return .none }
        if order.contains(where: { $0.key == .name }) { return .id(descending: order.last?.descending == true) }
        return .nameThenID
    }
}

/// Which players to list, in what order, and which page of them.
package struct PlayerQuery: Sendable {
    /// The conditions a player must all meet to be listed; none lists every player.
    package var filters: [PlayerFilter] = []
    /// The day ages are computed on.
    package var asOf: CalendarDate
    /// Sort keys in order; ties end as `SortOrder.tieBreak(of:)` says (on the name, then the id).
    package var sort: [SortOrder] = [SortOrder(.name)]
    package var paging: Paging = .page(1, perPage: 20)
    /// With `.page`, start just after this row instead of at the page's number (keyset paging); its order must be
    /// `sort`.
    package var after: PagePosition?

    package enum Paging: Hashable, Sendable {
        /// 1-based page number and page size.
        case page(Int, perPage: Int)
        /// Every match.
        case all
    }

    package init(asOf: CalendarDate) {
        self.asOf = asOf
    }
}

/// How a list of matches is paged: which page, its size, and how many matches there are in all.
package struct PageInfo: Hashable, Sendable {
    /// 1-based.
    package var page: Int
    package var perPage: Int
    /// Matches on every page.
    package var total: Int
    /// True for `--all`: one page holding every match.
    package var isAll: Bool
    /// The largest id, goals and assists among every match, when the caller asked for them: what a table written
    /// while the rows stream needs to size its number columns, which it never cuts.
    package var largest: LargestCounts?

    package struct LargestCounts: Hashable, Sendable {
        package var id: Int64
        package var goals: Int64
        package var assists: Int64

        package init(id: Int64, goals: Int64, assists: Int64) {
            self.id = id
            self.goals = goals
            self.assists = assists
        }
    }

    /// Page `page` of `perPage` matches out of `total`.
    package init(page: Int, perPage: Int, total: Int) {
        self.page = page
        self.perPage = perPage
        self.total = total
        isAll = false
        largest = nil
    }

    /// Every one of `total` matches at once: one page holding them all.
    package static func all(total: Int) -> PageInfo {
        var info = PageInfo(page: 1, perPage: total, total: total)
        info.isAll = true
        return info
    }

    /// The number of pages the matches fill; 0 when nothing matches.
    package var pages: Int {
        if isAll { return total == 0 ? 0 : 1 }
        let size = max(perPage, 1)  // A page size below 1 is refused earlier; this only must not divide by zero.
        return total / size + (total % size == 0 ? 0 : 1)
    }
}
