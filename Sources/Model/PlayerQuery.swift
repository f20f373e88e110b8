/// A field players can be sorted by.
public enum SortKey: String, CaseIterable, Sendable {
    case id, name, position, goals, assists, nationality, age
    case birthDate = "birth_date"
}

/// One key of a sort, with its direction.
public struct SortOrder: Hashable, Sendable {
    public var key: SortKey
    public var descending: Bool

    public init(_ key: SortKey, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }
}

/// Which players to list, in what order, and which page of them.
public struct PlayerQuery: Sendable {
    /// Positions to match; a line matches every role on it. Empty matches all.
    public var positions: [Position] = []
    /// Matched case-insensitively and exactly.
    public var nationality: String?
    /// Word prefixes that must all start some word of the name, case- and accent-insensitively.
    public var name: String?
    public var minGoals: Int?
    public var maxGoals: Int?
    public var minAssists: Int?
    public var maxAssists: Int?
    /// Age bounds in whole years on `asOf`; players with no birth date never match them.
    public var minAge: Int?
    public var maxAge: Int?
    /// The day ages are computed on.
    public var asOf: CalendarDate
    /// Sort keys in order; ties always end on id.
    public var sort: [SortOrder] = [SortOrder(.name)]
    public var paging: Paging = .page(1, perPage: 20)

    public enum Paging: Hashable, Sendable {
        /// 1-based page number and page size.
        case page(Int, perPage: Int)
        /// Every match.
        case all
    }

    public init(asOf: CalendarDate) {
        self.asOf = asOf
    }
}

/// How a list of matches is paged: which page, its size, and how many matches there are in all.
public struct PageInfo: Hashable, Sendable {
    public var page: Int
    public var perPage: Int
    public var total: Int
    /// True for `--all`: one page holding every match.
    public var isAll: Bool

    public init(page: Int, perPage: Int, total: Int, isAll: Bool) {
        self.page = page
        self.perPage = perPage
        self.total = total
        self.isAll = isAll
    }

    /// The number of pages (0 for no matches).
    public var pages: Int { isAll ? (total > 0 ? 1 : 0) : (total + perPage - 1) / perPage }
}
