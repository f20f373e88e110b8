import CSQLite
import Foundation
import Glibc
import TestSupport
import Testing

@testable import RosterRepository

/// Signals, a writer's lock, a read-only roster and a full disk, as a user meets them. Each test waits for a state
/// it can see (the process has read its input, has the roster open) before it acts, never for a lucky moment.
@Suite struct ReliabilityTests {
    let folder: TemporaryDirectory
    let roster: String

    init() throws {
        folder = try TemporaryDirectory()
        roster = folder.path("roster.db")
        let created = try RosterProcess.run(["--db", roster, "init", "--sample"], in: folder.url)
        #expect(created.status == 0)
    }

    /// `count` players as NDJSON, ids from `first`: updates of the sample roster's 28 players and new ones.
    static func feed(first: Int = 1, count: Int) -> Data {
        var text = ""
        for id in first..<(first + count) {
            text +=
                #"{"id":\#(id),"name":"Feed Player \#(id)","position":"ST","goals":\#(id % 97),"#
                + #""nationality":"Norway","birth_date":"2000-01-01","image":"players/\#(id).png"}"# + "\n"
        }
        return Data(text.utf8)
    }

    /// Every row of the roster, read by a fresh connection.
    private func rows() throws -> [String] {
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READONLY)
        let statement = try connection.prepare("SELECT id, name, goals, sort_name FROM players ORDER BY id")
        var rows: [String] = []
        while try statement.step() {
            let (id, name, goals) = (statement.int(at: 0), statement.text(at: 1), statement.int(at: 2))
            rows.append("\(id) \(name) \(goals) \(statement.text(at: 3))")
        }
        return rows
    }

    // MARK: - Signals

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSignalStopsAnImportThatWaitsForInput(signal: Int32, status: Int32) throws {
        let before = try rows()
        let importing = try RunningRosterProcess(["--db", roster, "import", "-", "--format", "ndjson"], in: folder.url)
        // 20,000 records (about 3 MB): once the pipe has taken them, rosterdb has read and written most of them.
        try importing.write(Self.feed(count: 20_000))
        // Now it waits for more input that does not come; the signal must not wait for it.
        importing.signal(signal)
        let ending = try #require(importing.finish(within: 10), "rosterdb did not exit within 10 s of the signal")
        #expect(ending.status == status)
        #expect(ending.stderr == RosterProcess.interrupted)
        #expect(try rows() == before)
    }

    @Test(arguments: [false, true])
    func aSignalStopsAnImportThatWaitsForTheWriteLock(needsMigration: Bool) throws {
        if needsMigration {
            try FileManager.default.removeItem(atPath: roster)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: roster + suffix) }
            let first = Array(Migration.embedded.prefix(1))
            _ = try RosterDatabase(path: roster, mode: .createIfMissing, migrations: first)
        }
        let before = try rows()
        let holder = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let feed = try folder.write(String(decoding: Self.feed(count: 100), as: UTF8.self), to: "feed.ndjson")
        let importing = try RunningRosterProcess(
            ["--db", roster, "--busy-timeout", "60", "import", feed], in: folder.url)
        // Once rosterdb has the roster open, it waits for the lock (to migrate, or to import) for up to a minute.
        #expect(importing.wait(upTo: 10) { importing.hasOpen(roster) })
        importing.signal(SIGTERM)
        let ending = try #require(importing.finish(within: 10), "rosterdb did not exit within 10 s of SIGTERM")
        #expect(ending.signal == nil, "a signal ended rosterdb instead of its own exit")
        #expect(ending.status == 143)
        #expect(ending.stderr == RosterProcess.interrupted)
        try holder.execute("ROLLBACK")
        #expect(try rows() == before)
    }

    @Test func aSecondWriterWaitsForTheFirstAndLosesNoUpdate() throws {
        let holder = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        try holder.execute("UPDATE players SET goals = 999 WHERE id = 1")
        let feed = try folder.write(
            String(decoding: Self.feed(first: 2, count: 40), as: UTF8.self), to: "feed.ndjson")
        let importing = try RunningRosterProcess(
            ["--db", roster, "--busy-timeout", "60", "import", feed], in: folder.url)
        #expect(importing.wait(upTo: 10) { importing.hasOpen(roster) })
        try holder.execute("COMMIT")
        let ending = try #require(importing.finish(within: 30))
        #expect(ending.status == 0, "\(ending.stderr)")
        // Both writes are there: the holder's update of player 1, and the feed's 27 updates and 13 new players.
        let rows = try rows()
        #expect(rows.count == 41)
        #expect(rows.first?.hasPrefix("1 ") == true && rows.first?.contains(" 999 ") == true)
        #expect(rows.last?.hasPrefix("41 Feed Player 41 ") == true)
    }

    // MARK: - Files rosterdb cannot write

    /// Runs the binary as an unprivileged user (`nobody`) when the tests run as root, who may write any file.
    private func runUnprivileged(_ arguments: [String]) throws -> RosterProcess.Result {
        guard getuid() == 0 else { return try RosterProcess.run(arguments, in: folder.url) }
        // nobody cannot reach the build folder, which may sit in root's home: run a copy from the test folder.
        let copy = folder.path("rosterdb")
        if !FileManager.default.fileExists(atPath: copy) {
            try RosterProcess.copyExecutable(to: copy)
        }
        var result: RosterProcess.Result
        var tries = 0
        repeat {
            // A process that another test forked while the copy was written may hold it open for writing for a
            // moment; exec fails with ETXTBSY until it has gone on to exec its own program.
            if tries > 0 { usleep(100_000) }
            result = try RosterProcess.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", copy] + arguments, in: folder.url,
                executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
            tries += 1
        } while result.status == 126 && result.stderr.contains("Text file busy") && tries < 20
        return result
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0 != "rosterdb" }.sorted()
    }

    /// Makes `path` read-only for the user `runUnprivileged` runs as, in a folder it cannot write either.
    private func makeReadOnly(_ path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        // The folder is root's, so nobody cannot write it; when not root, we are the reader, so take it away.
        let folderMode = getuid() == 0 ? 0o755 : 0o555
        try FileManager.default.setAttributes([.posixPermissions: folderMode], ofItemAtPath: folder.url.path)
    }

    private func restoreFolder() {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
    }

    static let canRunUnprivileged = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test(.enabled(if: canRunUnprivileged), arguments: [true, false])
    func aReadOnlyRosterCanBeReadButNotWritten(withLogFiles: Bool) throws {
        var roster = roster
        if !withLogFiles {
            // Without its log files it is read as an immutable file, through a URI: a name that needs escaping.
            let odd = folder.path("read only ?#%.db")
            try FileManager.default.moveItem(atPath: roster, toPath: odd)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: roster + suffix) }
            roster = odd
        }
        let feed = try folder.write(String(decoding: Self.feed(count: 3), as: UTF8.self), to: "feed.ndjson")
        try makeReadOnly(roster)
        defer { restoreFolder() }
        let bytes = folder.bytes(of: roster)
        let files = try listing()

        let query = try runUnprivileged(["--db", roster, "query", "--format", "ndjson", "--all"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.split(separator: "\n").count == 28)
        let show = try runUnprivileged(["--db", roster, "show", "1", "--format", "json"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains(#""id":1,"#))

        let refused = try runUnprivileged(["--db", roster, "import", feed])
        #expect(refused.status == 74)
        #expect(
            refused.stderr
                == "Error: cannot write \(roster): the file is read-only for this user (Permission denied); "
                + "it was left untouched\n")
        #expect(folder.bytes(of: roster) == bytes)
        #expect(try listing() == files)
    }

    @Test(.enabled(if: canRunUnprivileged))
    func aReadOnlyRosterThatNeedsAMigrationIsRefusedUntouched() throws {
        let old = folder.path("old.db")
        _ = try RosterDatabase(path: old, mode: .createIfMissing, migrations: Array(Migration.embedded.prefix(1)))
        try makeReadOnly(old)
        defer { restoreFolder() }
        let bytes = folder.bytes(of: old)
        let files = try listing()
        let query = try runUnprivileged(["--db", old, "query"])
        #expect(query.status == 74)
        #expect(
            query.stderr == "Error: \(old) needs migration 0002_query_indexes before it can be read, but this "
                + "user cannot write it (the file is read-only for this user (Permission denied)); run any rosterdb "
                + "command on it once as a user who can. The file was left untouched\n")
        #expect(folder.bytes(of: old) == bytes)
        #expect(try listing() == files)
    }

    /// The file is writable but its folder is not, where SQLite must create the log to migrate: the message says
    /// so rather than blaming the file.
    @Test(.enabled(if: canRunUnprivileged))
    func aRosterThatNeedsAMigrationInAFolderThisUserCannotWriteNamesTheFolder() throws {
        let old = folder.path("old.db")
        _ = try RosterDatabase(path: old, mode: .createIfMissing, migrations: Array(Migration.embedded.prefix(1)))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: old + suffix) }
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: old)
        let folderMode = getuid() == 0 ? 0o755 : 0o555
        try FileManager.default.setAttributes([.posixPermissions: folderMode], ofItemAtPath: folder.url.path)
        defer { restoreFolder() }
        let query = try runUnprivileged(["--db", old, "query"])
        #expect(query.status == 74)
        #expect(
            query.stderr.contains(
                "needs migration 0002_query_indexes before it can be read, but this user cannot write it (its folder "
                    + "is not writable, and SQLite needs to create \(old)-wal and \(old)-shm there); "))
    }

    // MARK: - Read-only opening

    /// Copies of the roster's files taken while `connection` is in the middle of something: what a writer that
    /// crashed there leaves, without the locks it held.
    private func copyFiles(of source: String, to name: String, suffixes: [String]) throws -> String {
        let copy = folder.path(name)
        for suffix in [""] + suffixes {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: copy + suffix)
        }
        return copy
    }

    @Test(.enabled(if: canRunUnprivileged))
    func aHotRollbackJournalIsNeverReadPast() throws {
        // A rollback-mode roster whose writer stopped after writing part of a transaction into the file.
        let writer = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try writer.execute(
            """
            PRAGMA journal_mode = DELETE; CREATE TABLE padding (bytes BLOB); PRAGMA cache_size = 10;
            BEGIN; UPDATE players SET goals = 999999;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
            INSERT INTO padding SELECT randomblob(4000) FROM n
            """)
        let crashed = try copyFiles(of: roster, to: "crashed.db", suffixes: ["-journal"])
        try writer.execute("ROLLBACK")
        let files = try listing()
        let bytes = folder.bytes(of: crashed)

        let query = try runUnprivileged(["--db", crashed, "query", "--format", "ndjson", "--all"])
        #expect(query.status == 74)
        #expect(query.stdout == "")
        #expect(
            query.stderr == "Error: \(crashed) has a rollback journal (\(crashed)-journal) left by a writer that "
                + "stopped in the middle of a transaction; it must be rolled back before the roster can be read, and "
                + "this user cannot write it. Run 'rosterdb --db \(crashed) init' once as a user who can. The file "
                + "was left untouched\n")
        #expect(folder.bytes(of: crashed) == bytes)
        #expect(try listing() == files)
        // Its owner's next command rolls it back, as the message says.
        let owner = try RosterProcess.run(["--db", crashed, "query", "--format", "ndjson", "--all"], in: folder.url)
        #expect(owner.status == 0, "\(owner.stderr)")
        #expect(owner.stdout.split(separator: "\n").count == 28)
        #expect(!owner.stdout.contains("999999"))
    }

    @Test(.enabled(if: canRunUnprivileged))
    func aLogWithCommitsButNoIndexIsReadInAReadOnlyFolder() throws {
        let writer = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try writer.keepLogOnClose()
        try writer.execute("PRAGMA wal_autocheckpoint = 0; UPDATE players SET goals = 4242 WHERE id = 1")
        let copy = try copyFiles(of: roster, to: "frames.db", suffixes: ["-wal"])
        try makeReadOnly(copy)
        defer { restoreFolder() }
        let files = try listing()
        let show = try runUnprivileged(["--db", copy, "show", "1", "--format", "json"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains(#""goals":4242,"#))
        #expect(try listing() == files)
    }

    @Test(.enabled(if: canRunUnprivileged && getuid() == 0))
    func aLinkedRosterIsCheckedWhereItsFilesReallyGo() throws {
        // The roster belongs to the user, but its folder does not; the link sits in a folder the user can write.
        for suffix in ["-wal", "-shm"] { try FileManager.default.removeItem(atPath: roster + suffix) }
        #expect(chown(roster, 65534, 65534) == 0)
        // Not left to the umask the tests run under: the folder is root's and only root writes it.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let links = folder.path("links")
        try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: links)
        let link = links + "/link.db"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: roster)
        let feed = try folder.write(String(decoding: Self.feed(count: 3), as: UTF8.self), to: "feed.ndjson")
        let files = try listing()

        let query = try runUnprivileged(["--db", link, "query", "--format", "ndjson", "--all"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.split(separator: "\n").count == 28)
        let refused = try runUnprivileged(["--db", link, "import", feed])
        #expect(refused.status == 74)
        #expect(
            refused.stderr == "Error: cannot write \(link): its folder is not writable, and SQLite needs to create "
                + "\(roster)-wal and \(roster)-shm there; it was left untouched\n")
        #expect(try listing() == files)
        #expect(try FileManager.default.contentsOfDirectory(atPath: links) == ["link.db"])
    }

    @Test(.enabled(if: canRunUnprivileged && getuid() == 0))
    func logFilesLeftReadOnlyByAnotherUserAreNamed() throws {
        // The roster is the user's, in a folder the user can write; its -wal and -shm are root's, read-only. (The
        // last connection to close, the one that reads the rows, deletes them: rosterdb leaves them, as root's.)
        let before = try rows()
        #expect(try RosterProcess.run(["--db", roster, "show", "1"], in: folder.url).status == 0)
        #expect(chown(roster, 65534, 65534) == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
        defer { restoreFolder() }
        let feed = try folder.write(String(decoding: Self.feed(count: 3), as: UTF8.self), to: "feed.ndjson")
        let refused = try runUnprivileged(["--db", roster, "import", feed])
        #expect(refused.status == 74)
        #expect(
            refused.stderr == "Error: cannot write \(roster): \(roster)-wal, SQLite's write-ahead log of it, "
                + "belongs to user 0 and is read-only for this user (Permission denied); remove it while no program "
                + "has the roster open, or run rosterdb as its owner; it was left untouched\n")
        #expect(try rows() == before)
        // Reading needs no write.
        #expect(try runUnprivileged(["--db", roster, "show", "1"]).status == 0)
    }

    @Test(.enabled(if: canRunUnprivileged && getuid() == 0))
    func aReaderCreatesNothingBesideARosterInAFolderItCanWrite() throws {
        for suffix in ["-wal", "-shm"] { try FileManager.default.removeItem(atPath: roster + suffix) }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
        defer { restoreFolder() }
        let files = try listing()
        let query = try runUnprivileged(["--db", roster, "query", "--format", "ndjson", "--all"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.split(separator: "\n").count == 28)
        // A -wal or -shm of this user's would be read-only for the roster's owner.
        #expect(try listing() == files)
    }

    @Test(.enabled(if: canRunUnprivileged && getuid() == 0))
    func anIndexTheReaderCannotReadIsNamed() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: roster + "-shm")
        let query = try runUnprivileged(["--db", roster, "query"])
        #expect(query.status == 74)
        #expect(query.stderr == "Error: cannot open \(roster)-shm: permission denied\n")
    }

    /// How a read-only user finds the roster's log: beside it (read through SQLite's locks), gone (the file read as
    /// immutable), or holding commits without its index (read from a private copy).
    enum LogFiles: CaseIterable { case present, missing, framesWithoutIndex }

    /// `history`, `changes` and the roster as it was (`--at`, which makes temporary tables on the reading
    /// connection) for a user who cannot write the roster, whichever way its log is found.
    @Test(.enabled(if: canRunUnprivileged), arguments: LogFiles.allCases)
    func aReadOnlyUserReadsTheHistoryAndTheRosterAsItWas(logFiles: LogFiles) throws {
        for arguments in [
            ["edit", "1", "--add-goals", "1"], ["remove", "28"], ["add", "--name", "Late Signing", "--position", "ST"],
        ] {
            let result = try RosterProcess.run(["--db", roster] + arguments, in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
        }
        // The sample on 1 November, the three writes on 20 November.
        let dating = """
            UPDATE history_start SET at = '2026-11-01T09:00:00.000Z';
            UPDATE history_writes SET at = CASE WHEN id = 1 THEN '2026-11-01T10:00:00.000Z'
                ELSE '2026-11-20T10:00:00.000Z' END
            """
        var readRoster = roster
        switch logFiles {
        case .present:
            try Connection(path: roster, flags: SQLITE_OPEN_READWRITE).execute(dating)
            // The connection above took the log files with it; a command of rosterdb's leaves them.
            #expect(try RosterProcess.run(["--db", roster, "show", "1"], in: folder.url).status == 0)
            #expect(FileManager.default.fileExists(atPath: roster + "-shm"))
        case .missing:
            try Connection(path: roster, flags: SQLITE_OPEN_READWRITE).execute(dating)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: roster + suffix) }
        case .framesWithoutIndex:
            let writer = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
            try writer.keepLogOnClose()
            try writer.execute("PRAGMA wal_autocheckpoint = 0; " + dating)
            readRoster = try copyFiles(of: roster, to: "frames.db", suffixes: ["-wal"])
        }
        try makeReadOnly(readRoster)
        defer { restoreFolder() }
        let bytes = folder.bytes(of: readRoster)
        let files = try listing()
        func read(_ arguments: [String]) throws -> String {
            let result = try runUnprivileged(["--db", readRoster] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }

        let history = try read(["history", "1", "--format", "ndjson"]).split(separator: "\n")
        #expect(history.count == 2)
        #expect(history.first?.contains(#""change":"updated""#) == true)
        #expect(history.first?.contains(#""fields":{"goals":[20,21]},"made_by":"edit"}"#) == true)
        let changes = try read(["changes", "--since", "28", "--format", "ndjson"]).split(separator: "\n")
        #expect(changes.map { $0.contains(#""at":"2026-11-20T10:00:00.000Z""#) } == [true, true, true])
        #expect(
            changes.map { $0.split(separator: ",").prefix(3).joined(separator: ",") } == [
                #"{"number":29,"at":"2026-11-20T10:00:00.000Z","change":"updated""#,
                #"{"number":30,"at":"2026-11-20T10:00:00.000Z","change":"removed""#,
                #"{"number":31,"at":"2026-11-20T10:00:00.000Z","change":"added""#,
            ])
        // On 10 November: the 28 of the sample as they were, the removed one there, the added one not yet.
        let then = try read(["query", "--at", "2026-11-10", "--all", "--sort", "id", "--format", "csv"])
        let rows = then.split(separator: "\n").dropFirst()
        #expect(rows.map { Int($0.prefix { $0 != "," }) ?? 0 } == Array(1...28))
        #expect(rows.first?.hasPrefix("1,,Lionel Messi,RW,20,") == true)
        #expect(!then.contains("Late Signing"))
        #expect(try read(["query", "--at", "2026-11-10", "--name", "messi", "--format", "csv"]).contains(",20,"))
        #expect(try read(["show", "1", "--at", "2026-11-10", "--format", "json"]).contains(#""goals":20,"#))
        #expect(try read(["stats", "--at", "2026-11-10", "--format", "json"]).contains(#""players":28,"#))
        // Today's roster, read after the roster as it was by the same user: as it is.
        #expect(try read(["query", "--name", "late signing", "--format", "csv"]).contains("Late Signing"))
        #expect(folder.bytes(of: readRoster) == bytes)
        #expect(try listing() == files)
    }

    // MARK: - A full disk

    /// Not under the thread sanitizer: its runtime itself dies of SIGBUS under a small file-size limit, before
    /// rosterdb's code runs (`ulimit -f 100; rosterdb --db x.db query` does it too).
    /// A feed of 20,000 players fails as the import spills pages to the log; one of 2,000 fits in memory and fails
    /// as COMMIT writes the log, where SQLite records no errno of its own.
    @Test(
        .disabled(if: RosterProcess.isThreadSanitized, "ThreadSanitizer cannot run under a file-size limit"),
        arguments: [20_000, 2_000])
    func anImportOverTheFileSizeLimitExits74AndChangesNothing(feedSize: Int) throws {
        let before = try rows()
        let feed = try folder.write(String(decoding: Self.feed(count: feedSize), as: UTF8.self), to: "feed.ndjson")
        var info = stat()
        stat(roster, &info)
        // The database may keep its size, but neither it nor its log can grow by more than 64 KiB: the feed needs
        // megabytes. SIGXFSZ is ignored, so that the write fails with EFBIG instead of killing rosterdb.
        let limit = Int(info.st_size) / 1024 + 64
        let result = try RosterProcess.run(
            [
                "-c", "trap '' XFSZ; ulimit -f \(limit); exec \"$0\" \"$@\"", RosterProcess.executable.path,
                "--db", roster, "import", feed,
            ],
            in: folder.url, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "Error: cannot write the roster database: disk I/O error (the file size limit was reached)\n")
        #expect(try rows() == before)
    }
}
