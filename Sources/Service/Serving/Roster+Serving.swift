import RosterModel

/// A page of a list as the HTTP API and the web page show it.
package struct PlayerPage: Sendable {
    /// The paging facts; with a page token (`after`), `page` is 0: the page's number is not known.
    package var paging: PageInfo
    package var players: [Player]
    /// Whether the page was asked for by position (a page token) rather than by number.
    package var isKeyset: Bool
    /// Where the next page starts, when more players follow a page asked for by token (nil for a page by number,
    /// which the next number follows).
    package var next: PagePosition?

    package init(paging: PageInfo, players: [Player], isKeyset: Bool, next: PagePosition?) {
        self.paging = paging
        self.players = players
        self.isKeyset = isKeyset
        self.next = next
    }
}

/// Which roster a snapshot read: the store, its change counter then, and the state of its files then. Two settled
/// snapshots with the same version hold the same players; the store is part of it because another store put in the
/// roster's place (a file renamed over it) counts its own changes, and may have reached the same count; the files'
/// state because a program that writes with the counting off (`.dbconfig enable_trigger off` in the sqlite3 shell)
/// changes the players without counting.
package struct RosterVersion: Hashable, Sendable, CustomStringConvertible {
    package let store: StoreIdentity?
    package let counter: Int64
    /// The size and modification time of the database file and its log; nil for a roster that never changes (a
    /// private copy).
    package let storage: StorageStamp?
    /// Whether the version is known to stand for these players alone. It is not when the files changed while the
    /// snapshot began, or when another connection committed a change that the files do not show (a write within
    /// one tick of a coarse clock): an answer from such a snapshot carries no ETag and is not kept.
    package let isSettled: Bool

    package init(store: StoreIdentity?, counter: Int64, storage: StorageStamp? = nil, isSettled: Bool = true) {
        self.store = store
        self.counter = counter
        self.storage = storage
        self.isSettled = isSettled
    }

    /// `1234.1764662400123456789.56.9f3a…`: the store's identity (a file's inode and birth time), the counter and a
    /// digest of the files' state, for an ETag.
    package var description: String {
        "\(store?.description ?? "0.0").\(counter)" + (storage.map { ".\($0.digest)" } ?? "")
    }
}

/// What one snapshot saw, kept by a roster to tell whether the next one reads the same players.
struct SnapshotRecord {
    let dataVersion: Int64
    let storage: StorageStamp?
    let version: RosterVersion
}

extension Roster {
    /// Looks at the roster's files as a request begins (one look at its path, one at its log), for
    /// `fileWasReplaced(_:)`, `fileWasRewritten(_:)` and `snapshot(_:_:)`.
    package func lookAtFiles() -> StoreLook {
        store.look()
    }

    /// Runs `body` on one committed snapshot of the roster, handing it the snapshot's version: every read `body`
    /// makes through this roster sees that snapshot, and the version differs from another snapshot's when the
    /// players differ, whoever wrote them and however. `look` is the look at the files taken just before.
    ///
    /// Three things tell a change: the change counter (counted by the store, whoever writes), the store's data
    /// version (which moves exactly when another connection committed since the last read here, counted or not),
    /// and the files' state. The version is made of the counter and the files' state, which
    /// every thread and a restarted server read alike; the data version only says when they must be looked at
    /// again.
    ///
    /// A read that fails as the file is written over under it (pages of the old file beside the new one's) throws
    /// `RosterFileChanged.writtenOver`.
    package func snapshot<T>(_ look: StoreLook, _ body: (_ version: RosterVersion) throws -> T) throws -> T {
        do {
            return try read(look, body)
        } catch {
            throw fileWasRewritten ? RosterFileChanged.writtenOver : error
        }
    }

