/// Paging facts of a list: which page, how many per page, how many matches in all.
struct PagingFacts: Equatable {
    /// 1-based.
    var page: Int
    var perPage: Int
    /// Players matching the query, on every page.
    var total: Int
    /// Pages the matches fill; 0 when nothing matches.
    var pages: Int
    /// The list is every match at once (`--all`), not one page.
    var isAll: Bool
}

extension PagingFacts {
    /// Page `page` of `perPage` players, with `pages` worked out from `total`.
    init(page: Int, perPage: Int, total: Int) {
        // A non-positive page size is a usage error caught earlier; this only must not divide by zero.
        let size = max(perPage, 1)
        self.init(
            page: page, perPage: perPage, total: total, pages: total / size + (total % size == 0 ? 0 : 1),
            isAll: false)
    }

    /// Every one of `total` matches at once: one page holding them all.
    static func all(total: Int) -> PagingFacts {
        PagingFacts(page: 1, perPage: total, total: total, pages: total == 0 ? 0 : 1, isAll: true)
    }
}
