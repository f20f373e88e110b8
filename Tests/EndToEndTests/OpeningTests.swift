import CSQLite
import Foundation
import Glibc
import TestSupport
import Testing

@testable import RosterRepository

/// Opening a roster that is odd in some way — a special file, a link, an edited ledger, an older schema while
/// another process writes, many processes creating it at once, deleted while written — as a user meets it.
@Suite struct OpeningTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func run(_ arguments: [String]) throws -> RosterProcess.Result {
        try RosterProcess.run(arguments, in: folder.url)
    }

    /// Runs rosterdb, killing it after `seconds`: a FIFO where SQLite expects a file can make it wait forever.
    private func runBounded(_ arguments: [String], seconds: Double = 30) throws -> RunningRosterProcess.Ending? {
        let process = try RunningRosterProcess(arguments, in: folder.url)
        try process.closeInput()
        return process.finish(within: seconds)
    }

    private func makeSampleRoster(_ name: String = "roster.db") throws {
        let created = try run(["--db", name, "init", "--sample"])
        #expect(created.status == 0, "\(created.stderr)")
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    private func playerCount(_ name: String) throws -> Int {
        let connection = try Connection(path: folder.path(name), flags: SQLITE_OPEN_READONLY)
        return try connection.prepare("SELECT count(*) FROM players").firstRow { $0.int(at: 0) } ?? -1
    }

    // MARK: - Special files

    @Test func aFIFOIsRefusedBeforeSQLiteTouchesIt() throws {
        #expect(mkfifo(folder.path("pipe.db"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.db"), withDestinationPath: "pipe.db")
        let feed = try folder.write(#"{"name":"Erling Haaland","position":"ST"}"# + "\n", to: "feed.ndjson")
        let before = try listing()
        for name in ["pipe.db", "link.db"] {
            for arguments in [["query"], ["import", feed], ["init"]] {
                let result = try run(["--db", name] + arguments)
                #expect(result.status == 1, "\(name) \(arguments)")
                #expect(
                    result.stderr
                        == "Error: \(name) is a FIFO (named pipe), not a roster database file; it was left untouched\n")
            }
        }
        // No journal beside the FIFO.
        #expect(try listing() == before)
        // Standard input, a pipe here, is no roster either.
        let input = try run(["--db", "/dev/stdin", "query"])
        #expect(input.status == 1)
        #expect(
            input.stderr
                == "Error: /dev/stdin is a FIFO (named pipe), not a roster database file; it was left untouched\n")
    }

    @Test func aLinkToNothingIsNotFollowedToCreateARoster() throws {
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.db"), withDestinationPath: "target.db")
        let created = try run(["--db", "link.db", "init"])
        #expect(created.status == 74)
        #expect(
            created.stderr
                == "Error: cannot create link.db: it is a symbolic link to target.db, which does not exist\n")
        let query = try run(["--db", "link.db", "query"])
        #expect(query.status == 1)
        #expect(query.stderr.hasPrefix("Error: no roster database at link.db"))
        #expect(try listing() == ["link.db"])
    }

    @Test(arguments: ["-wal", "-shm", "-journal"])
    func aCompanionThatIsNotARegularFileIsNamed(suffix: String) throws {
        try makeSampleRoster()
        let companion = folder.path("roster.db" + suffix)
        try? FileManager.default.removeItem(atPath: companion)
        #expect(mkfifo(companion, 0o644) == 0)
        let roles = ["-wal": "write-ahead log", "-shm": "shared-memory index", "-journal": "rollback journal"]
        for arguments in [["query"], ["show", "1"], ["init"]] {
            let result = try #require(try runBounded(["--db", "roster.db"] + arguments), "rosterdb hung")
            #expect(result.status == 1)
            #expect(
                result.stderr == "Error: roster.db\(suffix), where SQLite keeps the \(roles[suffix]!) of "
                    + "roster.db, is a FIFO (named pipe), not a regular file; remove it and try again. The roster was "
                    + "left untouched\n")
        }
        try FileManager.default.removeItem(atPath: companion)
        // A link there could send SQLite's writes into another file.
        try FileManager.default.createSymbolicLink(atPath: companion, withDestinationPath: "elsewhere")
        let linked = try #require(try runBounded(["--db", "roster.db", "query"]), "rosterdb hung")
        #expect(linked.status == 1)
        #expect(linked.stderr.contains("is a symbolic link, not a regular file"))
    }

    // MARK: - The migration ledger

    /// Edits of `schema_migrations` made by hand on the sample roster, and what `query` and `init` say.
    static let ledgerEdits: [(edit: String, message: String)] = {
        let restore =
            "restore the roster from a backup, or export its players with the sqlite3 shell and import "
            + "them into a new roster. The file was left untouched"
        return [
            (
                "DELETE FROM schema_migrations",
                "roster.db: its schema_migrations table records no migration, yet the database has tables: the rows "
                    + "were deleted; \(restore)"
            ),
            (
                "DROP TABLE schema_migrations",
                "roster.db: it has rosterdb's players table but no schema_migrations table, which records its schema "
                    + "version: the table was dropped or renamed; \(restore)"
            ),
            (
                "DELETE FROM schema_migrations WHERE version = 2",
                "roster.db: schema_migrations records 0003_name_search but not 0002_query_indexes, which comes before "
                    + "it: the row was deleted; \(restore)"
            ),
            (
                "UPDATE schema_migrations SET name = 'indexes' WHERE version = 2",
                "roster.db: schema_migrations records migration 0002_query_indexes under the name 'indexes': the row "
                    + "was edited; \(restore)"
            ),
            (
                "INSERT INTO schema_migrations VALUES (0, 'bogus', 'abc', '2020-01-01T00:00:00Z')",
                "roster.db: schema_migrations records migration 0000_bogus, which no rosterdb has: the row was added "
                    + "by hand; \(restore)"
            ),
            (
                "UPDATE schema_migrations SET checksum = 'abc123' WHERE version = 2",
                "roster.db records migration 0002_query_indexes with checksum abc123…, but this build's has "
                    + String(Migration.embedded[1].checksum.prefix(12)) + "…: its schema_migrations row was edited, or "
                    + "the migration changed after it was applied. The file was left untouched"
            ),
            (
                "DELETE FROM schema_migrations WHERE version = 3",
                "roster.db: schema_migrations records 0004_strict_players but not 0003_name_search, which comes before "
                    + "it: the row was deleted; \(restore)"
            ),
            // The last rows: the migrations they recorded are applied again, and the first one of them fails.
            (
                "DELETE FROM schema_migrations WHERE version >= 7",
                "cannot apply migration 0007_change_counter to roster.db: table roster_changes already "
                    + "exists, "
                    + "though schema_migrations does not record that migration: was the schema edited? The file was left "
                    + "as it was before this migration"
            ),
        ]
    }()

    @Test(arguments: ledgerEdits)
    func anEditedLedgerIsNamedInOneMessage(edit: String, message: String) throws {
        try makeSampleRoster()
        do {
            let connection = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READWRITE)
            try connection.execute(edit)
        }
        let bytes = folder.bytes(of: folder.path("roster.db"))
        for arguments in [["query"], ["init"]] {
            let result = try run(["--db", "roster.db"] + arguments)
            #expect(result.status == 1)
            #expect(result.stderr == "Error: \(message)\n", "\(arguments)")
            #expect(result.stdout == "")
        }
        #expect(folder.bytes(of: folder.path("roster.db")) == bytes)
    }

    // MARK: - Older rosters, new rosters

    @Test func aReadOfAnOlderRosterDoesNotWaitForAWriter() throws {
        let old = folder.path("old.db")
        _ = try RosterDatabase(path: old, mode: .createIfMissing, migrations: Array(Migration.embedded.prefix(1)))
        let holder = try Connection(path: old, flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let result = try run(["--db", "old.db", "--busy-timeout", "3", "query"])
        #expect(result.status == 75)
        #expect(
            result.stderr == "Error: old.db needs migration 0002_query_indexes before it can be read, and another "
                + "process is writing it now; run 'rosterdb --db old.db init' once that writer has finished. The "
                + "file was left untouched\n")
        try holder.execute("ROLLBACK")
        // Without a writer, the read migrates and answers.
        let answered = try run(["--db", "old.db", "query"])
        #expect(answered.status == 0, "\(answered.stderr)")
    }

    @Test func aReadDoesNotWaitToTurnOnWALWhileAnotherProgramReads() throws {
        try makeSampleRoster()
        // Another program put the roster in rollback mode, and reads it.
        let other = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READWRITE)
        try other.execute("PRAGMA journal_mode = DELETE; BEGIN")
        #expect(try other.prepare("SELECT count(*) FROM players").firstRow { $0.int(at: 0) } == 28)
        defer { try? other.execute("COMMIT") }
        let query = try run(["--db", "roster.db", "--busy-timeout", "3", "query", "--format", "ndjson", "--all"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.split(separator: "\n").count == 28)
        // A write waits for the lock, and turns WAL back on.
        try other.execute("COMMIT")
        let feed = try folder.write(#"{"id":1,"name":"Lionel Messi","position":"RW"}"# + "\n", to: "f.ndjson")
        #expect(try run(["--db", "roster.db", "import", feed]).status == 0)
        let journal = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READONLY)
            .prepare("PRAGMA journal_mode")
        #expect(try journal.firstRow { $0.text(at: 0) } == "wal")
    }

    @Test func ofManyProcessesCreatingOneRosterOnlyOneSaysCreated() throws {
        // A database without tables is a new roster to `init`. The write lock held on it until all ten have it
        // open makes them all find it empty before any of them can lay the schema. (In WAL mode already, so that
        // none of them needs a lock to turn WAL on.)
        let path = folder.path("new.db")
        let holder = try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try holder.execute("PRAGMA journal_mode = WAL; BEGIN IMMEDIATE")
        let processes = try (0..<10).map { _ in
            try RunningRosterProcess(["--db", "new.db", "--busy-timeout", "60", "init", "--sample"], in: folder.url)
        }
        for process in processes { #expect(process.wait(upTo: 30) { process.hasOpen(path) }) }
        try holder.execute("ROLLBACK")
        var created = 0
        var loaded = 0
        for process in processes {
            try process.closeInput()
            let ending = try #require(process.finish(within: 120))
            #expect(ending.status == 0, "\(ending.stderr)")
            created += ending.stdout.hasPrefix("Created new.db (schema version \(Migration.embedded.count)).\n") ? 1 : 0
            loaded += ending.stdout.hasSuffix("Loaded the sample roster: 28 players.\n") ? 1 : 0
        }
        #expect(created == 1)
        #expect(loaded == 1)
        #expect(try playerCount("new.db") == 28)
    }

    // MARK: - A roster made by its first write

    /// A first write that fails left an empty roster with its `-wal` and `-shm` behind (`--db new.db import
    /// bad.csv`): now nothing is created until a write commits, whatever stops it before.
    @Test func aFirstWriteThatFailsCreatesNothing() throws {
        try folder.write("name,position\nAnn,XX\n", to: "bad.csv")
        try folder.write("name,position\nAnn,GK\n", to: "good.csv")
        let before = try listing()
        for (arguments, status) in [
            (["import", "bad.csv"], 65), (["import", "good.csv", "missing.csv"], 66),
            (["import", "good.csv", "--map", "ref=code"], 64), (["import", "--dry-run", "good.csv"], 0),
            (["add", "--name", "X", "--position", "WB"], 65), (["edit", "3", "--goals", "1"], 1),
            (["remove", "3"], 1), (["query"], 1),
        ] {
            let result = try run(["--db", "new.db"] + arguments)
            #expect(result.status == Int32(status), "\(arguments): \(result.stderr)")
            #expect(try listing() == before, "\(arguments)")
        }
        // One that commits creates it; `init` creates it at once, as before.
        #expect(try run(["--db", "new.db", "import", "good.csv"]).status == 0)
        #expect(try listing() == (before + ["new.db"]).sorted())
        #expect(try playerCount("new.db") == 1)
        #expect(try run(["--db", "new.db", "query", "--format", "csv"]).stdout.contains(",Ann,GK,"))
        #expect(try run(["--db", "made.db", "init"]).status == 0)
        #expect(try listing().contains("made.db"))
    }

    /// A log or journal left beside a roster that was removed without it: the first write's roster, renamed into
    /// place, took it for its own, and SQLite replayed it over the new roster (an import exited 0, and the roster
    /// then held the old players and failed its integrity check; a journal's rollback left no roster at all). And a
    /// directory there made `init` exit 74 with an empty file left. Now nothing is created, exit 1.
    @Test(arguments: ["-wal", "-journal"])
    func aLeftoverLogBesideAMissingRosterIsRefused(suffix: String) throws {
        try folder.write("name,position\nAnn,GK\n", to: "good.csv")
        #expect(try run(["--db", "gone.db", "init", "--sample"]).status == 0)
        // What a writer killed in the middle leaves: a log or journal with content, beside the roster.
        let content = try #require(FileBytes.read(folder.path("gone.db")))
        for file in ["gone.db", "gone.db-wal", "gone.db-shm"] { unlink(folder.path(file)) }
        let written = FileBytes.write(content, to: folder.path("gone.db") + suffix)
        #expect(written)
        let before = try listing()
        for arguments in [["import", "good.csv"], ["add", "--name", "Bo", "--position", "GK"], ["init"]] {
            let result = try run(["--db", "gone.db"] + arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("Error: gone.db does not exist, but gone.db\(suffix), SQLite's "),
                "\(result.stderr)")
            #expect(try listing() == before, "\(arguments)")
        }
        #expect(unlink(folder.path("gone.db") + suffix) == 0)
        #expect(mkdir(folder.path("gone.db") + suffix, 0o700) == 0)
        let refused = try run(["--db", "gone.db", "init"])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(try !listing().contains("gone.db"))
    }

    /// An SQLite database that keeps its text as UTF-16: `init --sample` failed on its first row with a CHECK
    /// constraint and the whole sample script in the message, and `add` so for every name (the rules are written
    /// as UTF-8 bytes). It is refused, untouched.
    @Test func aDatabaseOfUTF16TextIsRefused() throws {
        let path = folder.path("utf16.db")
        try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE).execute(
            "PRAGMA encoding = 'UTF-16le'; CREATE TABLE t (x); DROP TABLE t")
        let before = try #require(FileBytes.read(path))
        for arguments in [["init", "--sample"], ["add", "--name", "Ann", "--position", "GK"], ["query"]] {
            let result = try run(["--db", "utf16.db"] + arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr
                    == "Error: utf16.db is an SQLite database that keeps its text as UTF-16le, not UTF-8, which a "
                    + "roster's rules are written for; rosterdb cannot use it. It was left untouched\n")
        }
        let unchanged = FileBytes.read(path) == before
        #expect(unchanged)
    }

    /// A first import stopped while it waits for its input (a FIFO without a writer) leaves nothing behind.
    @Test(arguments: [SIGTERM, SIGINT])
    func aFirstImportStoppedBySignalCreatesNothing(signal: Int32) throws {
        #expect(mkfifo(folder.path("feed.ndjson"), 0o600) == 0)
        let before = try listing()
        let importing = try RunningRosterProcess(["--db", "new.db", "import", "feed.ndjson"], in: folder.url)
        #expect(importing.wait(upTo: 10) { try! listing().count > before.count })
        usleep(100_000)
        importing.signal(signal)
        let ending = try #require(importing.finish(within: 10))
        #expect(ending.status == (signal == SIGTERM ? 143 : 130))
        #expect(try listing() == before)
    }

    /// Another process makes the roster while a first import builds it: the import's roster never replaces it.
    @Test func aFirstImportNeverReplacesARosterMadeMeanwhile() throws {
        #expect(mkfifo(folder.path("feed.ndjson"), 0o600) == 0)
        let importing = try RunningRosterProcess(["--db", "new.db", "import", "feed.ndjson"], in: folder.url)
        #expect(importing.wait(upTo: 10) { try! listing().contains { $0.hasPrefix("new.db.new-") } })
        #expect(try run(["--db", "new.db", "init", "--sample"]).status == 0)
        let writer = open(folder.path("feed.ndjson"), O_WRONLY)
        let record = #"{"name": "Late Player", "position": "ST"}"# + "\n"
        _ = record.withCString { write(writer, $0, strlen($0)) }
        close(writer)
        let ending = try #require(importing.finish(within: 30))
        #expect(ending.status == 75)
        #expect(
            ending.stderr
                == "Error: another process created new.db while this command made it; nothing was written. Run the "
                + "command again to write into that roster\n")
        #expect(try playerCount("new.db") == 28)
        #expect(try !listing().contains { $0.hasPrefix("new.db.new-") })
    }

    // MARK: - A roster that goes away while written

    @Test func aWriteToARosterDeletedMeanwhileFailsInsteadOfVanishing() throws {
        try makeSampleRoster()
        let importing = try RunningRosterProcess(
            ["--db", "roster.db", "import", "-", "--format", "ndjson"], in: folder.url)
        // Once the pipe has taken most of these, rosterdb is inside its write transaction.
        try importing.write(ReliabilityTests.feed(first: 100, count: 5_000))
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.removeItem(atPath: folder.path("roster.db" + suffix))
        }
        try importing.closeInput()
        let ending = try #require(importing.finish(within: 60))
        #expect(ending.status == 74)
        #expect(
            ending.stderr == "Error: roster.db was deleted or replaced while rosterdb was writing it; nothing was "
                + "written. Run the command again on the roster as it is now\n")
    }
}
