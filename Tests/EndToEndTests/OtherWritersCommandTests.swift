import CSQLite
import Foundation
import TestSupport
import Testing

@testable import RosterRepository

/// Commands on a roster another program changed behind rosterdb's back, as a user runs them.
@Suite struct OtherWritersCommandTests {
    let sample: SampleRoster
    var folder: TemporaryDirectory { sample.folder }

    init() throws {
        sample = try SampleRoster()
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> RosterProcess.Result {
        try sample.run(arguments)
    }

    /// Runs SQL on the roster as another program would, with CHECK constraints off.
    private func otherProgram(_ sql: String) throws {
        try RosterDatabase(path: folder.path("roster.db"), mode: .existing).connection.execute(
            "PRAGMA ignore_check_constraints = ON; \(sql); PRAGMA ignore_check_constraints = OFF")
    }

    /// Text another program stored that is not UTF-8, left as it is by an edit of another field: it was read as
    /// U+FFFD and written back so, reported as a correction of the edited field only. Now the edit is refused
    /// naming every broken value, and one that replaces the text corrects it.
    @Test func anEditThatLeavesTextThatIsNotUTF8IsRefused() throws {
        try otherProgram(
            """
            DROP TRIGGER players_text_is_utf8_update;
            UPDATE players SET club = CAST(x'43c3' AS TEXT), nationality = CAST(x'46ff' AS TEXT), goals = -5 WHERE id = 3
            """)
        func stored() throws -> String {
            let connection = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READONLY)
            return try connection.prepare("SELECT hex(club) || ' ' || goals FROM players WHERE id = 3")
                .firstRow { $0.text(at: 0) } ?? ""
        }
        let refused = try run(["edit", "3", "--ref", "KM"])
        #expect(refused.status == 65)
        #expect(
            refused.stderr.hasPrefix(
                #"""
                --goals: must not be negative, got '-5'
                --nationality: 'F\xFF', which another program stored, is not UTF-8 text
                --club: 'C\xC3', which another program stored, is not UTF-8 text
                """#), "\(refused.stderr)")
        #expect(try stored() == "43C3 -5")
        let corrected = try run(["edit", "3", "--club", "Real Madrid", "--unset", "nationality", "--goals", "9"])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        #expect(corrected.stdout.contains(#"club 'C\xC3', which is not UTF-8"#), "\(corrected.stdout)")
        #expect(try stored() == Array("Real Madrid".utf8).map { String(format: "%02X", $0) }.joined() + " 9")
    }

    /// A real among the assists made `stats` trap (goals plus assists overflowed): a signal death, exit 132.
    @Test func statsOverAnotherProgramsRealNamesThePlayer() throws {
        try otherProgram("UPDATE players SET assists = 1e19 WHERE id = 2")
        let result = try run(["stats", "--by", "line"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: player 2 has assists '1.0e+19', which is not an integer; "))
    }

    /// Text another program stored reaches the terminal only with its control characters made `?`.
    @Test func anErrorQuotingAnotherProgramsTextHasNoControlCharacters() throws {
        try otherProgram("UPDATE players SET position = char(27) || '[2J' || char(0) || 'x' WHERE id = 8")
        let result = try run(["show", "8"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: player 8 has position '?[2J?x', which is not a position; "))
    }

    /// A player another program stored breaking the rules could be neither corrected nor removed with rosterdb:
    /// `edit` and `remove` read it first, and the reading failed. Named by id, it is corrected by an edit that
    /// replaces the broken value, and removed.
    @Test func aPlayerAnotherProgramBrokeIsCorrectedOrRemovedById() throws {
        try otherProgram(
            "UPDATE players SET goals = -500 WHERE id = 3; UPDATE players SET position = 'XX' WHERE id = 4")
        let problem = "goals '-500', which is not from 0 to 1,000,000"

        // An edit that leaves the broken value is refused as a given value would be, and so is a lookup by name.
        let other = try run(["edit", "3", "--assists", "9"])
        #expect(other.status == 65)
        #expect(
            other.stderr == """
                --goals: must not be negative, got '-500'
                Error: nothing was written: player 3 as another program stored it, with the values given, is invalid; \
                give a valid value for each field named

                """)
        let byName = try run(["edit", "Kylian Mbappé", "--goals", "5"])
        #expect(byName.status == 1)
        #expect(byName.stderr.hasPrefix("Error: player 3 has \(problem); "), "\(byName.stderr)")

        let corrected = try run(["edit", "3", "--goals", "5"])
        #expect(corrected.status == 0)
        #expect(
            corrected.stdout == """
                Corrected Kylian Mbappé (id 3), stored by another program with \(problem):
                  goals  -500 → 5

                """)
        #expect(try run(["show", "3", "--format", "json"]).stdout.contains("\"goals\":5,"))

        let json = try run(["edit", "4", "--position", "GK", "--format", "json"])
        #expect(json.status == 0)
        #expect(
            json.stdout.hasPrefix(
                "{\"before\":null,\"unreadable\":\"position 'XX', which is not a position\",\"after\":{\"id\":4,"),
            "\(json.stdout)")
        #expect(json.stdout.hasSuffix(",\"changed\":[\"position\"]}\n"))

        try otherProgram("UPDATE players SET birth_date = '1999-02-30' WHERE id = 5")
        let removed = try run(["remove", "5"])
        #expect(removed.status == 0)
        #expect(removed.stdout.hasPrefix("Removed 1 player:\n  5  "), "\(removed.stdout)")
        #expect(removed.stdout.hasSuffix("  born 1999-02-30  (birth_date '1999-02-30', which is not a date)\n"))
        #expect(try run(["show", "5"]).stderr == "Error: no player has the id 5\n")
    }

    /// A player another program stored with several broken values: the error ended with "(SQLite error 11)",
    /// which reads as a damaged file, and "Corrected …" named only the first broken value.
    @Test func aCorrectionNamesEveryBrokenValueAndNoSQLiteError() throws {
        try otherProgram("UPDATE players SET goals = -500, position = 'XX', birth_date = '1999-02-30' WHERE id = 3")
        let shown = try run(["show", "3"])
        #expect(shown.status == 1)
        #expect(
            shown.stderr
                == "Error: player 3 has position 'XX', which is not a position; another program wrote it, and "
                + "rosterdb cannot read that player until it is corrected ('rosterdb edit 3') or removed "
                + "('rosterdb remove 3')\n")
        let problems =
            "position 'XX', which is not a position; goals '-500', which is not from 0 to 1,000,000; "
            + "birth_date '1999-02-30', which is not a date"
        let corrected = try run(["edit", "3", "--goals", "5", "--position", "ST", "--birth-date", "1998-12-20"])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        #expect(
            corrected.stdout == """
                Corrected Kylian Mbappé (id 3), stored by another program with \(problems):
                  position    XX → ST
                  goals       -500 → 5
                  birth_date  1999-02-30 → 1998-12-20

                """)
        try otherProgram("UPDATE players SET goals = 'many', birth_date = '1990-13-01' WHERE id = 4")
        let json = try run(["edit", "4", "--goals", "1", "--unset", "birth-date", "--format", "json"])
        #expect(
            json.stdout.hasPrefix(
                #"{"before":null,"unreadable":"goals 'many', which is not an integer; birth_date '1990-13-01', which is "#
                    + #"not a date","after":"#), "\(json.stdout)")
    }

    /// An id no edit can set, which another program stored: only `remove` helps, and it reaches a negative one,
    /// which read as an option (`remove -7`) or as a name (`remove -- -7`).
    @Test func aPlayerWithAnIdOutOfRangeIsRemovedAsTheErrorSays() throws {
        try otherProgram("UPDATE players SET id = -7 WHERE id = 7")
        let listed = try run(["query", "--sort", "id"])
        #expect(listed.status == 1)
        #expect(
            listed.stderr.hasSuffix(
                "another program wrote it, and rosterdb cannot read that player until it is removed "
                    + "('rosterdb remove -- -7')\n"), "\(listed.stderr)")
        let removed = try run(["remove", "--", "-7"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.hasPrefix("Removed 1 player:\n  -7  Федор Смолов"), "\(removed.stdout)")
        #expect(try run(["query", "--sort", "id"]).status == 0)
        #expect(try run(["show", "--", "-7"]).stderr == "Error: no player has the id -7\n")
    }

    /// Refusing an edit quoted a count another program stored as it was, escape sequences and all.
    @Test func aRefusedCorrectionQuotesAStoredValueWithoutItsControlCharacters() throws {
        try otherProgram("UPDATE players SET goals = '1' || char(27) || ']0;x' || char(7) WHERE id = 6")
        let refused = try run(["edit", "6", "--assists", "1"])
        #expect(refused.status == 65)
        #expect(refused.stderr.hasPrefix("--goals: expected a whole number, got '1?]0;x?'\n"), "\(refused.stderr)")
    }

    private static let schemaVersion = Migration.embedded.last!.version

    /// `init` said "up to date" on a roster missing an index, the search index's trigger and the counter's row; it
    /// restores them, refills the search index the missing trigger let go stale, and says so before anything else.
    @Test func initRestoresWhatAnotherProgramRemoved() throws {
        try otherProgram("DROP TRIGGER players_search_update; DROP INDEX players_by_birth_date")
        #expect(try run(["edit", "3", "--name", "Zinedine Testname"]).status == 0)
        #expect(try run(["query", "--name", "testname", "--format", "csv"]).stdout.split(separator: "\n").count == 1)
        try otherProgram("DELETE FROM roster_changes")

        let restored = try run(["init"])
        #expect(restored.status == 0)
        #expect(
            restored.stdout == """
                roster.db is up to date (schema version \(Self.schemaVersion)).
                Restored what another program had removed: players_by_birth_date, players_search_update, the change \
                counter.

                """)
        let found = try run(["query", "--name", "testname", "--format", "csv"]).stdout
        #expect(found.split(separator: "\n").count == 2 && found.contains("Zinedine Testname"))
        #expect(try run(["query", "--name", "mbappe", "--format", "csv"]).stdout.split(separator: "\n").count == 1)
        #expect(try run(["init"]).stdout == "roster.db is up to date (schema version \(Self.schemaVersion)).\n")
    }

    /// A write refused by another program's trigger is reported as `failed` to a script, and names the record.
    @Test func aRefusedRecordIsAFailureInTheJSONReport() throws {
        try otherProgram(
            "CREATE TRIGGER refuse BEFORE INSERT ON players BEGIN SELECT RAISE(ABORT, 'closed for transfers'); END")
        try folder.write(#"[{"name": "New Signing", "position": "ST"}]"#, to: "feed.json")
        let result = try run(["import", "--report", "json", "feed.json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""status":"failed""#))
        #expect(
            result.stderr.hasPrefix(
                "Error: nothing was imported: feed.json:1:2: record 1: player 29 could not be added: closed for transfers"
            ))
    }
}