    private func read<T>(_ look: StoreLook, _ body: (_ version: RosterVersion) throws -> T) throws -> T {
        let before = look.stamp
        if before != nil { filesSeen = before }
        return try store.read { players in
            let counter = try players.changeCounter()
            let dataVersion = try players.dataVersion()
            let version: RosterVersion
            if let last = lastSnapshot, last.dataVersion == dataVersion, last.version.counter == counter,
                last.storage?.database == before?.database
            {
                // Nothing committed since the last read here: the same players, whatever the log holds meanwhile
                // (a writer's frames not yet committed).
                version = last.version
            } else {
                // The files as they were when the snapshot began: unchanged from just before to just after.
                let after = before == nil ? nil : store.look().stamp
                let unchanged = before == after
                let unseen =
                    lastSnapshot.map {
                        $0.dataVersion != dataVersion && $0.version.counter == counter && $0.storage == before
                    } ?? false
                version = RosterVersion(
                    store: store.identity, counter: counter, storage: before,
                    isSettled: unchanged && !unseen)
                // Files that changed meanwhile are looked at again next time; a change they do not show stays
                // without a version of its own until the next commit.
                lastSnapshot =
                    unchanged ? SnapshotRecord(dataVersion: dataVersion, storage: before, version: version) : nil
            }
            return try body(version)
        }
    }

    /// The roster at `path` opened again to read, after another file took its place (`fileWasReplaced(_:)`) or was
    /// written over it (`fileWasRewritten(_:)`); throws `RosterFileChanged.notReopened` when it cannot be opened yet.
    package static func reopened(path: String, busyTimeout: Double) throws -> Roster {
        do {
            return try Roster(path: path, access: .read, busyTimeout: busyTimeout)
        } catch {
            throw RosterFileChanged.notReopened(cause: error)
        }
    }

    /// `snapshot(_:_:)` after a look at the files taken now.
    package func snapshot<T>(_ body: (_ version: RosterVersion) throws -> T) throws -> T {
        try snapshot(lookAtFiles(), body)
    }

    /// Whether `look` finds the path naming another file than the one this roster reads (renamed over, or removed
    /// and created again): a server must open the path again to answer from it.
    package func fileWasReplaced(_ look: StoreLook) -> Bool {
        look.identity != store.identity
    }

    /// Whether `look` finds the database file written under this roster's connection by another means than the
    /// engine (copied over with `cp`, say) since the last snapshot: SQLite would go on reading pages it keeps from
    /// the old file beside pages of the new one. A checkpoint, which copies the log into the file, counts too; both
    /// are told by the file's size or modification time. A server opens the roster again then.
    package func fileWasRewritten(_ look: StoreLook) -> Bool {
        guard let last = filesSeen, let now = look.stamp else { return false }
        return now.database != last.database
    }

    /// `fileWasRewritten(_:)` after a look taken now.
    package var fileWasRewritten: Bool { fileWasRewritten(lookAtFiles()) }

    /// Whether the database file changed while the snapshot of `version` was read by another means than the engine
    /// (`RosterStore.wasWrittenOver(since:)`), so that what was read may mix the old file and the new one.
    package func wasRewritten(whileReading version: RosterVersion) -> Bool {
        guard let before = version.storage else { return false }
        return store.wasWrittenOver(since: before)
    }

    /// `fileWasReplaced(_:)` after a look taken now.
    package var fileWasReplaced: Bool { fileWasReplaced(lookAtFiles()) }

    /// Keeps at most `kibibytes` of the roster's pages cached: a connection that only streams a list reads each page
    /// once, and a server may hold one for each client reading a stream.
    package func limitPageCache(toKibibytes kibibytes: Int) throws {
        try store.limitPageCache(toKibibytes: kibibytes)
    }

    /// Whether each write is followed by the store's housekeeping (`RosterStore.tidiesAfterEachWrite`): a server's
    /// write connection turns it off and calls `tidy()` as it closes.
    package var tidiesAfterEachWrite: Bool {
        get { store.tidiesAfterEachWrite }
        set { store.tidiesAfterEachWrite = newValue }
    }

