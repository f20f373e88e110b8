import CSQLite
import Foundation
import TestSupport
import Testing

@testable import RosterRepository

/// import, query, show and export as a user runs them: stdout, stderr and exit codes checked separately.
@Suite struct RosterCommandTests {
    let folder: TemporaryDirectory
    static let asOf = ["--as-of", "2026-06-24"]

    init() throws {
        folder = try TemporaryDirectory()
    }

    @discardableResult
    private func run(_ arguments: [String], stdin: String = "") throws -> RosterProcess.Result {
        try RosterProcess.run(
            arguments, in: folder.url, stdin: Data(stdin.utf8), environment: ["ROSTERDB_DB": "roster.db"])
    }

    private func sample() throws {
        #expect(try run(["init", "--sample"]).status == 0)
    }

    private static let feed = """
        [
          {"id": 1, "name": "Lionel Messi", "position": "RW", "goals": 20, "assists": 15, "nationality": "Argentina", "birth_date": "1987-06-24", "image": "messi.png"},
          {"name": "손흥민", "position": "Left Winger", "goal": 17, "assist": 10, "nationality": "South Korea", "age": "1992-07-08"},
          {"name": "Alisson Becker", "position": "GK", "team": "Liverpool", "shirt": 1}
        ]
        """

    // MARK: - import

    @Test func importPrintsItsSummaryOnStandardError() throws {
        try folder.write(Self.feed, to: "players.json")
        let first = try run(["import", "players.json"])
        #expect(first.status == 0)
        #expect(first.stdout == "")
        let summary =
            #/^Imported players\.json: 3 records — 3 added, 0 updated, 0 unchanged, 0 removed \(\d+\.\d\d s\)\nIgnored unknown fields: shirt\n$/#
        #expect(first.stderr.wholeMatch(of: summary) != nil, "\(first.stderr)")
        let again = try run(["import", "players.json", "--quiet"])
        #expect(again.status == 0)
        #expect(again.stderr == "")
        let report = try run(["import", "players.json", "--report", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        #expect(object["unchanged"] as? Int == 3)
        #expect(object["added"] as? Int == 0)
        #expect(object["committed"] as? Bool == true)
        #expect(object["unknown_fields"] as? [String] == ["shirt"])
        #expect(object["seconds"] is Double || object["seconds"] is Int)
    }

    @Test func anInvalidFeedWritesNothingAndNamesEveryProblem() throws {
        try sample()
        try folder.write(
            """
            [
              {"name": "Good Player", "position": "GK"},
              {"name": "Bad Goals", "position": "ST", "goals": "20"},
              {"name": "Bad Date", "position": "ST", "birth_date": "2023-02-30"}
            ]
            """, to: "bad.json")
        let result = try run(["import", "bad.json", "--report", "json"])
        #expect(result.status == 65)
        #expect(
            result.stderr == """
                bad.json:3:52: record 2: goals: expected a whole number, got a string ("20")
                bad.json:4:56: record 3: birth_date: "2023-02-30" is not a real date
                Error: nothing was imported: 2 of 3 records are invalid (use --skip-invalid to import the valid ones)

                """)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["committed"] as? Bool == false)
        let rejected = try #require(object["rejected"] as? [[String: Any]])
        #expect(rejected.map { $0["record"] as? Int } == [2, 3])
        #expect(rejected.first?["field"] as? String == "goals")
        #expect(rejected.first?["value"] as? String == "\"20\"")
        #expect(rejected.first?["line"] as? Int == 3)
        #expect(try run(["query", "--format", "ndjson", "--all"]).stdout.split(separator: "\n").count == 28)

        let skipped = try run(["import", "bad.json", "--skip-invalid"])
        #expect(skipped.status == 0)
        #expect(skipped.stderr.contains("bad.json:3:52: record 2: goals:"))
        #expect(skipped.stderr.contains("1 added, 0 updated, 0 unchanged, 0 removed, 2 rejected"))
    }

