import CSQLite
import Foundation
import Glibc
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// Waiting for another connection's lock, and what closing a connection leaves for the next process.
@Suite struct LockingTests {
    let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("roster.db")
        _ = try RosterDatabase(path: path, mode: .createIfMissing)
    }

    private func count(_ path: String) throws -> Int {
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
        return try connection.prepare("SELECT count(*) FROM players").firstRow { $0.int(at: 0) } ?? -1
    }

    private func addPlayer(_ database: RosterDatabase, named name: String) throws {
        try database.write(madeBy: "test") { players in
            _ = try players.insert(Player(name: name, position: .goalkeeper))
        }
    }

    private func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    @Test func aStopRequestEndsAWaitForTheWriteLockAtOnce() throws {
        let holder = try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let started = MonotonicClock.now()
        // The stop comes while the write waits; SQLite's own busy timeout would sleep through it for a minute.
        let database = try RosterDatabase(
            path: path, mode: .existing, busyTimeout: 60,
            stop: StopSignal { MonotonicClock.seconds(since: started) > 0.2 })
        let error = #expect(throws: DatabaseError.self) { try addPlayer(database, named: "Waiting Writer") }
        #expect(error?.category == .interrupted)
        #expect(error?.description == "interrupted; the roster was left as it was")
        #expect(MonotonicClock.seconds(since: started) < 10)
    }

    @Test func withoutAStopAWaitForTheWriteLockLastsTheBusyTimeout() throws {
        let holder = try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let database = try RosterDatabase(path: path, mode: .existing, busyTimeout: 0.3, stop: .never)
        let started = MonotonicClock.now()
        let error = #expect(throws: DatabaseError.self) { try addPlayer(database, named: "Waiting Writer") }
        #expect(error?.category == .busy)
        #expect(MonotonicClock.seconds(since: started) >= 0.3)
    }

    /// Another program's write of the roster, which it puts in rollback mode: `begin` takes its lock, held for
    /// `seconds` on a thread of its own; `body` runs once the lock is taken, and returns after the write ended.
    private func whileAnotherProgramWritesInRollbackMode(
        _ begin: String, for seconds: Double, _ body: () throws -> Void
    ) throws {
        let locked = DispatchSemaphore(value: 0)
        let writer = Thread { [path] in
            let holder = try? Connection(path: path, flags: SQLITE_OPEN_READWRITE)
            try? holder?.execute("PRAGMA journal_mode = DELETE")
            try? holder?.execute(begin)
            locked.signal()
            Thread.sleep(forTimeInterval: seconds)
            try? holder?.execute("COMMIT")
        }
        writer.start()
        locked.wait()
        defer { while !writer.isFinished { Thread.sleep(forTimeInterval: 0.05) } }
        try body()
    }

    /// A read waits for that writer only as long as the busy timeout says (it waited at least the two seconds a WAL
    /// read may wait for the recovery of the log index, and so outlasted a write of one second).
    @Test func aReadOfARollbackRosterWaitsNoLongerThanTheBusyTimeout() throws {
        try whileAnotherProgramWritesInRollbackMode("BEGIN EXCLUSIVE", for: 1) {
            let error = #expect(throws: DatabaseError.self) {
                _ = try RosterDatabase(path: path, mode: .existing, busyTimeout: 0.1, stop: .never)
            }
            #expect(error?.category == .busy)
        }
        // Once the writer is gone, the same read succeeds.
        #expect(try RosterDatabase(path: path, mode: .existing, busyTimeout: 0.1).players.count() == 0)
    }

    /// In rollback mode SQLite raises a shared lock to a reserved or exclusive one without calling the busy handler:
    /// a writer waits for another program's write all the same, within the busy timeout (it failed at once).
    @Test func aWriterWaitsForAnotherProgramsWriteInRollbackMode() throws {
        try whileAnotherProgramWritesInRollbackMode("BEGIN IMMEDIATE", for: 0.5) {
            let database = try RosterDatabase(path: path, mode: .createIfMissing, busyTimeout: 30, stop: .never)
            try addPlayer(database, named: "Patient Writer")
        }
        #expect(try count(path) == 1)
    }

    @Test func aWriteLeavesTheLogEmptyAndTheFileComplete() throws {
        do {
            let database = try RosterDatabase(path: path, mode: .existing)
            try addPlayer(database, named: "Checkpointed Keeper")
            #expect(size(of: path + "-wal") == 0)
        }
        // The database file alone holds the write: a copy of it without the log has the player.
        let copy = folder.path("copy.db")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(try count(copy) == 1)
    }

    @Test func aWriterWaitsOnlyBrieflyForReadersToLeaveTheLog() throws {
        let database = try RosterDatabase(path: path, mode: .existing, busyTimeout: 60)
        try addPlayer(database, named: "First Keeper")
        // A reader on the old snapshot (or a second writer waiting for its turn) keeps the log from being emptied
        // for as long as it reads: the writer must not wait for that up to its busy timeout.
        let reader = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
        try reader.execute("BEGIN")
        #expect(try reader.prepare("SELECT count(*) FROM players").firstRow { $0.int(at: 0) } == 1)
        let started = MonotonicClock.now()
        try addPlayer(database, named: "Second Keeper")
        #expect(MonotonicClock.seconds(since: started) < 10)
        try reader.execute("COMMIT")
        #expect(try count(path) == 2)
    }

    @Test func closingTheLastConnectionLeavesTheLogAndTakesNoLock() throws {
        var database: RosterDatabase? = try RosterDatabase(path: path, mode: .existing, busyTimeout: 0)
        try addPlayer(database!, named: "First Keeper")
        // A reader still on the old snapshot keeps the checkpoint after the second write from copying it.
        var reader: Connection? = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
        try reader!.execute("BEGIN")
        #expect(try reader!.prepare("SELECT count(*) FROM players").firstRow { $0.int(at: 0) } == 1)
        try addPlayer(database!, named: "Second Keeper")
        try reader!.execute("COMMIT")
        let logSize = try #require(size(of: path + "-wal"))
        #expect(logSize > 0)
        // Closing both: the last close would checkpoint and delete the log under an exclusive lock that makes a
        // process opening the roster meanwhile wait. It must leave the log as it is instead.
        reader = nil
        database = nil
        #expect(size(of: path + "-wal") == logSize)
        #expect(try count(path) == 2)
    }
}
