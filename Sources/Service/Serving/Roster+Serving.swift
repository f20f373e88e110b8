import RosterModel
import RosterRepository

/// A page of a list as the HTTP API and the web page show it.
public struct PlayerPage: Sendable {
    /// The paging facts; with a page token (`after`), `page` is 0: the page's number is not known.
    public var paging: PageInfo
    public var players: [Player]
    /// Whether the page was asked for by position (a page token) rather than by number.
    public var isKeyset: Bool
    /// Where the next page starts, when more players follow.
    public var next: PagePosition?

    public init(paging: PageInfo, players: [Player], isKeyset: Bool, next: PagePosition?) {
        self.paging = paging
        self.players = players
        self.isKeyset = isKeyset
        self.next = next
    }
}

extension Roster {
    /// Runs `body` on one committed snapshot of the roster, handing it the snapshot's change counter: every read
    /// `body` makes through this roster sees that snapshot, and the counter differs from another snapshot's exactly
    /// when the players differ.
    public func snapshot<T>(_ body: (_ version: Int64) throws -> T) throws -> T {
        try database.read { players in try body(try players.changeCounter()) }
    }

    /// Runs `body` with a time limit on every statement: one still running `seconds` after the start stops with an
    /// error whose `isTimeLimit` is true.
    public func withTimeLimit<T>(seconds: Double, _ body: () throws -> T) throws -> T {
        try database.withTimeLimit(seconds: seconds, body)
    }

    /// The page of `query` (paging `.page`): by number, or after `query.after`. The total comes from `cache` when
    /// it holds it for this snapshot (`version`), so that only the page itself is read per request.
    public func page(_ query: PlayerQuery, version: Int64, cache: ResultCache) throws -> PlayerPage {
        guard case .page(let number, let perPage) = query.paging else {
            preconditionFailure("a page needs paging by page")
        }
        let criteria = Roster.criteria(for: query)
        return try database.read { players in
            let total = try cache.value(.init(version: version, kind: "count", criteria: criteria, asOf: nil)) {
                try players.count(matching: criteria)
            }
            var found: [Player] = []
            if let after = query.after {
                // One more than the page holds says whether another page follows.
                try players.forEachPlayer(
                    matching: criteria, orderedBy: query.sort, after: after.values.isEmpty ? nil : after,
                    limit: perPage + 1, offset: 0
                ) { found.append($0) }
                let more = found.count > perPage
                if more { found.removeLast() }
                return PlayerPage(
                    paging: PageInfo(page: 0, perPage: perPage, total: total), players: found, isKeyset: true,
                    next: more ? PlayerRepository.pagePosition(after: found[found.count - 1], in: query.sort) : nil)
            }
            let paging = PageInfo(page: number, perPage: perPage, total: total)
            let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: perPage)
            if !overflow, offset < total {
                try players.forEachPlayer(
                    matching: criteria, orderedBy: query.sort, limit: perPage, offset: offset
                ) { found.append($0) }
            }
            let more = number < paging.pages && !found.isEmpty
            return PlayerPage(
                paging: paging, players: found, isKeyset: false,
                next: more ? PlayerRepository.pagePosition(after: found[found.count - 1], in: query.sort) : nil)
        }
    }

    /// `stats(query, by:, top:)` on this snapshot, from `cache` when it holds it.
    public func stats(
        _ query: PlayerQuery, by grouping: StatsGrouping, top: Int?, version: Int64, cache: ResultCache
    ) throws -> GroupedStats {
        let key = ResultCache.Key(
            version: version, kind: "stats \(grouping.rawValue) \(top ?? 0)", criteria: Roster.criteria(for: query),
            asOf: query.asOf)
        return try cache.value(key) { try stats(query, by: grouping, top: top) }
    }

    /// How many players match `query`'s filters on each line (GK, DF, MF, FW), on this snapshot, from `cache` when it
    /// holds it: the counts of the web page's segments.
    public func lineCounts(_ query: PlayerQuery, version: Int64, cache: ResultCache) throws -> [Position: Int] {
        let criteria = Roster.criteria(for: query)
        return try cache.value(.init(version: version, kind: "lines", criteria: criteria, asOf: nil)) {
            try database.read { players in
                var lines: [Position: Int] = [:]
                for (position, count) in try players.countsByPosition(matching: criteria) {
                    lines[position.line, default: 0] += count
                }
                return lines
            }
        }
    }

    /// `summary(query, top:)` on this snapshot, from `cache` when it holds it.
    public func summary(_ query: PlayerQuery, top: Int, version: Int64, cache: ResultCache) throws -> RosterSummary {
        let key = ResultCache.Key(
            version: version, kind: "summary \(top)", criteria: Roster.criteria(for: query), asOf: query.asOf)
        return try cache.value(key) { try summary(query, top: top) }
    }

    /// A cursor over every player that matches `query`, in its order, for a list streamed while it is sent; it holds
    /// its snapshot until closed. Nothing else may read through this roster meanwhile: open one for the cursor.
    public func cursor(_ query: PlayerQuery) throws -> PlayerCursor {
        try database.cursor(
            matching: Roster.criteria(for: query), orderedBy: query.sort,
            after: query.after.flatMap { $0.values.isEmpty ? nil : $0 })
    }
}

extension Error {
    /// Whether the error is a query stopped by its time limit (`Roster.withTimeLimit`).
    public var isTimeLimit: Bool { (self as? DatabaseError)?.exceededTimeLimit == true }
}