    @Test func importReadsStandardInputAndSniffsItsFormat() throws {
        let ndjson = #"{"name": "Erling Haaland", "position": "ST", "goals": 27}"# + "\n"
        #expect(try run(["import", "-"], stdin: ndjson).status == 0)
        let csv = "name,position\nMartin Ødegaard,AM\n"
        #expect(try run(["import", "-"], stdin: csv).status == 0)
        let json = try run(["query", "--format", "json", "--sort", "id"])
        #expect(json.stdout.contains(#""name":"Erling Haaland""#))
        #expect(json.stdout.contains(#""name":"Martin Ødegaard""#))
    }

    @Test func missingOrMalformedInputsHaveTheirExitCodes() throws {
        let missing = try run(["import", "nowhere.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "Error: cannot open nowhere.json: No such file or directory\n")
        try folder.write("[{\"name\": \"A\", \"position\": \"GK\"},]", to: "trailing.json")
        let malformed = try run(["import", "trailing.json"])
        #expect(malformed.status == 65)
        #expect(malformed.stderr.hasPrefix("trailing.json:1:"))
        #expect(malformed.stderr.contains("trailing comma"))
    }

    @Test func aSecondWriterWaitsThenExits75() throws {
        try sample()
        let holder = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        try folder.write(Self.feed, to: "players.json")
        let started = Date()
        let result = try run(["import", "players.json", "--busy-timeout", "0.3"])
        #expect(result.status == 75)
        #expect(result.stderr == "Error: database is locked by another writer; try again later\n")
        #expect(Date().timeIntervalSince(started) >= 0.3)
        // Readers are not blocked by the writer (WAL).
        #expect(try run(["show", "1"]).status == 0)
        try holder.execute("ROLLBACK")
    }

    // MARK: - query and show

    @Test func queryPrintsAnAlignedTableWithAFooter() throws {
        try sample()
        let result = try run(["query", "--position", "FW", "--min-goals", "25", "--sort", "goals:desc"] + Self.asOf)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                ID  Name                Pos  Nationality  Club             Age   G   A
                ──  ──────────────────  ───  ───────────  ───────────────  ───  ──  ──
                19  Harry Kane          ST   England      Bayern Munich     32  36   8
                 3  Kylian Mbappé       ST   France       Real Madrid       27  31   7
                15  Mohamed Salah       RW   Egypt        Liverpool         34  29  18
                 4  Erling Haaland      ST   Norway       Manchester City   25  27   5
                18  Robert Lewandowski  ST   Poland       Barcelona         37  27   2

                Page 1 of 1 · 5 players

                """)
    }

    @Test func queryFormatsForScripts() throws {
        try sample()
        let json = try run(["query", "--name", "son", "--format", "json"] + Self.asOf)
        #expect(json.stdout == #"{"page":1,"per_page":20,"total":0,"pages":0,"players":[]}"# + "\n")
        let korean = try run(["query", "--name", "손흥", "--format", "ndjson"] + Self.asOf)
        #expect(
            korean.stdout
                == #"{"id":5,"ref":null,"name":"손흥민","position":"LW","goals":17,"assists":10,"nationality":"South Korea","club":"Los Angeles FC","birth_date":"1992-07-08","age":33,"image":"son-heung-min.png"}"#
                + "\n")
        let csv = try run(["query", "--nationality", "argentina", "--format", "csv", "--sort", "id"] + Self.asOf)
        #expect(
            csv.stdout == """
                id,ref,name,position,goals,assists,nationality,club,birth_date,age,image
                1,,Lionel Messi,RW,20,15,Argentina,Inter Miami,1987-06-24,39,lionel-messi.png
                16,,Ángel Di María,RW,9,8,Argentina,Rosario Central,1988-02-14,38,angel-di-maria.png

                """)
        let empty = try run(["query", "--page", "9"])
        #expect(empty.stdout == "No players on page 9 (28 players, 2 pages).\n")
    }

    @Test func showFindsOnePlayerByIdOrName() throws {
        try sample()
        let byName = try run(["show", "kylian mbappe"] + Self.asOf)
        #expect(byName.status == 0)
        #expect(
            byName.stdout == """
                Kylian Mbappé
                =============

                ID:                 3
                Ref:                unknown
                Position:           ST (Striker)
                Nationality:        France
                Club:               Real Madrid
                Born:               1998-12-20 (age 27)
                Goals:              31
                Assists:            7
                Goal contributions: 38
                Image:              kylian-mbappe.png

                """)
        let json = try run(["show", "1", "--format", "json"] + Self.asOf)
        #expect(
            json.stdout
                == #"{"id":1,"ref":null,"name":"Lionel Messi","position":"RW","goals":20,"assists":15,"nationality":"Argentina","club":"Inter Miami","birth_date":"1987-06-24","age":39,"image":"lionel-messi.png"}"#
                + "\n")
        let missing = try run(["show", "Pele"])
        #expect(missing.status == 1)
        #expect(missing.stdout == "")
        #expect(missing.stderr == "Error: no player matches 'Pele'\n")
    }

    @Test func showListsPlayersWhoShareAName() throws {
        try folder.write(
            #"[{"id": 7, "name": "Alex Scott", "position": "CB", "birth_date": "1984-10-14"}, {"id": 9, "name": "Alex Scott", "position": "LB", "birth_date": "1984-10-14"}]"#,
            to: "scott.json")
        try run(["import", "scott.json"])
        let result = try run(["show", "ALEX SCOTT"])
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                Error: 'ALEX SCOTT' matches 2 players; give an id
                  7  Alex Scott  CB  born 1984-10-14
                  9  Alex Scott  LB  born 1984-10-14
                Give one of these ids instead of the name.

                """)
    }

    // MARK: - export

    @Test(arguments: ["json", "ndjson", "csv"])
    func exportThenImportReproducesTheRosterExactly(format: String) throws {
        try sample()
        try folder.write(
            #"[{"id": 900, "name": " Odd, \"Quoted\"\nName ", "position": "SS", "nationality": null, "image": "a,b.png"}]"#,
            to: "odd.json")
        // The name is trimmed on import; the newline inside stays and is a control character, so it is refused.
        #expect(try run(["import", "odd.json"]).status == 65)
        try folder.write(
            #"[{"id": 900, "name": "Odd, \"Quoted\" Name", "position": "SS", "nationality": null, "image": "a,b.png"}]"#,
            to: "odd.json")
        #expect(try run(["import", "odd.json"]).status == 0)
        let exported = try run(["export", "--format", format, "--output", "roster.\(format)"])
        #expect(exported.status == 0)
        #expect(exported.stdout == "")
        let copy = try RosterProcess.run(
            ["--db", "copy.db", "import", "roster.\(format)"], in: folder.url)
        #expect(copy.status == 0, "\(copy.stderr)")
        let original = try run(["export", "--format", "ndjson"]).stdout
        let reproduced = try RosterProcess.run(["--db", "copy.db", "export", "--format", "ndjson"], in: folder.url)
            .stdout
        #expect(original == reproduced)
        #expect(original.split(separator: "\n").count == 29)
        #expect(
            original.contains(
                #"{"id":900,"ref":null,"name":"Odd, \"Quoted\" Name","position":"SS","goals":0,"assists":0,"nationality":null,"club":null,"birth_date":null,"image":"a,b.png"}"#
            ))
    }

    @Test func aFailedExportLeavesNoFile() throws {
        try sample()
        let result = try run(["export", "--output", "no/such/folder/roster.json"])
        #expect(result.status == 74)
        #expect(result.stderr == "Error: cannot write no/such/folder/roster.json: No such file or directory\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
                == ["roster.db", "roster.db-shm", "roster.db-wal"].filter {
                    FileManager.default.fileExists(atPath: folder.path($0))
                })
    }
}
