import CSQLite
import Foundation
import Glibc
import TestSupport
import Testing

@testable import RosterRepository

/// `add`, `edit` and `remove` as a user runs them: output, messages, exit codes, the write lock and signals.
@Suite struct KeepingCommandTests {
    let folder: TemporaryDirectory
    let roster: String

    init() throws {
        folder = try TemporaryDirectory()
        roster = folder.path("roster.db")
        #expect(try run(["init", "--sample"]).status == 0)
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> RosterProcess.Result {
        try RosterProcess.run(["--db", roster] + arguments, in: folder.url)
    }

    /// Every row of the roster, read by a fresh connection.
    private func rows() throws -> [String] {
        let connection = try Connection(path: roster, flags: SQLITE_OPEN_READONLY)
        let statement = try connection.prepare("SELECT id, name, goals, club FROM players ORDER BY id")
        var rows: [String] = []
        while try statement.step() {
            rows.append(
                "\(statement.int(at: 0)) \(statement.text(at: 1)) \(statement.int(at: 2)) "
                    + (statement.optionalText(at: 3) ?? "-"))
        }
        return rows
    }

    // MARK: - add

    /// A new player took the id of the player last removed, so that `show 28`, a bookmark or a change list came to
    /// mean another player; an import of records without ids did too.
    @Test func aRemovedPlayersIDIsNeverGivenAgain() throws {
        #expect(try run(["remove", "28"]).status == 0)
        #expect(try run(["add", "--name", "Late Signing", "--position", "ST"]).status == 0)
        #expect(try rows().last?.hasPrefix("29 Late Signing ") == true)
        #expect(try run(["remove", "29"]).status == 0)
        let feed = try folder.write(#"{"name":"Feed Signing","position":"GK"}"# + "\n", to: "feed.ndjson")
        #expect(try run(["import", feed]).status == 0)
        #expect(try rows().last?.hasPrefix("30 Feed Signing ") == true)
    }

    @Test func addPrintsTheNewPlayerAsShowDoes() throws {
        let added = try run([
            "add", "--name", "Cole Palmer", "--position", "AM", "--club", "Chelsea", "--birth-date", "2002-05-06",
            "--goals", "15",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr == "")
        #expect(added.stdout == (try run(["show", "29"])).stdout)
        let json = try run(["add", "--name", "Lauren James", "--position", "RW", "--format", "json", "--id", "500"])
        #expect(json.stdout.hasPrefix(#"{"id":500,"ref":null,"name":"Lauren James","position":"RW","goals":0,"#))
        #expect(try run(["add", "--name", "Quiet One", "--position", "GK", "-q"]).stdout == "")
    }

    @Test func addValidatesAsImportDoesAndWritesNothingWhenRefused() throws {
        let before = try rows()
        let bad = try run([
            "add", "--name", "  ", "--position", "WB", "--goals", "2000000", "--birth-date", "2023-02-30",
        ])
        #expect(bad.status == 65)
        #expect(bad.stdout == "")
        #expect(
            bad.stderr == """
                --name: is empty or only white space
                --position: unknown position 'WB'; accepted: GK, SW, CB, LB, RB, LWB, RWB, DF, DM, CM, AM, LM, RM, MF, LW, RW, SS, CF, ST, FW, or a synonym such as Striker, CDM or Defender
                --goals: must be at most 1,000,000, got '2000000'
                --birth-date: '2023-02-30' is not a real date
                Error: nothing was written: the player is invalid (4 problems)

                """)
        let missing = try run(["add", "--name", "No Position"])
        #expect(missing.status == 65)
        #expect(missing.stderr.hasPrefix("--position: is required\n"))
        let taken = try run(["add", "--name", "Someone", "--position", "GK", "--id", "3"])
        #expect(taken.status == 65)
        #expect(taken.stderr.contains("--id: the id 3 is taken"))
        #expect(try rows() == before)
    }

    @Test func aDuplicateIsRefusedNamingTheStoredPlayerUnlessAllowed() throws {
        let again = try run(["add", "--name", "KYLIAN MBAPPE", "--position", "ST", "--birth-date", "1998-12-20"])
        #expect(again.status == 65)
        #expect(
            again.stderr == "Error: a player with this name and birth date is already in the roster (id 3); "
                + "give --allow-duplicate to have both\n")
        let allowed = try run([
            "add", "--name", "Kylian Mbappé", "--position", "ST", "--birth-date", "1998-12-20", "--allow-duplicate",
        ])
        #expect(allowed.status == 0)
        #expect(try rows().count == 29)
    }

    // MARK: - edit

    @Test func editPrintsBeforeAndAfterOfEachChangedField() throws {
        let result = try run([
            "edit", "kylian mbappe", "--add-goals", "2", "--unset", "club", "--nationality", "France",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                Updated Kylian Mbappé (id 3):
                  goals  31 → 33
                  club   Real Madrid → unknown

                """)
        #expect(try rows()[2] == "3 Kylian Mbappé 33 -")
        let same = try run(["edit", "3", "--goals", "33"])
        #expect(same.stdout == "Nothing changed for Kylian Mbappé (id 3).\n")
        let json = try run(["edit", "3", "--club", "Real Madrid", "--format", "json"])
        #expect(json.stdout.hasSuffix(#""changed":["club"]}"# + "\n"))
    }

    @Test func editKeepsCountsWithinTheirLimits() throws {
        let below = try run(["edit", "3", "--add-goals", "-32"])
        #expect(below.status == 65)
        #expect(below.stderr.hasPrefix("--goals: 31 - 32 would be below 0\n"))
        let above = try run(["edit", "3", "--goals", "999999", "--add-goals", "2"])
        #expect(above.status == 65)
        #expect(above.stderr.hasPrefix("--goals: 999,999 + 2 would be above 1,000,000\n"))
        #expect(try rows()[2] == "3 Kylian Mbappé 31 Real Madrid")
    }

    @Test func editRefusesAmbiguousUnknownAndEmptyRequests() throws {
        #expect(try run(["add", "--name", "Alex Scott", "--position", "CB", "--birth-date", "1984-10-14"]).status == 0)
        #expect(
            try run([
                "add", "--name", "Alex Scott", "--position", "LB", "--birth-date", "1984-10-14",
                "--allow-duplicate",
            ]).status == 0)
        let ambiguous = try run(["edit", "alex scott", "--goals", "1"])
        #expect(ambiguous.status == 1)
        #expect(
            ambiguous.stderr == """
                Error: 'alex scott' matches 2 players; give an id
                  29  Alex Scott  CB  born 1984-10-14
                  30  Alex Scott  LB  born 1984-10-14
                Give one of these ids instead of the name.

                """)
        let unknown = try run(["edit", "Pele", "--goals", "1"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "Error: no player matches 'Pele'\n")
        let nothing = try run(["edit", "3"])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.hasPrefix("Error: Give at least one field to change: --ref <text>, --name <text>,"))
        let unsetName = try run(["edit", "3", "--unset", "name"])
        #expect(unsetName.status == 64)
        #expect(unsetName.stderr.contains("expected one of ref, nationality, club, birth-date, image"))
    }

    // MARK: - remove

    @Test func removeTakesAllOrNone() throws {
        let before = try rows()
        let unknown = try run(["remove", "3", "Nobody At All"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "Error: no player matches 'Nobody At All'\n")
        #expect(try rows() == before)
        let dry = try run(["remove", "3", "lionel messi", "--dry-run"])
        #expect(dry.status == 0)
        #expect(
            dry.stdout == """
                Would remove 2 players (dry run, nothing removed):
                  3  Kylian Mbappé  ST  born 1998-12-20
                  1  Lionel Messi   RW  born 1987-06-24

                """)
        #expect(try rows() == before)
        let removed = try run(["remove", "3", "lionel messi", "3"])
        #expect(removed.status == 0)
        #expect(removed.stdout.hasPrefix("Removed 2 players:\n"))
        #expect(try rows().count == 26)
        #expect(try run(["remove", "-q", "2"]).stdout == "")
    }

    // MARK: - The write lock, signals, readers

    @Test(arguments: [
        ["add", "--name", "Waiting", "--position", "GK"], ["edit", "3", "--add-goals", "1"], ["remove", "3"],
    ])
    func aWriteWaitsForTheLockThenExits75ChangingNothing(arguments: [String]) throws {
        let before = try rows()
        let holder = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let result = try run(["--busy-timeout", "0.3"] + arguments)
        #expect(result.status == 75)
        #expect(result.stderr == "Error: database is locked by another writer; try again later\n")
        try holder.execute("ROLLBACK")
        #expect(try rows() == before)
    }

    @Test(arguments: [
        ["add", "--name", "Waiting", "--position", "GK"], ["edit", "3", "--add-goals", "1"], ["remove", "3"],
    ])
    func aSignalStopsAWriteThatWaitsForTheLock(arguments: [String]) throws {
        let before = try rows()
        let holder = try Connection(path: roster, flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let writing = try RunningRosterProcess(["--db", roster, "--busy-timeout", "60"] + arguments, in: folder.url)
        #expect(writing.wait(upTo: 10) { writing.hasOpen(roster) })
        writing.signal(SIGTERM)
        let ending = try #require(writing.finish(within: 10), "rosterdb did not exit within 10 s of SIGTERM")
        #expect(ending.status == 143)
        #expect(ending.stderr == RosterProcess.interrupted)
        try holder.execute("ROLLBACK")
        #expect(try rows() == before)
    }

    @Test func readersKeepWorkingWhileEditsAndRemovalsRun() throws {
        // Another process reads in a loop, never waiting for a lock, while this one edits and removes.
        let binary = RosterProcess.executable.path
        let readers = Process()
        readers.executableURL = URL(fileURLWithPath: "/bin/sh")
        readers.arguments = [
            "-c",
            """
            failed=0
            for round in $(seq 30); do
                "$0" --db "$1" --busy-timeout 0 query --all --format csv >/dev/null 2>>"$2" || failed=$((failed + 1))
                "$0" --db "$1" --busy-timeout 0 show 1 >/dev/null 2>>"$2" || failed=$((failed + 1))
            done
            echo "$failed"
            """, binary, roster, folder.path("readers.err"),
        ]
        let output = Pipe()
        readers.standardOutput = output
        try readers.run()
        for id in 2...21 {
            #expect(try run(["edit", String(id), "--add-goals", "1"]).status == 0)
            if id % 2 == 0 { #expect(try run(["remove", String(id)]).status == 0) }
        }
        readers.waitUntilExit()
        let failed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(failed == "0\n", "\((try? String(contentsOfFile: folder.path("readers.err"), encoding: .utf8)) ?? "")")
        #expect(try rows().count == 18)
    }
}
