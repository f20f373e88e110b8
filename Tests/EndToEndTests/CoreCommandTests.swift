import CSQLite
import Foundation
import TestSupport
import Testing

@testable import RosterRepository

/// The binary as a user runs it: stdout, stderr and exit codes, checked separately.
@Suite struct CoreCommandTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> RosterProcess.Result {
        try RosterProcess.run(arguments, in: folder.url, environment: environment)
    }

    private func playerCount(_ path: String) throws -> Int {
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
        let statement = try connection.prepare("SELECT count(*) FROM players")
        _ = try statement.step()
        return statement.int(at: 0)
    }

    @Test func initSampleTwiceLoadsTheSampleOnce() throws {
        let first = try run(["--db", "x.db", "init", "--sample"])
        #expect(first.status == 0)
        #expect(
            first.stdout
                == "Created x.db (schema version \(Migration.embedded.count)).\nLoaded the sample roster: 28 players.\n"
        )
        #expect(first.stderr == "")
        let second = try run(["init", "--sample", "--db", "x.db"])
        #expect(second.status == 0)
        #expect(
            second.stdout == "x.db is up to date (schema version \(Migration.embedded.count)).\n"
                + "The roster already has 28 players; the sample roster was not loaded.\n")
        #expect(try playerCount(folder.path("x.db")) == 28)
    }

    @Test func theDatabaseComesFromTheEnvironmentElseTheCurrentFolder() throws {
        #expect(
            try run(["init"], environment: ["ROSTERDB_DB": "env.db"]).stdout
                == "Created env.db (schema version \(Migration.embedded.count)).\n")
        #expect(try run(["init"]).stdout == "Created roster.db (schema version \(Migration.embedded.count)).\n")
        #expect(FileManager.default.fileExists(atPath: folder.path("roster.db")))
    }

    @Test func readingAMissingRosterFailsWithoutCreatingIt() throws {
        let result = try run(["--db", "missing.db", "query"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "Error: no roster database at missing.db — create one with 'rosterdb init' or 'rosterdb import FILE'\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing.db")))
    }

    @Test func anOlderRosterIsMigratedWithOneLineOnStandardError() throws {
        do {
            let old = try RosterDatabase(
                path: folder.path("old.db"), mode: .createIfMissing, migrations: Array(Migration.embedded.prefix(1)))
            _ = old
        }
        let result = try run(["--db", "old.db", "query", "--format", "ndjson"])
        #expect(result.status == 0)
        let applied = Migration.embedded.dropFirst().map(\.identifier).joined(separator: ", ")
        // The roster existed before its history: the line says the history begins now.
        #expect(
            result.stderr
                == "Migrated old.db to schema version \(Migration.embedded.count) (applied \(applied)). Its history "
                + "begins now: every change from here on is kept (rosterdb history, changes, --at).\n")
    }

    @Test func aDryRunOnAnOlderRosterChangesNoByteAndSaysWhatItWouldMigrate() throws {
        do {
            let old = try RosterDatabase(
                path: folder.path("old.db"), mode: .createIfMissing, migrations: Array(Migration.embedded.prefix(3)))
            try old.connection.execute("INSERT INTO players (name, position, sort_name) VALUES ('Kept', 'GK', 'kept')")
            try old.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = folder.bytes(of: folder.path("old.db"))
        try folder.write(
            #"[{"name": "New Player", "position": "ST"}, {"name": "Kept", "position": "CB"}]"#, to: "f.json")
        let result = try run(["--db", "old.db", "import", "--dry-run", "f.json", "--report", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1 to add, 1 to update"))
        let pending = Migration.embedded.dropFirst(3).map(\.identifier)
        #expect(result.stderr.contains("the roster would first be migrated (\(pending.joined(separator: ", ")))"))
        #expect(
            result.stdout.contains(
                #""pending_migrations":["# + pending.map { "\"\($0)\"" }.joined(separator: ",") + "]"))
        #expect(folder.bytes(of: folder.path("old.db")) == before)
        #expect(folder.bytes(of: folder.path("old.db-wal"))?.isEmpty ?? true)

        // A dry run into a roster that does not exist creates nothing.
        let missing = try run(["--db", "new.db", "import", "--dry-run", "f.json"])
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(missing.stderr.contains("2 to add"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("new.db")))
    }

    @Test func refusedDatabasesExitOneAndStayByteForByte() throws {
        let garbage = Array("not a database, just text\n".utf8)
        try folder.write(bytes: garbage, to: "text.db")
        let notSQLite = try run(["--db", "text.db", "init"])
        #expect(notSQLite.status == 1)
        #expect(notSQLite.stderr == "Error: text.db is not an SQLite database; it was left untouched\n")
        #expect(folder.bytes(of: folder.path("text.db")) == garbage)

        _ = try run(["--db", "newer.db", "init"])
        do {
            let connection = try Connection(path: folder.path("newer.db"), flags: SQLITE_OPEN_READWRITE)
            try connection.execute("INSERT INTO schema_migrations VALUES (9999, 'future', 'f', '2030-01-01T00:00:00Z')")
        }
        let before = folder.bytes(of: folder.path("newer.db"))
        let newer = try run(["--db", "newer.db", "import", "-"])
        #expect(newer.status == 1)
        #expect(newer.stderr.contains("records migration 9999_future, which this build does not know"))
        #expect(folder.bytes(of: folder.path("newer.db")) == before)

        _ = try run(["--db", "changed.db", "init"])
        do {
            let connection = try Connection(path: folder.path("changed.db"), flags: SQLITE_OPEN_READWRITE)
            try connection.execute("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1")
        }
        let changedBefore = folder.bytes(of: folder.path("changed.db"))
        let changed = try run(["--db", "changed.db", "query"])
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("records migration 0001_create_players with checksum edited"))
        #expect(folder.bytes(of: folder.path("changed.db")) == changedBefore)

        try FileManager.default.createDirectory(atPath: folder.path("folder.db"), withIntermediateDirectories: false)
        let directory = try run(["--db", "folder.db", "init"])
        #expect(directory.status == 1)
        #expect(directory.stderr == "Error: folder.db is a directory, not a roster database\n")
    }

    @Test(arguments: [
        (
            ["init", "--smaple"],
            "Error: Unknown option '--smaple'. Did you mean '--sample'?\nUsage: rosterdb init [<options>]\n  See 'rosterdb init --help' for more information.\n"
        ),
        (
            ["qeury"],
            "Error: Unknown command 'qeury'. Did you mean 'query'?\nUsage: rosterdb [--db <path>] <command> [<options>]\n  See 'rosterdb --help' for more information.\n"
        ),
        (
            ["--db"],
            "Error: Missing value for '--db <path>'.\nUsage: rosterdb [--db <path>] <command> [<options>]\n  See 'rosterdb --help' for more information.\n"
        ),
        (
            ["init", "extra"],
            "Error: Unexpected argument 'extra'.\nUsage: rosterdb init [<options>]\n  See 'rosterdb init --help' for more information.\n"
        ),
        (
            ["init", "--sample=yes"],
            "Error: The option '--sample' takes no value, but was given 'yes'.\nUsage: rosterdb init [<options>]\n  See 'rosterdb init --help' for more information.\n"
        ),
        (
            ["init", "--busy-timeout", "soon"],
            "Error: The value 'soon' is invalid for '--busy-timeout <seconds>': expected a number of seconds from 0 to 86400.\nUsage: rosterdb init [<options>]\n  See 'rosterdb init --help' for more information.\n"
        ),
        (
            [],
            "Error: Missing command. Choose one of: init, import, query, browse, show, stats, add, edit, remove, export, history, changes, serve, token, completions, manual.\nUsage: rosterdb [--db <path>] <command> [<options>]\n  See 'rosterdb --help' for more information.\n"
        ),
    ])
    func usageErrorsExit64WithTheUsageLine(arguments: [String], expected: String) throws {
        let result = try run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == expected)
        #expect(!FileManager.default.fileExists(atPath: folder.path("roster.db")))
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["help"], ["init", "--help"], ["help", "import"], ["query", "-h", "--bogus"],
    ])
    func helpGoesToStandardOutputWithExitZero(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(result.stdout.contains("\nUSAGE: rosterdb "))
        #expect(result.stdout.contains("\nEXIT CODES:\n  0    success\n"))
        #expect(result.stdout.contains("  75   "))
        #expect(result.stdout.contains("  130  "))
    }

    /// After global options, `help` was taken for an unknown command (exit 64).
    @Test(arguments: [
        ["--db", "x.db", "help", "query"], ["--busy-timeout", "1", "help", "query"], ["--db=x.db", "help", "query"],
        ["--busy-timeout=1", "--db", "x.db", "help", "query"],
    ])
    func helpAfterGlobalOptionsIsTheCommandsHelp(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\nUSAGE: rosterdb query "))
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.db")))
    }

    @Test func versionIsPrinted() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("rosterdb "))
    }

    /// A global option after the command, as `--db` may be: it ran the command instead (`query --version` said
    /// there was no roster; `import f --version` imported f).
    @Test(arguments: [["query", "--version"], ["--db", "x.db", "import", "feed.json", "--version"]])
    func versionAfterTheCommandIsPrintedAndNothingElseRuns(arguments: [String]) throws {
        try folder.write(#"[{"name": "A", "position": "GK"}]"#, to: "feed.json")
        let result = try run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rosterdb ") && result.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.db")))
    }
}