    /// Does the store's housekeeping now (`RosterStore.tidy()`).
    package func tidy() {
        store.tidy()
    }

    /// Runs `body` with a time limit on every statement: one still running `seconds` after the start stops with an
    /// error of category `.timedOut`.
    package func withTimeLimit<T>(seconds: Double, _ body: () throws -> T) throws -> T {
        try store.withTimeLimit(seconds: seconds, body)
    }

    /// The page of `query` (paging `.page`): by number, or after `query.after`. The total comes from `cache` when
    /// it holds it for this snapshot (`version`), so that only the page itself is read per request.
    package func page(_ query: PlayerQuery, version: RosterVersion, cache: ResultCache) throws -> PlayerPage {
        var collected = CollectedPage()
        let next = try readPage(query, version: version, cache: cache, into: &collected)
        return PlayerPage(
            paging: collected.paging, players: collected.players, isKeyset: collected.isKeyset, next: next)
    }

    /// `page(_:version:cache:)` read row by row, for writers of bytes: `sink` gets the paging facts once the total
    /// is known, then each player of the page in order, as it lies in the roster, with no `Player` made of it.
    /// Returns, for a page asked for by token, where the next page starts when another follows; nil for a page by
    /// number, whose next page is the next number.
    package func readPage<Sink: PageSink>(
        _ query: PlayerQuery, version: RosterVersion, cache: ResultCache, into sink: inout Sink
    ) throws -> PagePosition? {
        try store.read { players in
            try Roster.readPage(query, of: players, version: version, cache: cache, into: &sink)
        }
    }

