import RosterModel
import RosterService

/// The rows of a list the browser has read: a few chunks around the screen, never the whole list, so that a roster
/// of a million players opens as fast as one of twenty. A chunk that follows one already read is read after that
/// one's last row (keyset paging, `PagePosition`), as cheaply wherever it lies; a jump (the end, a row number) reads
/// its chunk by number, which the store reads from the nearer end.
struct RowWindow {
    /// Rows read at a time: a screen and a margin.
    static let chunkSize = 100
    /// Chunks kept; those farthest from the last asked for go first.
    static let keptChunks = 6

    let query: PlayerQuery
    /// The number of matches, on the snapshot the rows were read from.
    private(set) var total: Int
    /// The snapshot the rows were read from: rows of another would not fit together.
    private(set) var version: RosterVersion
    private var chunks: [Int: [Player]] = [:]

    /// Reads the first chunk of `query` (ordered by its sort) and the total.
    init(_ query: PlayerQuery, roster: Roster, cache: ResultCache) throws {
        self.query = query
        var first = query
        first.paging = .page(1, perPage: RowWindow.chunkSize)
        first.after = nil
        let (version, page) = try roster.snapshot { version in
            (version, try roster.page(first, version: version, cache: cache))
        }
        self.version = version
        total = page.paging.total
        chunks[0] = page.players
    }

    /// The players at `range` (clamped to the list), reading the chunks that hold them.
    mutating func rows(_ range: Range<Int>, roster: Roster, cache: ResultCache) throws -> [Player] {
        let range = range.clamped(to: 0..<total)
        guard !range.isEmpty else { return [] }
        let firstChunk = range.lowerBound / RowWindow.chunkSize
        let lastChunk = (range.upperBound - 1) / RowWindow.chunkSize
        for chunk in firstChunk...lastChunk where chunks[chunk] == nil {
            chunks[chunk] = try read(chunk, roster: roster, cache: cache)
        }
        // The farthest chunks go once more are kept than wanted.
        while chunks.count > RowWindow.keptChunks {
            let farthest = chunks.keys.max { abs($0 - firstChunk) < abs($1 - firstChunk) }!
            chunks[farthest] = nil
        }
        return range.compactMap { index in
            let chunk = chunks[index / RowWindow.chunkSize] ?? []
            let offset = index % RowWindow.chunkSize
            return offset < chunk.count ? chunk[offset] : nil
        }
    }

    /// One player, or nil past the list.
    mutating func row(_ index: Int, roster: Roster, cache: ResultCache) throws -> Player? {
        try rows(index..<(index + 1), roster: roster, cache: cache).first
    }

    /// Reads chunk `number`: after the last row of the chunk before when that one is here, else by number. Either
    /// is read on a snapshot of the version the others were; when the roster changed meanwhile, the rows are read
    /// anyway (the change is picked up on the next move, `Browser.followChanges`).
    private func read(_ number: Int, roster: Roster, cache: ResultCache) throws -> [Player] {
        var query = self.query
        query.paging = .page(number + 1, perPage: RowWindow.chunkSize)
        query.after = nil
        if let before = chunks[number - 1], before.count == RowWindow.chunkSize, let last = before.last {
            query.paging = .page(1, perPage: RowWindow.chunkSize)
            query.after = PagePosition(after: last, in: query.sort)
        }
        return try roster.snapshot { version in try roster.page(query, version: version, cache: cache) }.players
    }
}
