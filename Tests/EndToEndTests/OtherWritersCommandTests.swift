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
                roster.db is up to date (schema version 12).
                Restored what another program had removed: players_by_birth_date, players_search_update, the change \
                counter.

                """)
        let found = try run(["query", "--name", "testname", "--format", "csv"]).stdout
        #expect(found.split(separator: "\n").count == 2 && found.contains("Zinedine Testname"))
        #expect(try run(["query", "--name", "mbappe", "--format", "csv"]).stdout.split(separator: "\n").count == 1)
        #expect(try run(["init"]).stdout == "roster.db is up to date (schema version 12).\n")
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