    /// `readPage` on the snapshot `players` reads.
    private static func readPage<Sink: PageSink>(
        _ query: PlayerQuery, of players: some PlayerReading, version: RosterVersion, cache: ResultCache,
        into sink: inout Sink
    ) throws -> PagePosition? {
        guard case .page(let number, let perPage) = query.paging else {
            preconditionFailure("a page needs paging by page")
        }
        let criteria = PlayerCriteria(query)
        let total = try cache.value(.init(version: version, kind: "count", criteria: criteria, asOf: nil)) {
            try players.count(matching: criteria)
        }
        if let after = query.after {
            // The sink moves into the page before it is written to, so that its bytes are never shared and copied.
            var keyset = KeysetPage(sink: sink, perPage: perPage, order: query.sort)
            try keyset.sink.begin(PageInfo(page: 0, perPage: perPage, total: total), isKeyset: true)
            try players.forEachRow(
                matching: criteria, orderedBy: query.sort, after: after.values.isEmpty ? nil : after,
                limit: perPage + 1, offset: 0, total: nil, into: &keyset)
            sink = keyset.sink
            return keyset.more ? keyset.last : nil
        }
        try sink.begin(PageInfo(page: number, perPage: perPage, total: total), isKeyset: false)
        let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: perPage)
        if !overflow, offset < total {
            try players.forEachRow(
                matching: criteria, orderedBy: query.sort, after: nil, limit: perPage, offset: offset,
                total: total, into: &sink)
        }
        return nil
    }

    /// `stats(query, by:, top:)` on this snapshot, from `cache` when it holds it.
    package func stats(
        _ query: PlayerQuery, by grouping: StatsGrouping, top: Int?, version: RosterVersion, cache: ResultCache
    ) throws -> GroupedStats {
        let key = ResultCache.Key(
            version: version, kind: "stats \(grouping.rawValue) \(top ?? 0)", criteria: PlayerCriteria(query),
            asOf: query.asOf)
        return try cache.value(key) { try stats(query, by: grouping, top: top) }
    }

    /// `stats(query, by: groupings, top:)` on this snapshot, from `cache` when it holds it: the web page's stats,
    /// one reading of the players for every grouping.
    package func stats(
        _ query: PlayerQuery, by groupings: [StatsGrouping], top: Int?, version: RosterVersion, cache: ResultCache
    ) throws -> [GroupedStats] {
        let names = groupings.map(\.rawValue).joined(separator: ",")
        let key = ResultCache.Key(
            version: version, kind: "stats [\(names)] \(top ?? 0)", criteria: PlayerCriteria(query), asOf: query.asOf)
        return try cache.value(key) { try stats(query, by: groupings, top: top) }
    }

    /// The list's facets (`ListFacets`) for `query`'s filters on this snapshot, each cut to its `top` most common
    /// values. The groups are the stats' own, read in one pass and kept in `cache` whole, so that every `top` shares
    /// one entry and a request for filters asked before since the roster last changed reads nothing.
    package func facets(_ query: PlayerQuery, top: Int, version: RosterVersion, cache: ResultCache) throws
        -> ListFacets
    {
        let stats = try stats(query, by: ListFacets.groupings, top: nil, version: version, cache: cache)
        return ListFacets(stats, top: top, asOf: query.asOf)
    }

    /// How many players match `query`'s filters on each line (GK, DF, MF, FW), on this snapshot, from `cache` when it
    /// holds it: the counts of the web page's segments.
    package func lineCounts(_ query: PlayerQuery, version: RosterVersion, cache: ResultCache) throws -> [Position: Int]
    {
        let criteria = PlayerCriteria(query)
        return try cache.value(.init(version: version, kind: "lines", criteria: criteria, asOf: nil)) {
            try store.read { players in
                var lines: [Position: Int] = [:]
                for (position, count) in try players.countsByPosition(matching: criteria) {
                    lines[position.line, default: 0] += count
                }
                return lines
            }
        }
    }

    /// `summary(query, top:)` on this snapshot, from `cache` when it holds it.
    package func summary(_ query: PlayerQuery, top: Int, version: RosterVersion, cache: ResultCache) throws
        -> RosterSummary
    {
        let key = ResultCache.Key(
            version: version, kind: "summary \(top)", criteria: PlayerCriteria(query), asOf: query.asOf)
        return try cache.value(key) { try summary(query, top: top) }
    }

    /// A cursor over every player that matches `query`, in its order, for a list streamed while it is sent; it holds
    /// its snapshot until closed. Nothing else may read through this roster meanwhile: open one for the cursor.
    package func cursor(_ query: PlayerQuery) throws -> any PlayerCursor {
        try store.cursor(
            matching: PlayerCriteria(query), orderedBy: query.sort,
            after: query.after.flatMap { $0.values.isEmpty ? nil : $0 })
    }
}

/// A page collected as `Player` values, for `Roster.page`.
private struct CollectedPage: PageSink {
    var paging = PageInfo(page: 0, perPage: 0, total: 0)
    var isKeyset = false
    var players: [Player] = []

    mutating func begin(_ paging: PageInfo, isKeyset: Bool) {
        self.paging = paging
        self.isKeyset = isKeyset
    }

    mutating func append<Row: PlayerValues>(_ row: Row) throws {
        players.append(try Player(row))
    }
}

/// A page asked for by token, read one row past its end: that row says whether another page follows, and is not
/// handed on. The position after the page's last row is made of that row, the one row of the page that becomes a
/// `Player`.
private struct KeysetPage<Sink: PageSink>: PlayerRowSink {
    var sink: Sink
    let perPage: Int
    let order: [SortOrder]
    private var count = 0
    private(set) var more = false
    private(set) var last: PagePosition?

    init(sink: Sink, perPage: Int, order: [SortOrder]) {
        self.sink = sink
        self.perPage = perPage
        self.order = order
    }

    mutating func append<Row: PlayerValues>(_ row: Row) throws {
        count += 1
        guard count <= perPage else {
            more = true
            return
        }
        if count == perPage { last = PagePosition(after: try Player(row), in: order) }
        try sink.append(row)
    }
}
