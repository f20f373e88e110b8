import Glibc
import RosterModel
import RosterService
import TestSupport
import Testing

/// What a server's ETags and kept results are made from: the version of each snapshot.
@Suite struct SnapshotVersionTests {
    let sample: SampleRoster
    /// The sample roster opened again as a server opens it: a file that exists, read.
    let roster: Roster

    init() throws {
        sample = try SampleRoster()
        roster = try Roster(path: sample.folder.path("roster.db"), access: .read)
    }

    @Test func aSettledVersionIsTheSameWhileNothingIsWritten() throws {
        let first = try roster.snapshot { $0 }
        #expect(first.isSettled)
        #expect(first.storage != nil)
        #expect(try roster.snapshot { $0 } == first)
        #expect(try Roster(path: sample.folder.path("roster.db"), access: .read).snapshot { $0 } == first)
    }

    /// A result of a snapshot whose files changed as it began stands for no one version: it is computed, not kept.
    @Test func aResultOfAVersionNotSettledIsNotKept() throws {
        let cache = ResultCache()
        let settled = try roster.snapshot { $0 }
        let unsettled = RosterVersion(
            store: settled.store, counter: settled.counter, storage: settled.storage, isSettled: false)
        let query = PlayerQuery(asOf: CalendarDate(year: 2026, month: 1, day: 1)!)
        _ = try roster.summary(query, top: 5, version: unsettled, cache: cache)
        #expect(cache.count == 0)
        _ = try roster.summary(query, top: 5, version: settled, cache: cache)
        #expect(cache.count == 1)
    }

    /// The database file written over in place (as `cp` writes it), which SQLite cannot see: the roster's
    /// connection would go on reading the pages it keeps of the old one.
    @Test func aFileWrittenOverInPlaceIsTold() throws {
        let path = sample.folder.path("roster.db")
        let version = try roster.snapshot { $0 }
        #expect(!roster.fileWasRewritten)
        #expect(!roster.wasRewritten(whileReading: version))
        let bytes = try #require(FileBytes.read(path))
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        #expect(descriptor >= 0)
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        close(descriptor)
        #expect(roster.fileWasRewritten)
        #expect(roster.wasRewritten(whileReading: version))
        #expect(!roster.fileWasReplaced)
    }
}
