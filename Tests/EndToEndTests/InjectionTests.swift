import CSQLite
import Foundation
import TestSupport
import Testing

@testable import RosterRepository

/// Text from the command line or an input file is data: never SQL, never full-text search syntax, never a pattern.
/// Values are matched as plain text or refused as usage errors (64), and the roster survives them. Paths given as
/// `--db` are files: a folder, a missing folder, a file that is not a roster, or a name SQLite treats specially get
/// a clear error and a documented exit code, and the file's bytes stay as they were.
@Suite struct InjectionTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    @discardableResult
    private func run(_ arguments: [String], environment: [String: String] = ["ROSTERDB_DB": "roster.db"]) throws
        -> RosterProcess.Result
    {
        try RosterProcess.run(arguments, in: folder.url, environment: environment)
    }

    private func sample() throws {
        #expect(try run(["init", "--sample"]).status == 0)
    }

    /// The number of players, and whether the schema's tables are all still there and the file is sound.
    private func survivingPlayers(_ name: String = "roster.db") throws -> Int {
        let connection = try Connection(path: folder.path(name), flags: SQLITE_OPEN_READONLY)
        let tables = try connection.prepare(
            "SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)")
        _ = try tables.step()
        #expect(
            tables.text(at: 0).split(separator: ",").filter { !$0.hasPrefix("players_search_") }
                == [
                    "api_tokens", "history_start", "history_writer", "history_writes", "player_history",
                    "player_versions", "players",
                    "players_search",
                    "roster_changes", "schema_migrations",
                ])
        let check = try connection.prepare("PRAGMA integrity_check")
        _ = try check.step()
        #expect(check.text(at: 0) == "ok")
        let count = try connection.prepare("SELECT count(*) FROM players")
        _ = try count.step()
        return count.int(at: 0)
    }

    /// SQL, FTS5 query syntax, LIKE and GLOB wildcards, quotes and backslashes.
    static let hostileText = [
        "'; DROP TABLE players; --", "\" OR 1=1 --", "' OR ''='", "1; DROP TABLE players", "1 OR 1=1",
        "Robert'); DELETE FROM players WHERE ('1'='1", "*", "messi*", "NEAR(", "NEAR(messi ronaldo, 5)",
        "\"a\" OR \"b\"", "\"lionel\" AND \"messi\"", "name:x", "sort_name:messi", "{sort_name}: messi", "^messi",
        "messi NOT ronaldo", "AND", "OR NOT", "%", "_", "a%", "M_ssi", "Me%", "[a-z]*", "\\", "\\%", "mes\\_si",
        "-- comment", "/* x */", "players_search", "(", ")", "\"", "''", "Ka\"ne",
    ]

    /// The words of `text` as the name search reads them: runs of letters and digits.
    private static func words(_ text: String) -> String {
        text.split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
    }

    @Test func filterValuesSortKeysAndNamesAreMatchedAsPlainText() throws {
        try sample()
        for text in Self.hostileText {
            let words = Self.words(text)
            // `--option=value` and `--`, so that text starting with a dash is a value, as a user would write it.
            let byName = try run(["query", "--name=\(text)", "--all", "--format", "ndjson"])
            if words.isEmpty {
                #expect(byName.status == 64, "\(text)")
                #expect(byName.stderr.contains("expected at least one letter or digit"), "\(text)")
            } else {
                // Punctuation separates words, as in the index; it is never syntax.
                let plain = try run(["query", "--name", words, "--all", "--format", "ndjson"])
                #expect(byName.status == 0, "\(text): \(byName.stderr)")
                #expect(byName.stdout == plain.stdout, "\(text)")
            }
            let byNationality = try run(["query", "--nationality=\(text)", "--all", "--format", "ndjson"])
            #expect(byNationality.status == 0, "\(text): \(byNationality.stderr)")
            #expect(byNationality.stdout == "", "\(text)")
            let sorted = try run(["query", "--sort=\(text)"])
            #expect(sorted.status == 64, "\(text)")
            #expect(sorted.stderr.contains("is invalid for '--sort <keys>'"), "\(text)")
            // No name is the text; `show` takes its words as `query --name` does, and the one player they match.
            let matched = words.isEmpty ? 0 : byName.stdout.split(separator: "\n").count
            let shown = try run(["show", "--", text])
            #expect(shown.status == (matched == 1 ? 0 : 1), "\(text)")
            let expected =
                switch matched {
                case 0: "Error: no player matches '\(text)'"
                case 1: "Taking "
                default: "Error: '\(text)' matches \(matched) players' names"
                }
            #expect(shown.stderr.hasPrefix(expected), "\(text): \(shown.stderr)")
        }
        // `%` and `_` are no wildcards: "a%" is the word "a", and "M_ssi" the words "m" and "ssi".
        #expect(try run(["query", "--name", "a%", "--all"]).stdout == run(["query", "--name", "a", "--all"]).stdout)
        #expect(try run(["query", "--name", "M_ssi", "--format", "ndjson"]).stdout == "")
        #expect(
            try run(["query", "--nationality", "ARGENTINA", "--format", "csv"]).stdout.split(separator: "\n").count
                == 3)
        #expect(try survivingPlayers() == 28)
    }

    /// Names made of what the filters above refuse or split; each is stored, found, exported and imported back.
    static let syntaxNames = [
        "Robert'); DROP TABLE players; --", "\" OR 1=1 --", "100% _Real_ \\ Fan", "\"a\" OR \"b\"", "NEAR(x, y)",
        "name:x", "* star *", "Zoë \"The Wall\" O'Neil", "a\\b\\c", "x_y%z", "'; --", "semi;colon", "Comma, First",
        "{sort_name}: messi", "=HYPERLINK(\"x\")",
    ]

    /// `text` as a JSON string.
    private static func json(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    @Test func namesFullOfSyntaxAreStoredFoundAndExportedExactly() throws {
        try sample()
        let feed = Self.syntaxNames.map { #"{"name": \#(Self.json($0)), "position": "CM"}"# }.joined(separator: "\n")
        try folder.write(feed + "\n", to: "names.ndjson")
        let imported = try run(["import", "names.ndjson"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try survivingPlayers() == 28 + Self.syntaxNames.count)

        for name in Self.syntaxNames {
            let shown = try run(["show", "--format", "json", "--", name])
            #expect(shown.status == 0, "\(name): \(shown.stderr)")
            #expect(try Self.names(in: shown.stdout) == [name])
            let found = try run(["query", "--name=\(name)", "--all", "--format", "ndjson"])
            if Self.words(name).isEmpty {
                #expect(found.status == 64, "\(name)")
            } else {
                #expect(found.status == 0, "\(name): \(found.stderr)")
                #expect(try Self.names(in: found.stdout).contains(name), "\(name)")
            }
        }

        let original = try run(["export", "--format", "ndjson"]).stdout
        for format in ["json", "ndjson", "csv"] {
            #expect(try run(["export", "--format", format, "--output", "names.\(format)"]).status == 0)
            let copy = "copy-\(format).db"
            let reimported = try run(["--db", copy, "import", "names.\(format)"])
            #expect(reimported.status == 0, "\(format): \(reimported.stderr)")
            #expect(try run(["--db", copy, "export", "--format", "ndjson"]).stdout == original, "\(format)")
        }
    }

    /// The names in NDJSON or one JSON object, one per line.
    private static func names(in lines: String) throws -> [String] {
        try lines.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["name"] as? String ?? ""
        }
    }

    /// NUL cannot be passed in argv, but a JSON string can hold it as `\u0000`, and a CSV cell as a raw byte.
    @Test func aNULInAnImportedNameIsRefusedAsAControlCharacter() throws {
        try sample()
        try folder.write(#"[{"name": "Robert\u0000'); DROP TABLE players; --", "position": "ST"}]"#, to: "nul.json")
        let escaped = try run(["import", "nul.json"])
        #expect(escaped.status == 65)
        #expect(escaped.stderr.hasPrefix("nul.json:1:11: record 1: name: contains the control character U+0000\n"))
        try folder.write(
            bytes: Array("name,position\nRobert".utf8) + [0] + Array("; DROP TABLE players,ST\n".utf8),
            to: "nul.csv")
        let raw = try run(["import", "nul.csv"])
        #expect(raw.status == 65)
        #expect(raw.stderr.hasPrefix("nul.csv:2:1: record 1: name: contains the control character U+0000\n"))
        #expect(try survivingPlayers() == 28)
    }

    // MARK: - --db

    private static let commands = [["init"], ["import", "feed.json"], ["query"], ["show", "1"], ["export"]]

    @Test func aFolderIsRefusedByEveryCommand() throws {
        try folder.write(#"[{"name": "A", "position": "GK"}]"#, to: "feed.json")
        try FileManager.default.createDirectory(atPath: folder.path("folder.db"), withIntermediateDirectories: false)
        for command in Self.commands {
            let result = try run(["--db", "folder.db"] + command)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr == "Error: folder.db is a directory, not a roster database\n", "\(command)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("folder.db")).isEmpty)
    }

    @Test func aMissingFolderIsNeitherCreatedNorReadFrom() throws {
        try folder.write(#"[{"name": "A", "position": "GK"}]"#, to: "feed.json")
        for command in Self.commands {
            let result = try run(["--db", "nowhere/roster.db"] + command)
            if command == ["init"] || command.first == "import" {
                #expect(result.status == 74, "\(command)")
                #expect(result.stderr == "Error: cannot create nowhere/roster.db: its folder does not exist\n")
            } else {
                #expect(result.status == 1, "\(command)")
                #expect(
                    result.stderr == "Error: no roster database at nowhere/roster.db — create one with "
                        + "'rosterdb init' or 'rosterdb import FILE'\n")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("nowhere")))
    }

    @Test func aFileThatIsNoRosterIsLeftByteForByte() throws {
        try folder.write(#"[{"name": "A", "position": "GK"}]"#, to: "feed.json")
        let text = Array("id,name\n1,Lionel Messi\n".utf8)
        let header = Array("SQLite format 3".utf8) + [0] + Array(repeating: 0xA5, count: 200)
        let files: [(name: String, bytes: [UInt8]?)] = [("notes.txt", text), ("cut.db", header), ("feed.json", nil)]
        for (name, bytes) in files {
            if let bytes { try folder.write(bytes: bytes, to: name) }
            let before = folder.bytes(of: folder.path(name))
            for command in Self.commands {
                let result = try run(["--db", name] + command)
                #expect(result.status == 1, "\(name) \(command)")
                #expect(result.stderr == "Error: \(name) is not an SQLite database; it was left untouched\n")
                #expect(folder.bytes(of: folder.path(name)) == before, "\(name) \(command)")
                #expect(!FileManager.default.fileExists(atPath: folder.path(name + "-wal")))
            }
        }
    }

    @Test func anEmptyFileIsNoRosterToReadButMayBecomeOne() throws {
        try folder.write(#"[{"name": "A", "position": "GK"}]"#, to: "feed.json")
        try folder.write(bytes: [], to: "empty.db")
        for command in [["query"], ["show", "1"], ["export"]] {
            let result = try run(["--db", "empty.db"] + command)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.stderr == "Error: empty.db is empty, not a roster database — make it one with "
                    + "'rosterdb init' or 'rosterdb import FILE'; it was left untouched\n")
            #expect(folder.bytes(of: folder.path("empty.db")) == [])
            #expect(!FileManager.default.fileExists(atPath: folder.path("empty.db-wal")))
        }
        #expect(try run(["--db", "empty.db", "import", "feed.json"]).status == 0)
        #expect(try survivingPlayers("empty.db") == 1)
    }

    /// SQLite alone opens these as databases that vanish on close: an import into one would succeed and keep
    /// nothing.
    @Test(arguments: [":memory:", "file:roster.db?mode=memory", "file::memory:?cache=shared"])
    func namesSQLiteTreatsSpeciallyAreFiles(name: String) throws {
        try folder.write(#"[{"name": "Kept", "position": "GK"}]"#, to: "feed.json")
        let imported = try run(["--db", name, "import", "feed.json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path(name)))
        #expect(try run(["--db", name, "query", "--format", "csv"]).stdout.contains("\n1,,Kept,GK,"))
        #expect(try survivingPlayers(name) == 1)
    }

    @Test func anEmptyPathIsAUsageErrorAndAnEmptyVariableIsUnset() throws {
        try folder.write(#"[{"name": "Kept", "position": "GK"}]"#, to: "feed.json")
        let empty = try run(["--db", "", "import", "feed.json"])
        #expect(empty.status == 64)
        #expect(
            empty.stderr.hasPrefix(
                "Error: The value '' is invalid for '--db <path>': expected a path, not an empty text.\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["feed.json"])
        // `ROSTERDB_DB= rosterdb import` uses the default roster, as an unset variable does.
        #expect(try run(["import", "feed.json"], environment: ["ROSTERDB_DB": ""]).status == 0)
        #expect(try survivingPlayers("roster.db") == 1)
    }

    /// A shell passes any bytes; a file name that is not UTF-8 must not be repaired into another file's name.
    @Test func argumentsThatAreNotUTF8AreRefused() throws {
        try folder.write(bytes: Array(#"[{"name": "A", "position": "GK"}]"#.utf8), to: "feed.json")
        let latin1: [UInt8] = Array("r".utf8) + [0xE9] + Array(".db".utf8)
        let result = try RosterProcess.spawn(
            [Array("--db".utf8), latin1, Array("import".utf8), Array("feed.json".utf8)], in: folder.url,
            scratch: folder.url)
        #expect(result.exitCode == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: argument 2 is not valid UTF-8; rosterdb takes text and file names in "
                    + "UTF-8 only.\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["feed.json"])
    }
}
