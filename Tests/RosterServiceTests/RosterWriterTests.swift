import Glibc
import RosterFormats
import RosterModel
import RosterService
import TestSupport
import Testing

/// The server's one writer: writes that wait for it together are made in one transaction, each in a savepoint of
/// its own, refused or kept alone.
@Suite struct RosterWriterTests {
    let sample: SampleRoster
    var path: String { sample.folder.path("roster.db") }

    init() throws {
        sample = try SampleRoster()
    }

    /// A new player's record, as the API reads it.
    private static func record(_ name: String) -> RawRecord {
        let fields = [("name", name), ("position", "ST"), ("birth_date", "2000-01-01")].enumerated().map {
            RawField(name: $1.0, value: .cell($1.1), location: SourceLocation(line: 1, column: $0 + 1))
        }
        return RawRecord(number: 1, location: SourceLocation(line: 1, column: 1), fields: fields)
    }

    /// Every change after `number`, in order.
    private func changes(after number: Int64) throws -> [HistoryEntry] {
        var criteria = HistoryCriteria()
        criteria.afterNumber = number
        var entries: [HistoryEntry] = []
        try Roster(path: path, access: .read).forEachChange(matching: criteria) { entries.append($0) }
        return entries
    }

    /// While the writer is held by a first write, four more wait and are then made together: the one refused (a
    /// duplicate of a player another write of the group added just before) throws its own error and writes nothing,
    /// the others are kept, each with a history write of its own, numbered in order.
    @Test func writesWaitingTogetherAreMadeInOneGroupAndARefusedOneAlone() throws {
        let writer = RosterWriter(path: path, busyTimeout: 5)
        defer { writer.close() }
        let lastChange = try changes(after: 0).last?.number ?? 0
        let (started, release) = (Locked(false), Locked(false))
        let first = try #require(
            JoinableThread.start(stackSize: 1 << 20) {
                _ = try? writer.write { roster in
                    started.withLock { $0 = true }
                    while !release.withLock({ $0 }) { usleep(1_000) }
                    return try roster.add(Self.record("First"))
                }
            })
        while !started.withLock({ $0 }) { usleep(1_000) }
        let names = ["Second", "Third", "Second", "Fourth"]
        let outcomes = Locked<[String]>(Array(repeating: "", count: names.count))
        var threads: [JoinableThread] = []
        for (index, name) in names.enumerated() {
            let thread = JoinableThread.start(stackSize: 1 << 20) {
                let outcome: String
                do {
                    _ = try writer.write { try $0.add(Self.record(name)) }
                    outcome = "added"
                } catch is DuplicatePlayer {
                    outcome = "duplicate"
                } catch {
                    outcome = "\(error)"
                }
                outcomes.withLock { $0[index] = outcome }
            }
            threads.append(try #require(thread))
            // One at a time, so that they wait in this order.
            while writer.waitingWrites < index + 1 { usleep(1_000) }
        }
        release.withLock { $0 = true }
        first.join()
        for thread in threads { thread.join() }
        #expect(outcomes.withLock { $0 } == ["added", "added", "duplicate", "added"])
        #expect(try Roster(path: path, access: .read).count() == 28 + 4)
        let entries = try changes(after: lastChange)
        #expect(entries.map(\.number) == Array((lastChange + 1)...(lastChange + 4)))
        #expect(entries.map(\.name) == ["First", "Second", "Third", "Fourth"])
        #expect(entries.map(\.madeBy) == Array(repeating: "add", count: 4))
    }

    /// A writer that was closed refuses a write, and writes nothing.
    @Test func aWriteAfterTheWriterClosedIsRefused() throws {
        let writer = RosterWriter(path: path, busyTimeout: 5)
        _ = try writer.write { try $0.add(Self.record("Kept")) }
        writer.close()
        #expect(throws: WriterStopped.self) { try writer.write { try $0.add(Self.record("Late")) } }
        #expect(try Roster(path: path, access: .read).count() == 29)
    }
}
