import CSQLite
import Foundation
import Glibc
import TestSupport
import Testing

@testable import RosterRepository

/// Providers' files imported as they come, with the command lines docs/feed-profiles.md gives, and what a nightly
/// script is told (DocumentationTests runs that page's commands word for word).
@Suite struct FeedImportTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        // The real files under the names the docs' recipes give them, and the profiles they name.
        for (fixture, name) in Self.feeds {
            try folder.write(
                bytes: FileBytes.read(Fixtures.directory.appendingPathComponent("feeds/\(fixture)").path)!, to: name)
        }
        let profiles = Fixtures.packageRoot.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("feeds"), withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: profiles.path) {
            try folder.write(bytes: FileBytes.read(profiles.appendingPathComponent(name).path)!, to: "feeds/\(name)")
        }
    }

    /// Each fixture of `Tests/Fixtures/feeds`, and the name the docs' recipes give the file.
    static let feeds = [
        ("fpl-2024-25-players_raw.csv", "players_raw.csv"), ("fpl-2024-25-teams.csv", "teams.csv"),
        ("worldcup-squads.csv", "squads.csv"), ("worldcup-players.csv", "players.csv"),
        ("football-data-team.json", "team.json"),
    ]

    @discardableResult
    private func run(_ arguments: [String], stdin: String = "") throws -> RosterProcess.Result {
        try RosterProcess.run(["--db", "roster.db"] + arguments, in: folder.url, stdin: Data(stdin.utf8))
    }

    /// The JSON object a command printed.
    private func object(_ result: RosterProcess.Result) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            "\(result.stdout)")
    }

    /// The command line of docs/feed-profiles.md for the Fantasy Premier League's players_raw.csv.
    private func fplArguments(_ file: String = "players_raw.csv") -> [String] {
        ["import", file, "--profile", "feeds/fpl-players.profile"]
    }

    // MARK: - The Fantasy Premier League's own file

    @Test func theFantasyPremierLeaguesFileImportsAsItComes() throws {
        let first = try run(fplArguments() + ["--report", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try object(first)
        #expect(report["status"] as? String == "committed")
        // The 20 managers (element_type 5) are no players: skipped, and the prune is whole.
        #expect(
            (report["added"] as? Int, report["rejected_records"] as? Int, report["skipped_records"] as? Int)
                == (784, 0, 20))
        #expect((report["prune"] as? [String: Any])?["skipped_reason"] is NSNull)
        #expect(first.stderr.contains("; 20 rows skipped by the row filters ("), "\(first.stderr)")
        #expect(!first.stderr.contains("element_type"), "\(first.stderr)")
        let saka = try run(["show", "Bukayo Saka", "--format", "json"])
        #expect(saka.stdout.contains(#""ref":"223340","name":"Bukayo Saka","position":"MF""#), "\(saka.stdout)")
        #expect(saka.stdout.contains(#""club":"Arsenal""#))
        let unknownBirth = try run(["query", "--name", "Fábio Ferreira Vieira", "--format", "ndjson"])
        #expect(unknownBirth.stdout.contains(#""birth_date":null"#))
        #expect(try run(["stats", "--by", "club", "--format", "json"]).stdout.contains(#""group":"Man City""#))

        // The same file again changes nothing.
        let again = try object(try run(fplArguments() + ["--report", "json"]))
        #expect((again["added"] as? Int, again["updated"] as? Int, again["unchanged"] as? Int) == (0, 0, 784))
    }

    @Test func theFirstNaiveImportOfAProvidersFileShowsItsColumnsAndTheMapThatTakesThem() throws {
        let result = try run(["import", "players_raw.csv"])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains(
                "players_raw.csv has no columns 'name' and 'position', which every record needs: it is in "
                    + "its provider's layout, not rosterdb's. Take the fields from its columns with --map FIELD=COLUMN "
                    + "(see rosterdb import --help), such as --map ref=code --map 'name={first_name} {second_name}' "
                    + "--map position=element_type --map goals=goals_scored --map image=photo. Its columns: 'assists', "
                    + "'birth_date', 'bonus',"),
            "\(result.stderr)")
        #expect(result.stderr.contains("'web_name', 'yellow_cards'\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("roster.db")))
    }

    @Test func aLookupFileIsReadFirstAndItsMistakesHaveTheirExitCodes() throws {
        // The profile, but for its lookup.
        let profile = try String(contentsOfFile: folder.path("feeds/fpl-players.profile"), encoding: .utf8)
        try folder.write(
            profile.split(separator: "\n").filter { !$0.hasPrefix("lookup") }.joined(separator: "\n"), to: "fpl.profile"
        )
        let arguments = ["import", "players_raw.csv", "--profile", "fpl.profile"]
        try folder.write("id,name\n1,Arsenal\n1,Aston Villa\n", to: "twice.csv")
        for (lookup, status, message) in [
            ("club=absent.csv:id:name", 66, "Error: cannot open absent.csv: No such file or directory"),
            (
                "club=teams.csv:id:title", 64,
                "Error: nothing was imported: --lookup club names 'title', which teams.csv does not have"
            ),
            (
                "club=twice.csv:id:name", 65,
                "Error: nothing was imported: twice.csv, a lookup, is no table of keys: record 2: id '1' is given "
                    + "twice, as 'Arsenal' and as 'Aston Villa'"
            ),
        ] {
            let result = try run(arguments + ["--lookup", lookup])
            #expect(result.status == Int32(status), "\(result.stderr)")
            #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("roster.db")))
        }
        // A code the lookup lacks is its record's problem.
        try folder.write("id,name\n1,Arsenal\n", to: "arsenal-only.csv")
        let result = try run(
            arguments + ["--lookup", "club=arsenal-only.csv:id:name"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("team: '2' is no id of arsenal-only.csv (--lookup club)"), "\(result.stderr)")
    }

    @Test func fivePlayersWhoChangedClubsAreExactlyFiveUpdates() throws {
        #expect(try run(fplArguments()).status == 0)
        // Tomorrow's feed: five players (team 1, Arsenal) moved to team 2 (Aston Villa).
        let text = try String(contentsOfFile: folder.path("players_raw.csv"), encoding: .utf8)
        // The provider ends its lines with CRLF, which Swift takes as one character.
        var lines = text.components(separatedBy: "\r\n")
        let header = lines[0].split(separator: ",").map(String.init)
        let team = try #require(header.firstIndex(of: "team"))
        var moved = 0
        for index in lines.indices.dropFirst() where moved < 5 {
            var cells = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == header.count, cells[team] == "1",
                cells[header.firstIndex(of: "element_type")!] != "5"
            else { continue }
            cells[team] = "2"
            lines[index] = cells.joined(separator: ",")
            moved += 1
        }
        try folder.write(lines.joined(separator: "\r\n"), to: "tomorrow.csv")
        let result = try run(fplArguments("tomorrow.csv") + ["--report", "json", "--changes", "changes.ndjson"])
        let report = try object(result)
        #expect((report["updated"] as? Int, report["unchanged"] as? Int) == (5, 779))
        let changes = try String(contentsOfFile: folder.path("changes.ndjson"), encoding: .utf8)
            .split(separator: "\n")
        #expect(changes.count == 5)
        #expect(
            changes.allSatisfy {
                $0.contains(#""change":"updated""#)
                    && $0.hasSuffix(
                        #""fields":{"club":["Arsenal","Aston Villa"]}}"#)
            })
    }

    // MARK: - The World Cup squads file

    /// The command line of docs/feed-profiles.md for the Fjelstul World Cup Database's squads.csv: a player is in the squad of every
    /// tournament he played; a mononym's given name is `not applicable`.
    static let worldCup = ["import", "squads.csv", "--profile", "feeds/worldcup-squads.profile"]

    @Test func theWholeWorldCupSquadsFileImportsOnePlayerOnce() throws {
        let result = try run(Self.worldCup + ["--report", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try object(result)
        #expect(
            (report["records"] as? Int, report["added"] as? Int, report["same_player_records"] as? Int)
                == (13_843, 10_401, 3_442))
        let mononym = try run(["show", "pele", "--format", "json"])
        #expect(mononym.stdout.contains(#""ref":"P-38906","name":"Pelé","position":"FW""#), "\(mononym.stdout)")
        #expect(mononym.stdout.contains(#""club":"Brazil""#))
        let keeper = try run(["show", "Gordon Banks", "--format", "json"])
        #expect(keeper.stdout.contains(#""position":"GK""#))
        #expect(try run(["query", "--position", "GK", "--format", "json"]).stdout.contains(#""total":1282,"#))
    }

    /// The enrichment of docs/feed-profiles.md: the birth dates of players.csv, by the provider's key, and nothing else.
    static let birthDates = ["import", "players.csv", "--profile", "feeds/worldcup-birth-dates.profile"]

    @Test func aSecondSourceEnrichesTheSquadsWithBirthDatesAndChangesNothingElse() throws {
        #expect(try run(Self.worldCup).status == 0)
        let dryRun = try run(Self.birthDates + ["--dry-run", "--changes", "changes.ndjson", "--report", "json"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        let report = try object(dryRun)
        #expect((report["updated"] as? Int, report["unchanged"] as? Int, report["added"] as? Int) == (10_323, 78, 0))
        let changes = try String(contentsOfFile: folder.path("changes.ndjson"), encoding: .utf8).split(separator: "\n")
        #expect(changes.count == 10_323)
        let onlyBirthDates = #/"fields":\{"birth_date":\[null,"\d{4}-\d{2}-\d{2}"\]\}\}$/#
        #expect(changes.allSatisfy { $0.contains(onlyBirthDates) })
        #expect(try run(Self.birthDates).status == 0)
        let pele = try run(["show", "Pelé", "--format", "json"])
        #expect(
            pele.stdout.contains(
                #""name":"Pelé","position":"FW","goals":0,"assists":0,"nationality":null,"club":"Brazil","birth_date":"1940-10-23""#
            ), "\(pele.stdout)")
        // A partial file is no snapshot; the id finds players and is no field to update.
        #expect(try run(Self.birthDates + ["--prune"]).status == 64)
        #expect(try run(["import", "players.csv", "--only", "id"]).stderr.contains("the id finds players"))
    }

    @Test func aPlayerWhoseNameLostItsAccentIsTheSamePlayerAndIsNotPruned() throws {
        #expect(try run(Self.worldCup).status == 0)
        // Tonight's feed spells him without the accent and has no key for him; with --prune.
        let text = try String(contentsOfFile: folder.path("squads.csv"), encoding: .utf8)
            .replacingOccurrences(of: "P-72441,Müller,Gerd", with: ",Muller,Gerd")
        try folder.write(text, to: "tonight.csv")
        var arguments = Self.worldCup
        arguments[1] = "tonight.csv"
        let result = try run(arguments + ["--prune", "--report", "json"])
        let report = try object(result)
        #expect((report["added"] as? Int, report["updated"] as? Int, report["removed"] as? Int) == (0, 1, 0))
        #expect(try run(["query", "--name", "gerd muller", "--format", "json"]).stdout.contains(#""total":1,"#))
    }

    // MARK: - Options

    @Test func aMappingThatNamesAMissingColumnIsAUsageErrorListingTheColumns() throws {
        let result = try run(["import", "squads.csv", "--map", "club=team", "--report", "json"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: nothing was imported: --map names 'team', which squads.csv "
                    + "does not have; its fields are 'key_id', 'tournament_id', 'tournament_name', 'team_id',"))
        #expect(try object(result)["status"] as? String == "refused_usage")
        let json = try run(
            ["import", "--format", "ndjson", "-", "--map", "ref=code"],
            stdin: #"{"name": "A", "position": "GK", "key": 1}"#)
        #expect(json.status == 64)
        #expect(
            json.stderr.contains(
                "--map names 'code', which - does not have; its fields are 'key', 'name', "
                    + "'position'"))
        // A refused first import creates no roster.
        #expect(!FileManager.default.fileExists(atPath: folder.path("roster.db")))
    }

    @Test func mapFilesDelimitersNullTokensAndDateFormats() throws {
        try folder.write(
            """
            # The columns of a semicolon feed
            name = {Vorname} {Nachname}
            position=Position
            birth_date=Geburtstag
            """, to: "map.txt")
        try folder.write(
            "Vorname;Nachname;Position;Geburtstag;Verein\nThomas;Müller;Sturm;1989-09-13T00:00:00Z;"
                + "N/A\nManuel;Neuer;Tor;N/A;FC Bayern\n", to: "kader.csv")
        let result = try run([
            "import", "kader.csv", "--map-file", "map.txt", "--delimiter", ";", "--null", "n/a",
            "--value-map", "position:Sturm=ST,Tor=GK", "--map", "club=Verein", "--date-format", "iso-datetime",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let csv = try run(["export", "--format", "csv"]).stdout
        #expect(csv.contains(",Thomas Müller,ST,0,0,,,1989-09-13,"))
        #expect(csv.contains(",Manuel Neuer,GK,0,0,,FC Bayern,,"))
        try folder.write("name\tposition\nTab Separated\tCB\n", to: "tabs.tsv")
        #expect(try run(["import", "tabs.tsv"]).status == 0)
        let wrong = try run(["import", "kader.csv", "--map-file", "map.txt", "--delimiter", ";", "--map", "name=x"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("The field 'name' is mapped more than once"))
        try folder.write("name=nothing\nbogus\n", to: "bad.txt")
        let bad = try run(["import", "kader.csv", "--map-file", "bad.txt"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("line 2: expected FIELD=SOURCE"))
    }

    /// A map file that cannot be read is an input that cannot be read (66, `unreadable_input`), as docs/exit-codes.md says;
    /// one whose line is no mapping is a usage error with its report (`refused_usage`), which was written and lost,
    /// as standard output was not flushed before the usage message.
    @Test func aMapFileThatCannotBeReadExits66AndABadLineIsReportedAsAUsageError() throws {
        try folder.write("name,position\nAnn,GK\n", to: "feed.csv")
        try folder.write("n\0a\0m\0e\0=\0x\0", to: "utf16.txt")
        for map in ["missing.txt", "utf16.txt", "."] {
            let result = try run(["import", "feed.csv", "--map-file", map, "--report", "json"])
            #expect(result.status == 66, "\(map): \(result.stderr)")
            #expect(try object(result)["status"] as? String == "unreadable_input")
            #expect(result.stderr.hasPrefix("Error: cannot read \(map): "))
        }
        try folder.write("ref=code\nbogus\n", to: "bad.txt")
        let bad = try run(["import", "feed.csv", "--map-file", "bad.txt", "--report", "json"])
        #expect(bad.status == 64)
        #expect(try object(bad)["status"] as? String == "refused_usage")
        #expect(bad.stderr.contains("line 2: expected FIELD=SOURCE"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("roster.db")))
    }

    /// Saved on Windows (CRLF, a byte order mark) it was one line, read as a template; a comment after a value
    /// became part of every name.
    @Test func aMapFileFromAnyEditorIsReadLineByLine() throws {
        try folder.write("Vorname,Nachname,Pos\nThomas,Müller,ST\n", to: "kader.csv")
        try folder.write(
            "\u{FEFF}# Kader\r\nname = {Vorname} {Nachname}   # the full name\r\nposition=Pos\r\n", to: "map.txt")
        let result = try run(["import", "kader.csv", "--map-file", "map.txt"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try run(["export", "--format", "csv"]).stdout.contains(",Thomas Müller,ST,"))

        // A control character is refused naming the line, and reaches the terminal as `?`.
        try folder.write("position=Pos\nname={Vorname}\u{1B}]0;owned\u{07}{Nachname}\n", to: "escape.txt")
        let escape = try run(["import", "kader.csv", "--map-file", "escape.txt"])
        #expect(escape.status == 64)
        #expect(escape.stderr.contains("line 2: it holds the control character U+001B."))
        let quoted = try run(["import", "kader.csv", "--map", "name={Vorname}\u{1B}]0;owned\u{07}{Nachname}"])
        #expect(quoted.status == 64)
        #expect(quoted.stderr.contains("'name={Vorname}?]0;owned?{Nachname}'"), "\(quoted.stderr)")
    }

    /// A template's part that was an object, an array or a boolean was left out without a word ("Ann"), and one of
    /// zero-width spaces gave "Hal \u{200B}": the record is invalid, the part named.
    @Test func aTemplatePartThatIsNoTextIsAProblemNamingIt() throws {
        let feed = [
            #"{"first": "Ann", "last": {"x": 1}, "pos": "GK"}"#, #"{"first": "Hal", "last": "\u200b", "pos": "GK"}"#,
            #"{"first": "Ida", "last": 10, "pos": "GK"}"#, #"{"first": "Pelé", "last": null, "pos": "FW"}"#,
        ].joined(separator: "\n")
        let arguments = ["import", "--format", "ndjson", "-", "--map", "name={first} {last}", "--map", "position=pos"]
        let refused = try run(arguments, stdin: feed)
        #expect(refused.status == 65)
        #expect(
            refused.stderr.hasPrefix(
                """
                -:1:26: record 1: {first} {last}: the part {last} is an object; a template joins text and numbers
                -:2:26: record 2: {first} {last}: the part {last} has no visible character, only invisible ones (U+200B)

                """), "\(refused.stderr)")
        #expect(try run(arguments + ["--skip-invalid"], stdin: feed).status == 0)
        #expect(try run(["export", "--format", "csv"]).stdout.contains(",Ida 10,GK,"))
        #expect(try run(["export", "--format", "csv"]).stdout.contains(",Pelé,FW,"))
    }

    /// A CSV cell and a JSON key quoted in a problem or in the summary reached the terminal with their escape
    /// sequences; the JSON report keeps them, escaped.
    @Test func problemsAndTheSummaryShowAFeedsControlCharactersAsQuestionMarks() throws {
        try folder.write("name,position,goals\nA,GK,\"1\u{1B}[2J\"\n", to: "feed.csv")
        let cell = try run(["import", "feed.csv", "--report", "json"])
        #expect(cell.status == 65)
        #expect(cell.stderr.hasPrefix("feed.csv:2:6: record 1: goals: expected a whole number, got '1?[2J'\n"))
        #expect(cell.stdout.contains(#""value":"1\u001b[2J""#), "\(cell.stdout)")
        let key = try run(
            ["import", "--format", "ndjson", "-"], stdin: #"{"name": "A", "position": "GK", "x\u001b]0;t\u0007": 1}"#)
        #expect(key.status == 0)
        #expect(key.stderr.hasSuffix("Ignored unknown fields: x?]0;t?\n"), "\(key.stderr)")
    }

    // MARK: - What a script is told

    @Test func everyOutcomeHasAStatusAndItsExitCode() throws {
        let ten = (1...10).map { #"{"id": \#($0), "name": "P\#($0)", "position": "GK"}"# }.joined(separator: "\n")
        #expect(try run(["import", "--format", "ndjson", "-"], stdin: ten).status == 0)

        let refusedPrune = try run(
            ["import", "--format", "ndjson", "-", "--prune", "--report", "json"],
            stdin: #"{"id": 1, "name": "P1", "position": "GK"}"#)
        #expect(refusedPrune.status == 3)
        let prune = try #require(try object(refusedPrune)["prune"] as? [String: Any])
        #expect(try object(refusedPrune)["status"] as? String == "refused_prune")
        #expect(prune["requested"] as? Bool == true && prune["performed"] as? Bool == false)
        #expect((prune["would_remove"] as? Int, prune["roster_before"] as? Int) == (9, 10))
        #expect(prune["skipped_reason"] as? String == "over_limit")

        let partial =
            ten.split(separator: "\n").prefix(9).joined(separator: "\n") + "\n{\"name\": \"\", \"position\": \"GK\"}"
        let skipped = try run(
            [
                "import", "--format", "ndjson", "-", "--prune", "--skip-invalid", "--quiet",
                "--report", "json",
            ], stdin: partial)
        #expect(skipped.status == 4)
        #expect(try object(skipped)["status"] as? String == "committed")
        #expect((try object(skipped)["prune"] as? [String: Any])?["skipped_reason"] as? String == "rejected_records")
        #expect(
            try run(
                [
                    "import", "--format", "ndjson", "-", "--prune", "--skip-invalid", "--quiet",
                    "--allow-partial-prune",
                ], stdin: partial
            ).status == 0)

        // Every problem, not the first fifty.
        let bad = (1...79).map { #"{"name": "B\#($0)", "position": "XX"}"# }.joined(separator: "\n")
        let invalid = try run(["import", "--format", "ndjson", "-", "--report", "json"], stdin: bad)
        #expect(invalid.status == 65)
        #expect(try object(invalid)["status"] as? String == "refused_invalid")
        #expect((try object(invalid)["rejected"] as? [Any])?.count == 79)
        #expect(invalid.stderr.contains("… and 29 more problems"))

        let malformed = try run(["import", "--format", "json", "-", "--report", "json"], stdin: "[{\"name\": ")
        #expect(try object(malformed)["status"] as? String == "refused_malformed")

        let missing = try run(["import", "no-such.json", "--report", "json"])
        #expect(missing.status == 66)
        #expect(try object(missing)["status"] as? String == "unreadable_input")

        let holder = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        let locked = try run(
            ["--busy-timeout", "0.2", "import", "--format", "ndjson", "-", "--report", "json"],
            stdin: ten)
        try holder.execute("ROLLBACK")
        #expect(locked.status == 75)
        #expect(try object(locked)["status"] as? String == "locked")
    }

    @Test func changesAreListedAfterTheCommitAndWouldBeChangesOnADryRun() throws {
        #expect(
            try run(
                ["import", "--format", "ndjson", "-"],
                stdin: #"{"id": 1, "name": "A", "position": "GK"}"#
                    + "\n" + #"{"id": 2, "name": "B", "position": "GK"}"#
            ).status == 0)
        let feed =
            #"{"id": 1, "ref": "r1", "name": "A", "position": "GK", "goals": 2}"# + "\n"
            + #"{"name": "C", "position": "ST"}"#
        let dry = try run(
            [
                "import", "--format", "ndjson", "-", "--prune", "--max-prune", "50", "--dry-run",
                "--changes", "-",
            ], stdin: feed)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout == """
                {"change":"updated","id":1,"ref":"r1","name":"A","fields":{"ref":[null,"r1"],"goals":[0,2]}}
                {"change":"added","id":3,"ref":null,"name":"C","fields":{"name":[null,"C"],"position":[null,"ST"],"goals":[null,0],"assists":[null,0]}}
                {"change":"removed","id":2,"ref":null,"name":"B","fields":{"name":["B",null],"position":["GK",null],"goals":[0,null],"assists":[0,null]}}

                """)
        #expect(try run(["query", "--format", "json"]).stdout.contains(#""total":2"#))
        let real = try run(
            ["import", "--format", "ndjson", "-", "--prune", "--max-prune", "50", "--changes", "-"],
            stdin: feed)
        #expect(real.stdout == dry.stdout)
        // A refused import lists nothing.
        let refused = try run(["import", "--format", "ndjson", "-", "--changes", "c.ndjson"], stdin: #"{"name": 5}"#)
        #expect(refused.status == 65)
        #expect(!FileManager.default.fileExists(atPath: folder.path("c.ndjson")))
    }

    /// `--same-player last`: each record of a player is written over the one before; the player still makes one
    /// change, from what it was before the import, and one line of the change list.
    @Test func samePlayerLastKeepsTheLastRecordAndOneChangeAPlayer() throws {
        try folder.write(
            #"[{"ref": "A", "name": "Ann", "position": "GK", "club": "X"}, {"ref": "B", "name": "Bob", "position": "ST", "club": "Y"}, {"ref": "C", "name": "Cy", "position": "CB"}]"#,
            to: "before.json")
        #expect(try run(["import", "before.json"]).status == 0)
        try folder.write(
            """
            {"ref": "A", "name": "Ann", "position": "GK", "club": "Z"}
            {"ref": "A", "name": "Ann", "position": "GK", "club": "W"}
            {"ref": "B", "name": "Bob", "position": "ST", "club": "Q"}
            {"ref": "B", "name": "Bob", "position": "ST", "club": "Y"}
            {"ref": "C", "name": "Cy", "position": "CB"}
            {"ref": "C", "name": "Cy", "position": "DF"}
            {"ref": "D", "name": "Di", "position": "MF", "club": "M"}
            {"ref": "D", "name": "Di", "position": "MF", "club": "N"}
            """, to: "tonight.ndjson")
        let result = try run(
            ["import", "tonight.ndjson", "--same-player", "last", "--changes", "changes.ndjson", "--report", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try object(result)
        #expect(
            ["records", "added", "updated", "unchanged", "same_player_records"].map { report[$0] as? Int }
                == [8, 1, 2, 1, 4])
        #expect(
            try String(contentsOfFile: folder.path("changes.ndjson"), encoding: .utf8) == """
                {"change":"updated","id":1,"ref":"A","name":"Ann","fields":{"club":["X","W"]}}
                {"change":"updated","id":3,"ref":"C","name":"Cy","fields":{"position":["CB","DF"]}}
                {"change":"added","id":4,"ref":"D","name":"Di","fields":{"ref":[null,"D"],"name":[null,"Di"],"position":[null,"MF"],"goals":[null,0],"assists":[null,0],"club":[null,"N"]}}

                """)
        let clubs = try run(["query", "--format", "csv", "--sort", "id"]).stdout
        #expect(clubs.contains("\n1,A,Ann,GK,0,0,,W,"), "\(clubs)")
        #expect(clubs.contains("\n2,B,Bob,ST,0,0,,Y,"), "\(clubs)")
    }

    /// Found by a hostile pass: a mapping's missing key was blamed for a file no record of which could be read, and
    /// a refused import's report said no prune was asked for.
    @Test func aFileWhoseRecordsCannotBeReadIsMalformedWhateverTheMappingSays() throws {
        try folder.write(#"[{"name": "K5", "position": "FW", "player_id": 00012}]"#, to: "k5.json")
        let result = try run(["import", "k5.json", "--map", "ref=player_id", "--report", "json"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("k5.json:1:48: record 1: leading zero in number '00012'"), "\(result.stderr)")
        try folder.write("name,position\nA,XX\n", to: "bad.csv")
        let refused = try object(try run(["import", "bad.csv", "--prune", "--report", "json"]))
        #expect(refused["status"] as? String == "refused_invalid")
        let prune = refused["prune"] as? [String: Any]
        #expect((prune?["requested"] as? Bool, prune?["limit_percent"] as? Double) == (true, 20))
        let both = try run(["import", "bad.csv", "--lookup", "club=teams.csv:id:name", "--value-map", "club:1=x"])
        #expect(both.stderr.hasPrefix("Error: '--lookup club' cannot be combined with '--value-map club'."))
    }

    // MARK: - Profiles and three nights

    @Test func aTeamAsFootballDataOrgReturnsItImportsWithItsProfile() throws {
        let result = try run([
            "import", "team.json", "--profile", "feeds/football-data-team.profile", "--report", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try object(result)["added"] as? Int == 7)
        let saka = try run(["show", "Bukayo Saka", "--format", "json"])
        #expect(
            saka.stdout.contains(
                #""ref":"7785","name":"Bukayo Saka","position":"FW","goals":0,"assists":0,"nationality":"England","club":null,"birth_date":"2001-09-05""#
            ), "\(saka.stdout)")
    }

    /// Three nights of the Fantasy Premier League through the nightly job and the profile: the first loads the
    /// league, the second moves five players and gives three a goal, the third sees four retire.
    @Test func threeNightsOfTheFantasyPremierLeagueThroughTheNightlyJob() throws {
        let script = Fixtures.packageRoot.appendingPathComponent("Scripts/examples/nightly-import.sh").path
        func night() throws -> (status: Int32, report: [String: Any], changes: [String]) {
            let result = try RosterProcess.run(
                [script, "players_raw.csv", "roster.db", "reports", "--profile", "feeds/fpl-players.profile"],
                in: folder.url, environment: ["ROSTERDB": RosterProcess.executable.path],
                executable: URL(fileURLWithPath: "/bin/bash"))
            let report = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: folder.url.appendingPathComponent("reports/last-good-report.json")))
                    as? [String: Any])
            let changes = try String(contentsOfFile: folder.path("reports/last-changes.ndjson"), encoding: .utf8)
            return (result.status, report, changes.split(separator: "\n").map(String.init))
        }
        func counts(_ report: [String: Any]) -> [Int?] {
            ["added", "updated", "removed", "skipped_records", "rejected_records"].map { report[$0] as? Int }
        }
        let first = try night()
        #expect(first.status == 0)
        #expect(counts(first.report) == [784, 0, 0, 20, 0])

        // The provider ends its lines with CRLF; rows whose cells hold commas are left alone.
        var lines = try String(contentsOfFile: folder.path("players_raw.csv"), encoding: .utf8)
            .components(separatedBy: "\r\n")
        let header = lines[0].split(separator: ",").map(String.init)
        let column = { (name: String) in header.firstIndex(of: name)! }
        var rows = lines.indices.dropFirst().filter {
            let cells = lines[$0].split(separator: ",", omittingEmptySubsequences: false)
            return cells.count == header.count && cells[column("element_type")] != "5" && cells[column("team")] == "1"
        }
        func change(_ row: Int, _ name: String, _ value: (String) -> String) {
            var cells = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            cells[column(name)] = value(cells[column(name)])
            lines[row] = cells.joined(separator: ",")
        }
        for row in rows.prefix(5) { change(row, "team") { _ in "2" } }
        for row in rows.dropFirst(5).prefix(3) { change(row, "goals_scored") { String(Int($0)! + 1) } }
        try folder.write(lines.joined(separator: "\r\n"), to: "players_raw.csv")
        let second = try night()
        #expect(second.status == 0)
        #expect(counts(second.report) == [0, 8, 0, 20, 0])
        #expect(second.changes.filter { $0.hasSuffix(#""fields":{"club":["Arsenal","Aston Villa"]}}"#) }.count == 5)
        #expect(second.changes.filter { $0.contains(#""fields":{"goals":["#) }.count == 3)

        rows = Array(rows.dropFirst(8).prefix(4))
        let retired = rows.map { row in
            lines[row].split(separator: ",", omittingEmptySubsequences: false)[column("code")]
        }
        lines = lines.indices.filter { !rows.contains($0) }.map { lines[$0] }
        try folder.write(lines.joined(separator: "\r\n"), to: "players_raw.csv")
        let third = try night()
        #expect(third.status == 0)
        #expect(counts(third.report) == [0, 0, 4, 20, 0])
        #expect(third.changes.count == 4)
        #expect(
            zip(third.changes, retired).allSatisfy {
                $0.hasPrefix(#"{"change":"removed""#) && $0.contains(#""ref":"\#($1)""#)
            })
    }

    @Test func theNightlyJobExampleKeepsTheLastGoodReportAndRetriesALockedRoster() throws {
        let script = Fixtures.packageRoot.appendingPathComponent("Scripts/examples/nightly-import.sh").path
        func nightly(_ feed: String, environment: [String: String] = [:]) throws -> RosterProcess.Result {
            var variables = ["ROSTERDB": RosterProcess.executable.path, "RETRY_SECONDS": "0.2"]
            variables.merge(environment) { $1 }
            return try RosterProcess.run(
                [script, feed, "roster.db", "reports"], in: folder.url, environment: variables,
                executable: URL(fileURLWithPath: "/bin/bash"))
        }
        try folder.write(#"{"id": 1, "name": "A", "position": "GK"}"# + "\n", to: "feed.ndjson")
        let good = try nightly("feed.ndjson")
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "nightly-import: committed; 1 players changed\n")
        #expect(FileManager.default.fileExists(atPath: folder.path("reports/last-good-report.json")))
        try folder.write("", to: "empty.ndjson")
        let empty = try nightly("empty.ndjson")
        #expect(empty.status == 3)
        #expect(empty.stderr.contains("FAILED with exit 3 (refused_prune)"))
        #expect(
            try String(contentsOfFile: folder.path("reports/last-changes.ndjson"), encoding: .utf8)
                .hasPrefix(#"{"change":"added","id":1"#))

        let holder = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READWRITE)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let locked = try nightly("feed.ndjson", environment: ["ATTEMPTS": "2", "BUSY_TIMEOUT": "0.2"])
        #expect(locked.status == 75)
        #expect(locked.stderr.contains("roster locked (attempt 1 of 2); retrying in 0.2 s"))
    }
}
