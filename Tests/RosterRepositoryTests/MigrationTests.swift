import CSQLite
import Foundation
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

@Suite struct MigrationTests {
    /// A migration added to `Migrations/` was left out of the binary until Package.swift was touched: SwiftPM runs a
    /// build tool plugin again only when the package's own files change. The binary must hold every file of the
    /// folder as it is now, and nothing else.
    @Test func theBinaryEmbedsEveryMigrationFileAsItIs() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Migrations")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }
            .sorted()
        #expect(names == Migration.embedded.map { $0.identifier + ".sql" })
        for migration in Migration.embedded {
            let bytes = try #require(FileBytes.read(folder.appendingPathComponent(migration.identifier + ".sql").path))
            #expect(Array(migration.sql.utf8) == bytes, "\(migration.identifier) differs from its file")
        }
    }

    let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("roster.db")
    }

    private func ledger(_ path: String) throws -> [String] {
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READONLY)
        let statement = try connection.prepare("SELECT version, name, checksum FROM schema_migrations ORDER BY version")
        var rows: [String] = []
        while try statement.step() {
            rows.append("\(statement.int(at: 0)) \(statement.text(at: 1)) \(statement.text(at: 2))")
        }
        return rows
    }

    @Test func aNewDatabaseGetsEveryMigrationInOrder() throws {
        let database = try RosterDatabase(path: path, mode: .createIfMissing)
        #expect(database.openReport.created)
        #expect(database.openReport.appliedMigrations.map(\.identifier) == Migration.embedded.map(\.identifier))
        #expect(try ledger(path) == Migration.embedded.map { "\($0.version) \($0.name) \($0.checksum)" })
        let journal = try database.connection.prepare("PRAGMA journal_mode")
        _ = try journal.step()
        #expect(journal.text(at: 0) == "wal")
    }

    @Test func embeddedChecksumsAreTheSHA256OfTheMigrationFiles() throws {
        for migration in Migration.embedded {
            let file = Fixtures.packageRoot.appendingPathComponent("Migrations/\(migration.identifier).sql")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [file.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(output.split(separator: " ").first.map(String.init) == migration.checksum)
            #expect(try String(contentsOf: file, encoding: .utf8) == migration.sql)
        }
    }

    @Test func reopeningAppliesNothing() throws {
        _ = try RosterDatabase(path: path, mode: .createIfMissing)
        let again = try RosterDatabase(path: path, mode: .existing)
        #expect(!again.openReport.created)
        #expect(again.openReport.appliedMigrations.isEmpty)
    }

    @Test func anOlderSchemaIsMigratedAndKeepsItsPlayers() throws {
        let first = Array(Migration.embedded.prefix(1))
        do {
            let old = try RosterDatabase(path: path, mode: .createIfMissing, migrations: first)
            try old.connection.execute("INSERT INTO players (name, position, goals) VALUES ('Lionel Messi', 'RW', 20)")
        }
        let upgraded = try RosterDatabase(path: path, mode: .existing)
        #expect(!upgraded.openReport.created)
        #expect(
            upgraded.openReport.appliedMigrations.map(\.identifier) == Migration.embedded.dropFirst().map(\.identifier))
        var criteria = PlayerCriteria()
        criteria.filters = [.names(["mess"])]
        #expect(try upgraded.read { try $0.count(matching: criteria) } == 1)
    }

    /// A roster older than its history gets one that begins at the migration: its players are recorded as added then,
    /// so that a copy following the change feed from the start has every player, and nothing before is claimed.
    @Test func anOlderRosterBeginsItsHistoryWithItsPlayersAdded() throws {
        let beforeHistory = Array(Migration.embedded.prefix { !$0.beginsHistory })
        #expect(beforeHistory.count == 13)
        do {
            let old = try RosterDatabase(path: path, mode: .createIfMissing, migrations: beforeHistory)
            try old.connection.execute(
                "INSERT INTO players (name, position, goals) VALUES ('Lionel Messi', 'RW', 20), ('Pelé', 'FW', 77)")
        }
        let upgraded = try RosterDatabase(path: path, mode: .existing)
        #expect(upgraded.openReport.appliedMigrations.map(\.name).first == "history")
        var entries: [HistoryEntry] = []
        try upgraded.read { try $0.forEachChange(matching: HistoryCriteria(), limit: nil) { entries.append($0) } }
        #expect(entries.map(\.name) == ["Lionel Messi", "Pelé"])
        #expect(entries.allSatisfy { $0.kind == .added && $0.madeBy == "history began" })
        #expect(entries[1].fields.contains(FieldChange(.goals, before: nil, after: .integer(77))))
        let start = try upgraded.read { try $0.historyStart() }
        #expect(start.firstNumber == 1)
        #expect(start.time == entries[0].time)
    }

    /// 0018 rebuilds the history's table under its players' triggers, which name it: every change is kept, the
    /// triggers write into the new table, and its rule still refuses a kind of change no one knows.
    @Test func theHistoryRebuiltKeepsEveryChangeAndItsRule() throws {
        let before18 = Array(Migration.embedded.prefix { $0.version < 18 })
        #expect(before18.count == 17)
        func changes(_ database: RosterDatabase) throws -> [String] {
            let statement = try database.connection.prepare(
                "SELECT change, write_id, player_id, kind, fields FROM player_history ORDER BY change")
            var rows: [String] = []
            while try statement.step() {
                rows.append((0..<5).map { statement.text(at: $0) }.joined(separator: " "))
            }
            return rows
        }
        let kept: [String]
        do {
            let old = try RosterDatabase(path: path, mode: .createIfMissing, migrations: before18)
            try old.connection.execute(
                """
                INSERT INTO players (name, position, goals) VALUES ('Lionel Messi', 'RW', 20), ('Pelé', 'FW', 77);
                UPDATE players SET goals = 21 WHERE name = 'Lionel Messi'; DELETE FROM players WHERE name = 'Pelé';
                """)
            kept = try changes(old)
        }
        #expect(kept.count == 4)
        let upgraded = try RosterDatabase(path: path, mode: .existing)
        #expect(upgraded.openReport.appliedMigrations.map(\.identifier) == ["0018_history_kind_check"])
        #expect(try changes(upgraded) == kept)
        try upgraded.connection.execute("UPDATE players SET goals = 22")
        #expect(try changes(upgraded).count == 5)
        #expect(throws: DatabaseError.self) {
            try upgraded.connection.execute("UPDATE player_history SET kind = 'moved' WHERE change = 1")
        }
    }

    /// The history's triggers name the fields one by one: a field added to `PlayerField` without them would change
    /// players unrecorded.
    @Test func theHistoryTriggersRecordEveryField() throws {
        let database = try RosterDatabase(path: path, mode: .createIfMissing)
        let statement = try database.connection.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
        var triggers: [String: String] = [:]
        while try statement.step() { triggers[statement.text(at: 0)] = statement.text(at: 1) }
        let update = try #require(triggers["players_history_update"])
        let delete = try #require(triggers["players_history_delete"])
        for field in PlayerField.allCases where field != .id {
            #expect(update.contains("old.\(field.name) IS NOT new.\(field.name)"), "\(field)")
            #expect(update.contains("SELECT '\(field.name)'") || update.contains("SELECT '\(field.name)' AS field"))
            #expect(update.contains("'\(field.name)', json_array(old.\(field.name), NULL)"), "\(field)")
            #expect(delete.contains("'\(field.name)', json_array(old.\(field.name), NULL)"), "\(field)")
        }
    }

    /// A roster of schema 11 whose indexes another program dropped could not be opened by a build with 0012 (its
    /// DROP INDEX failed), `init` included: the migration makes them all the same.
    @Test func theIndexesOf0012AreMadeThoughAnotherProgramDroppedTheOldOnes() throws {
        do {
            let old = try RosterDatabase(
                path: path, mode: .createIfMissing, migrations: Array(Migration.embedded.prefix(11)))
            try old.connection.execute(
                """
                DROP INDEX players_by_nationality_goals; DROP INDEX players_by_club_goals;
                """)
        }
        let upgraded = try RosterDatabase(path: path, mode: .existing)
        #expect(
            upgraded.openReport.appliedMigrations.map(\.identifier)
                == Migration.embedded.dropFirst(11).map(\.identifier))
        #expect(upgraded.openReport.appliedMigrations.first?.identifier == "0012_partial_key_indexes")
        let indexes = try upgraded.connection.prepare(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND name GLOB 'players_by_*' ORDER BY name")
        var names: [String] = []
        while try indexes.step() { names.append(indexes.text(at: 0)) }
        #expect(
            names == [
                "players_by_birth_date", "players_by_club_goals", "players_by_nationality_goals",
                "players_by_position_goals", "players_by_ref", "players_by_sort_name",
            ])
    }

    @Test func aChangedMigrationIsRefusedAndTheFileUntouched() throws {
        _ = try RosterDatabase(path: path, mode: .createIfMissing)
        try withLedger { try $0.execute("UPDATE schema_migrations SET checksum = 'abc123' WHERE version = 2") }
        let before = folder.bytes(of: path)
        let error = #expect(throws: DatabaseOpenError.self) { try RosterDatabase(path: path, mode: .existing) }
        guard case .changedMigration(_, let migration, let recorded, _) = error else {
            Issue.record("expected changedMigration, got \(String(describing: error))")
            return
        }
        #expect(migration == "0002_query_indexes")
        #expect(recorded == "abc123")
        #expect(error?.description.contains("0002_query_indexes") == true)
        #expect(folder.bytes(of: path) == before)
    }

    @Test func aMigrationFromANewerBuildIsRefusedAndTheFileUntouched() throws {
        _ = try RosterDatabase(path: path, mode: .createIfMissing)
        try withLedger {
            try $0.execute(
                "INSERT INTO schema_migrations VALUES (999, 'from_the_future', 'ffff', '2030-01-01T00:00:00Z')")
        }
        let before = folder.bytes(of: path)
        let error = #expect(throws: DatabaseOpenError.self) { try RosterDatabase(path: path, mode: .createIfMissing) }
        #expect(error == .newerSchema(path: path, migration: "0999_from_the_future"))
        #expect(error?.description.contains("newer rosterdb") == true)
        #expect(folder.bytes(of: path) == before)
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndItsBytesUntouched() throws {
        let bytes = Array("name,position\nLionel Messi,RW\n".utf8) + Array(repeating: 0xAB, count: 4096)
        try folder.write(bytes: bytes, to: "roster.db")
        let error = #expect(throws: DatabaseOpenError.self) { try RosterDatabase(path: path, mode: .createIfMissing) }
        #expect(error == .notSQLite(path: path))
        #expect(folder.bytes(of: path) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func anSQLiteDatabaseOfAnotherProgramIsRefusedAndUntouched() throws {
        do {
            let other = try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            try other.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        }
        let before = folder.bytes(of: path)
        let error = #expect(throws: DatabaseOpenError.self) { try RosterDatabase(path: path, mode: .createIfMissing) }
        #expect(error == .notRoster(path: path))
        #expect(folder.bytes(of: path) == before)
    }

    @Test func aMissingFileIsNotCreatedForReading() {
        let error = #expect(throws: DatabaseOpenError.self) { try RosterDatabase(path: path, mode: .existing) }
        #expect(error == .missing(path: path))
        #expect(
            error?.description
                == "no roster database at \(path) — create one with 'rosterdb init' or 'rosterdb import FILE'")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func anEmptyFileIsNotMadeARosterForReading() throws {
        try folder.write(bytes: [], to: "roster.db")
        let error = #expect(throws: DatabaseOpenError.self) { try RosterDatabase(path: path, mode: .existing) }
        #expect(error == .empty(path: path))
        #expect(folder.bytes(of: path) == [])
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        // A command that writes may make it one.
        #expect(try RosterDatabase(path: path, mode: .createIfMissing).openReport.created)
    }

    /// The end-to-end tests open these names as files in a folder of their own; changing this process's folder
    /// would disturb the tests that run beside this one.
    @Test func specialSQLiteNamesAreGivenToSQLiteAsFiles() throws {
        // SQLite alone would open these as databases that vanish when closed.
        #expect(RosterDatabase.literalPath(":memory:") == "./:memory:")
        #expect(RosterDatabase.literalPath("file:roster.db?mode=memory") == "./file:roster.db?mode=memory")
        #expect(RosterDatabase.literalPath("rosters/a.db") == "./rosters/a.db")
        #expect(RosterDatabase.literalPath(path) == path)
        let named = folder.path(":memory:")
        do {
            let database = try RosterDatabase(path: named, mode: .createIfMissing)
            _ = try database.write(madeBy: "test") { try $0.insert(Player(name: "Kept", position: .goalkeeper)) }
        }
        #expect(try RosterDatabase(path: named, mode: .existing).read { try $0.count() } == 1)
        #expect(throws: DatabaseOpenError.emptyPath) { try RosterDatabase(path: "", mode: .createIfMissing) }
    }

    @Test func aFolderOrAMissingFolderIsRefused() {
        #expect(throws: DatabaseOpenError.isDirectory(path: folder.url.path)) {
            try RosterDatabase(path: folder.url.path, mode: .createIfMissing)
        }
        let nested = folder.path("no/such/folder/roster.db")
        #expect(throws: DatabaseOpenError.missingFolder(path: nested)) {
            try RosterDatabase(path: nested, mode: .createIfMissing)
        }
    }

    // MARK: - Rebuilding a table

    /// A roster at schema 3 holding `rows` (SQL value lists for id, name, position, nationality, birth_date, image).
    private func olderRoster(_ rows: [String]) throws {
        let old = try RosterDatabase(
            path: path, mode: .createIfMissing, migrations: Array(Migration.embedded.prefix(3)))
        for row in rows {
            try old.connection.execute(
                "INSERT INTO players (id, name, position, nationality, birth_date, image) VALUES (\(row))")
        }
        try old.connection.execute("UPDATE players SET sort_name = lower(name)")
        try old.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    @Test func aRebuildKeepsEveryRowTheirSearchAndTheirOrder() throws {
        try olderRoster([
            "1, 'Kylian Mbappé', 'ST', 'France', '1998-12-20', NULL",
            "5, 'Ángel Di María', 'RW', 'ARGENTINA', NULL, 'angel.png'",
            "9, 'Son Heung-min', 'LW', 'South Korea', '1992-07-08', NULL",
        ])
        let database = try RosterDatabase(path: path, mode: .existing)
        #expect(
            database.openReport.appliedMigrations.map(\.identifier)
                == Migration.embedded.dropFirst(3).map(\.identifier))
        let players = try database.read { players in
            var all: [Player] = []
            try players.forEachPlayer { all.append($0) }
            return all
        }
        #expect(players.map(\.id) == [1, 5, 9])
        #expect(
            players[1]
                == Player(
                    id: 5, name: "Ángel Di María", position: .rightWinger, nationality: "ARGENTINA",
                    image: "angel.png"))
        var criteria = PlayerCriteria()
        criteria.filters = [.names(["heung min"])]
        #expect(try database.read { try $0.count(matching: criteria) } == 1)
        criteria = PlayerCriteria()
        criteria.filters = [.nationalities(["argentina"])]
        #expect(try database.read { try $0.count(matching: criteria) } == 1)
        #expect(try database.read { try $0.hasUnfoldedRows() } == false)
        let check = try database.connection.prepare("PRAGMA integrity_check")
        #expect(try check.firstRow { $0.text(at: 0) } == "ok")
        // The new rules hold for every writer.
        #expect(throws: DatabaseError.self) {
            try database.connection.execute("INSERT INTO players (name, position) VALUES (' Padded', 'GK')")
        }
    }

    @Test func aRebuildRefusesRowsThatBreakItsRulesNamingThemAndLeavesTheRosterUntouched() throws {
        try olderRoster([
            "1, 'Fine Player', 'GK', NULL, NULL, NULL",
            "7, ' Padded Name', 'GK', NULL, NULL, NULL",
            "9, 'Old Timer', 'GK', NULL, '1700-01-01', NULL",
            "11, 'Time Traveller', 'GK', NULL, '2999-01-01', NULL",
            "12, 'Long Image', 'GK', NULL, NULL, '\(String(repeating: "x", count: 3000))'",
        ])
        let before = folder.bytes(of: path)
        let error = #expect(throws: DatabaseOpenError.self) { try RosterDatabase(path: path, mode: .existing) }
        guard case .migrationRefused(_, let migration, let rows, let count) = error else {
            Issue.record("expected migrationRefused, got \(String(describing: error))")
            return
        }
        #expect(migration == "0004_strict_players")
        #expect(count == 4)
        #expect(rows.map(\.id) == [7, 9, 11, 12])
        #expect(rows[0].rule.contains("name_is_text_of_1_to_200_visible_characters"))
        #expect(rows[1].rule.contains("birth_date_is_a_real_day_from_1850"))
        #expect(rows[2].rule.contains("birth_date is in the future"))
        #expect(rows[3].rule.contains("image_is_text_of_1_to_2048_visible_characters"))
        #expect(error?.description.contains("id 7: ") == true)
        #expect(folder.bytes(of: path) == before)
        #expect(try ledger(path).count == 3)
    }

    // MARK: - Folding again

    @Test func keysFoldedFromDecomposedTextAreFoldedAgain() throws {
        // Written before 0010: name and club as conjoining jamo (손 흥민, 토트넘), their keys as that fold kept them.
        let name = "\u{1109}\u{1169}\u{11AB} \u{1112}\u{1173}\u{11BC}\u{1106}\u{1175}\u{11AB}"
        let club = "\u{1110}\u{1169}\u{1110}\u{1173}\u{1102}\u{1165}\u{11B7}"
        let old = try RosterDatabase(
            path: path, mode: .createIfMissing, migrations: Array(Migration.embedded.prefix(9)))
        try old.connection.execute(
            "INSERT INTO players (id, name, position, club) VALUES (7, '\(name)', 'LW', '\(club)'), "
                + "(8, 'Kylian Mbappé', 'ST', 'Real Madrid')")
        try old.connection.execute("UPDATE players SET sort_name = name, club_key = club WHERE id = 7")
        try old.connection.execute(
            "UPDATE players SET sort_name = 'kylian mbappe', club_key = 'real madrid' WHERE id = 8")

        let database = try RosterDatabase(path: path, mode: .existing)
        #expect(database.openReport.appliedMigrations.first?.identifier == "0010_fold_composed_text")
        let keys = try database.connection.prepare("SELECT sort_name, club_key FROM players ORDER BY id")
        var rows: [[UInt8]] = []
        while try keys.step() { rows += [Array(keys.text(at: 0).utf8), Array(keys.text(at: 1).utf8)] }
        #expect(
            rows == [
                Array("\u{C190} \u{D765}\u{BBFC}".utf8), Array("\u{D1A0}\u{D2B8}\u{B118}".utf8),
                Array("kylian mbappe".utf8), Array("real madrid".utf8),
            ])
        // The name search index followed: the precomposed word finds the player written in jamo.
        var criteria = PlayerCriteria()
        criteria.filters = [.names(["\u{D765}\u{BBFC}"])]
        #expect(try database.read { try $0.count(matching: criteria) } == 1)
    }

    private func withLedger(_ body: (Connection) throws -> Void) throws {
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
        try body(connection)
    }
}
