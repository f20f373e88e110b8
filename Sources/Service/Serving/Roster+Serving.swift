import RosterModel
import RosterRepository

/// A page of a list as the HTTP API and the web page show it.
public struct PlayerPage: Sendable {
    /// The paging facts; with a page token (`after`), `page` is 0: the page's number is not known.
    public var paging: PageInfo
    public var players: [Player]
    /// Whether the page was asked for by position (a page token) rather than by number.
    public var isKeyset: Bool
    /// Where the next page starts, when more players follow a page asked for by token (nil for a page by number,
    /// which the next number follows).
    public var next: PagePosition?

    public init(paging: PageInfo, players: [Player], isKeyset: Bool, next: PagePosition?) {
        self.paging = paging
        self.players = players
        self.isKeyset = isKeyset
        self.next = next
    }
}

/// Which roster a snapshot read: the file, and its change counter then. Two snapshots with the same version hold the
/// same players; the file is part of it because another file put in the roster's place (renamed over it) counts its
/// own changes, and may have reached the same count.
public struct RosterVersion: Hashable, Sendable, CustomStringConvertible {
    public let file: FileIdentity?
    public let counter: Int64

    public init(file: FileIdentity?, counter: Int64) {
        self.file = file
        self.counter = counter
    }

    /// `1234.1764662400123456789.56`: the file's inode and birth time, and the counter, for an ETag.
    public var description: String { "\(file?.inode ?? 0).\(file?.birth ?? 0).\(counter)" }
}

extension Roster {
    /// Runs `body` on one committed snapshot of the roster, handing it the snapshot's version: every read `body`
    /// makes through this roster sees that snapshot, and the version differs from another snapshot's exactly when
    /// the players differ.
    public func snapshot<T>(_ body: (_ version: RosterVersion) throws -> T) throws -> T {
        try database.read { players in
            try body(RosterVersion(file: database.fileIdentity, counter: try players.changeCounter()))
        }
    }

    /// Whether the roster's path now names another file than the one this roster reads (renamed over, or removed
    /// and created again): a server must open the path again to answer from it.
    public var fileWasReplaced: Bool { database.fileWasReplaced }

    /// Keeps at most `kibibytes` of the roster's pages cached: a connection that only streams a list reads each page
    /// once, and a server may hold one for each client reading a stream.
    public func limitPageCache(toKibibytes kibibytes: Int) throws {
        try database.limitPageCache(toKibibytes: kibibytes)
    }

    /// Runs `body` with a time limit on every statement: one still running `seconds` after the start stops with an
    /// error whose `isTimeLimit` is true.
    public func withTimeLimit<T>(seconds: Double, _ body: () throws -> T) throws -> T {
        try database.withTimeLimit(seconds: seconds, body)
    }

    /// The page of `query` (paging `.page`): by number, or after `query.after`. The total comes from `cache` when
    /// it holds it for this snapshot (`version`), so that only the page itself is read per request.
    public func page(_ query: PlayerQuery, version: RosterVersion, cache: ResultCache) throws -> PlayerPage {
        var found: [Player] = []
        var facts = (paging: PageInfo(page: 0, perPage: 0, total: 0), isKeyset: false)
        let next = try readPage(query, version: version, cache: cache, begin: { facts = ($0, $1) }) { row in
            found.append(try Player(row))
        }
        return PlayerPage(paging: facts.paging, players: found, isKeyset: facts.isKeyset, next: next)
    }

    /// `page(_:version:cache:)` read row by row, for writers of bytes: `begin` gets the paging facts (and whether the
    /// page was asked for by token) once the total is known, then `row` each player of the page in order, as it
    /// lies in the roster (valid during the call only), with no `Player` made of it. Returns, for a page asked for
    /// by token, where the next page starts when another follows; nil for a page by number, whose next page is the
    /// next number.
    public func readPage(
        _ query: PlayerQuery, version: RosterVersion, cache: ResultCache,
        begin: (_ paging: PageInfo, _ isKeyset: Bool) throws -> Void, row: (PlayerRowView) throws -> Void
    ) throws -> PagePosition? {
        guard case .page(let number, let perPage) = query.paging else {
            preconditionFailure("a page needs paging by page")
        }
        let criteria = Roster.criteria(for: query)
        return try database.read { players in
            let total = try cache.value(.init(version: version, kind: "count", criteria: criteria, asOf: nil)) {
                try players.count(matching: criteria)
            }
            if let after = query.after {
                try begin(PageInfo(page: 0, perPage: perPage, total: total), true)
                // One more than the page holds says whether another page follows; the position after the page's
                // last row is made of that row, the one row of the page that becomes a `Player`.
                var (count, more, last) = (0, false, PagePosition?.none)
                try players.forEachRow(
                    matching: criteria, orderedBy: query.sort, after: after.values.isEmpty ? nil : after,
                    limit: perPage + 1, offset: 0
                ) { player in
                    count += 1
                    guard count <= perPage else {
                        more = true
                        return
                    }
                    if count == perPage {
                        last = PlayerRepository.pagePosition(after: try Player(player), in: query.sort)
                    }
                    try row(player)
                }
                return more ? last : nil
            }
            try begin(PageInfo(page: number, perPage: perPage, total: total), false)
            let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: perPage)
            if !overflow, offset < total {
                try players.forEachRow(
                    matching: criteria, orderedBy: query.sort, limit: perPage, offset: offset, total: total, row)
            }
            return nil
        }
    }

    /// `stats(query, by:, top:)` on this snapshot, from `cache` when it holds it.
    public func stats(
        _ query: PlayerQuery, by grouping: StatsGrouping, top: Int?, version: RosterVersion, cache: ResultCache
    ) throws -> GroupedStats {
        let key = ResultCache.Key(
            version: version, kind: "stats \(grouping.rawValue) \(top ?? 0)", criteria: Roster.criteria(for: query),
            asOf: query.asOf)
        return try cache.value(key) { try stats(query, by: grouping, top: top) }
    }

    /// How many players match `query`'s filters on each line (GK, DF, MF, FW), on this snapshot, from `cache` when it
    /// holds it: the counts of the web page's segments.
    public func lineCounts(_ query: PlayerQuery, version: RosterVersion, cache: ResultCache) throws -> [Position: Int] {
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
    public func summary(_ query: PlayerQuery, top: Int, version: RosterVersion, cache: ResultCache) throws
        -> RosterSummary
    {
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

    /// Whether the same read may well succeed a moment later: another program held the roster locked past the busy
    /// timeout, or the process was short of memory or file descriptors.
    public var isTemporary: Bool {
        guard let error = self as? DatabaseError else { return false }
        return error.category == .busy || error.isOutOfResources
    }
}
