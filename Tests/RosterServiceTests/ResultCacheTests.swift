import RosterModel
import RosterService
import TestSupport
import Testing

/// The cache a server shares between its threads: bounded in bytes, whatever clients ask.
@Suite struct ResultCacheTests {
    let sample: SampleRoster
    var roster: Roster { sample.roster }

    init() throws {
        sample = try SampleRoster()
    }

    /// Every `as_of` day was an entry of its own: a client asking for summaries of the top 1,000 on ever other days
    /// grew a server by half a megabyte a request.
    @Test func endlessVariantsStayWithinTheByteCapacity() throws {
        let cache = ResultCache(byteCapacity: 64 << 10)
        let version = try roster.snapshot { $0 }
        var largest = 0
        for day in 1...300 {
            let asOf = CalendarDate(year: 2000 + day / 12, month: day % 12 + 1, day: 1)!
            _ = try roster.summary(PlayerQuery(asOf: asOf), top: 1000, version: version, cache: cache)
            largest = max(largest, cache.bytes)
        }
        #expect(largest <= 64 << 10)
        #expect(cache.count >= 1)
    }

    @Test func aResultIsComputedOnceWhileTheRosterIsTheSame() throws {
        let cache = ResultCache()
        let version = try roster.snapshot { $0 }
        let query = PlayerQuery(asOf: CalendarDate(year: 2026, month: 1, day: 1)!)
        let first = try roster.summary(query, top: 5, version: version, cache: cache)
        let bytes = cache.bytes
        #expect(cache.count == 1 && bytes > 0)
        let again = try roster.summary(query, top: 5, version: version, cache: cache)
        #expect((cache.count, cache.bytes) == (1, bytes))
        #expect(again.total == first.total)
    }
}
