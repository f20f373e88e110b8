import RosterFormats
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository
@testable import RosterService

@Suite struct ImportTests {
    let folder: TemporaryDirectory
    let roster: Roster
    let today = CalendarDate(year: 2026, month: 1, day: 15)!

    init() throws {
        folder = try TemporaryDirectory()
        roster = try Roster(path: folder.path("roster.db"), access: .write)
    }

    private func options(_ configure: (inout ImportOptions) -> Void = { _ in }) -> ImportOptions {
        var options = ImportOptions()
        options.latestBirthDate = today
        configure(&options)
        return options
    }

    private func importing(
        _ text: String, as name: String = "players.json",
        _ configure: (inout ImportOptions) -> Void = { _ in }
    ) throws -> ImportReport {
        let path = try folder.write(text, to: name)
        return try roster.importFiles([path], options: options(configure))
    }

    private func all() throws -> [Player] {
        var query = PlayerQuery(asOf: today)
        query.sort = [SortOrder(.id)]
        query.paging = .all
        var players: [Player] = []
        try roster.run(query, begin: { _ in }, row: { players.append($0) })
        return players
    }

    private static let three = """
        [
          {"id": 10, "name": "Lionel Messi", "position": "RW", "goals": 20, "assists": 15,
           "nationality": "Argentina", "birth_date": "1987-06-24", "image": "messi.png"},
          {"name": "Cristiano Ronaldo", "position": "Striker", "goals": 23, "assists": 12,
           "nationality": "Portugal", "birth_date": "1985-02-05"},
          {"name": "손흥민", "position": "lw", "nationality": null}
        ]
        """

    @Test func addsThenLeavesUnchangedThenUpdates() throws {
        let first = try importing(Self.three)
        #expect((first.records, first.added, first.updated, first.unchanged, first.removed) == (3, 3, 0, 0, 0))
        #expect(first.committed)
        let players = try all()
        #expect(players.map(\.id) == [10, 11, 12])
        #expect(
            players[0]
                == Player(
                    id: 10, name: "Lionel Messi", position: .rightWinger, goals: 20, assists: 15,
                    nationality: "Argentina", birthDate: CalendarDate(iso: "1987-06-24"),
                    image: "messi.png"))
        #expect(players[1].position == .striker)
        #expect(players[2] == Player(id: 12, name: "손흥민", position: .leftWinger))

        let again = try importing(Self.three)
        #expect((again.added, again.updated, again.unchanged) == (0, 0, 3))
        #expect(try all() == players)

        let changed = try importing(Self.three.replacingOccurrences(of: "\"goals\": 23", with: "\"goals\": 24"))
        #expect((changed.added, changed.updated, changed.unchanged) == (0, 1, 2))
        #expect(try all()[1].goals == 24)
    }

    @Test func readsTheOriginalAppFieldNames() throws {
        let report = try importing(
            #"[{"name": "Lionel Messi", "position": "RW", "goal": 20, "assist": 15, "age": "1987-06-24"}]"#)
        #expect(report.added == 1)
        #expect(
            try all()[0]
                == Player(
                    id: 1, name: "Lionel Messi", position: .rightWinger, goals: 20, assists: 15,
                    birthDate: CalendarDate(iso: "1987-06-24")))
    }

    @Test func readsNDJSONAndCSVWithEmptyCellsAsUnknown() throws {
        let ndjson = try importing(
            """
            {"name": "Erling Haaland", "position": "ST", "goals": 27}

            {"name": "Martin Ødegaard", "position": "AM", "birth_date": "1998-12-17"}
            """, as: "feed.ndjson")
        #expect(ndjson.added == 2)
        let csv = try importing(
            "\u{FEFF}name,position,goals,assists,nationality,birth_date,image\r\n"
                + "\"Kanté, N'Golo\",DM,2,,,1991-03-29,\r\n\"Luka \"\"Lukita\"\" Modrić\",CM,,6,Croatia,,\r\n",
            as: "feed.csv")
        #expect(csv.added == 2)
        let players = try all()
        #expect(
            players[2]
                == Player(
                    id: 3, name: "Kanté, N'Golo", position: .defensiveMidfielder, goals: 2,
                    birthDate: CalendarDate(iso: "1991-03-29")))
        #expect(
            players[3]
                == Player(
                    id: 4, name: "Luka \"Lukita\" Modrić", position: .centralMidfielder, assists: 6,
                    nationality: "Croatia"))
    }

    @Test(arguments: [
        (#"{"name": "A", "position": "ST", "goals": "20"}"#, "goals", "expected a whole number, got a string (\"20\")"),
        (#"{"name": "A", "position": "ST", "goals": 20.5}"#, "goals", "expected a whole number, got 20.5"),
        (#"{"name": "A", "position": "ST", "goals": 2e1}"#, "goals", "expected a whole number, got 2e1"),
        (#"{"name": "A", "position": "ST", "assists": -1}"#, "assists", "must not be negative, got -1"),
        (#"{"name": "A", "position": "ST", "assists": -0}"#, "assists", "must not be negative, got -0"),
        (#"{"name": "A", "position": "ST", "goals": 1000001}"#, "goals", "must be at most 1,000,000, got 1000001"),
        (#"{"name": "A", "position": "ST", "goals": 1e400}"#, "goals", "expected a whole number, got 1e400"),
        (#"{"name": "A", "position": "ST", "goals": true}"#, "goals", "expected a whole number, got a boolean (true)"),
        (#"{"id": 0, "name": "A", "position": "ST"}"#, "id", "expected a positive whole number, got 0"),
        (
            #"{"id": "7", "name": "A", "position": "ST"}"#, "id",
            "expected a positive whole number, got a string (\"7\")"
        ),
        (
            #"{"name": "A", "position": "ST", "birth_date": "2023-02-30"}"#, "birth_date",
            "\"2023-02-30\" is not a real date"
        ),
        (
            #"{"name": "A", "position": "ST", "birth_date": "24/06/1987"}"#, "birth_date",
            "expected a date written yyyy-MM-dd, got \"24/06/1987\""
        ),
        (
            #"{"name": "A", "position": "ST", "birth_date": "1990-01-02T00:00:00"}"#, "birth_date",
            "expected a date written yyyy-MM-dd, got \"1990-01-02T00:00:00\""
        ),
        (
            #"{"name": "A", "position": "ST", "birth_date": "2026-01-16"}"#, "birth_date",
            "\"2026-01-16\" is in the future"
        ),
        (
            #"{"name": "A", "position": "ST", "birth_date": "1849-12-31"}"#, "birth_date",
            "\"1849-12-31\" is before 1850-01-01"
        ),
        (
            #"{"name": "A", "position": "ST", "age": 36}"#, "age",
            "age holds the birth date (yyyy-MM-dd), not an age in years (got 36)"
        ),
        (#"{"name": "   ", "position": "ST"}"#, "name", "is empty or only white space"),
        (#"{"name": "", "position": "ST"}"#, "name", "is empty or only white space"),
        (#"{"name": "A", "position": " "}"#, "position", "is empty or only white space"),
        (#"{"name": 7.5, "position": "ST"}"#, "name", "expected a string, got a number (7.5)"),
        (#"{"name": "A", "position": "ST", "ref": 1e3}"#, "ref", "expected a string, got a number (1e3)"),
        (#"{"name": "A\u0007B", "position": "ST"}"#, "name", "contains the control character U+0007"),
        (
            #"{"name": "\ufeffA", "position": "ST"}"#, "name",
            "contains U+FEFF, a byte order mark, which belongs only at the start of a file"
        ),
        (
            #"{"name": "A", "position": "ST", "nationality": "\ufeff"}"#, "nationality",
            "contains U+FEFF, a byte order mark, which belongs only at the start of a file"
        ),
        (
            #"{"name": "A", "position": "wizard"}"#, "position",
            "unknown position \"wizard\"; accepted: GK, SW, CB, LB, RB, LWB, RWB, DF, DM, CM, AM, LM, RM, MF, LW, RW, SS, CF, ST, FW, or a synonym such as Striker, CDM or Defender"
        ),
        (
            #"{"name": "A", "position": "ST", "goals": 1, "goal": 1}"#, "goal",
            "the record names both goal and goals, which mean the same"
        ),
        (#"{"name": "A", "position": "ST", "nationality": ["x"]}"#, "nationality", "expected a string, got an array"),
        (
            #"{"name": "\u200b\u3164\u2800", "position": "ST"}"#, "name",
            "has no visible character, only invisible ones (U+200B, U+3164, U+2800)"
        ),
        (
            #"{"name": "A", "position": "ST", "nationality": "\u2063"}"#, "nationality",
            "has no visible character, only invisible ones (U+2063)"
        ),
        (
            #"{"id": 9007199254740992, "name": "A", "position": "ST"}"#, "id",
            "must be at most 9,007,199,254,740,991, got 9007199254740992"
        ),
    ])
    func invalidRecordsAreRefusedWithTheirFieldAndMessage(record: String, field: String, message: String) throws {
        let error = #expect(throws: ImportError.self) { try importing("[\(record)]") }
        let problems = try #require(error?.report?.problems)
        #expect(problems.count == 1)
        #expect(problems.first?.field == field)
        #expect(problems.first?.message == message)
        #expect(problems.first?.record == 1)
        #expect(problems.first?.location.line == 1)
        #expect(try roster.count() == 0)
    }

    @Test func aMissingNameOrPositionIsNamed() throws {
        let error = #expect(throws: ImportError.self) { try importing(#"[{"goals": 1}]"#) }
        #expect(
            error?.report?.problems.map { "\($0.field ?? "") \($0.message)" } == [
                "name is required", "position is required",
            ])
    }

    @Test func aNameOver200CharactersIsRefused() throws {
        let name = String(repeating: "é", count: 201)
        let error = #expect(throws: ImportError.self) { try importing(#"[{"name": "\#(name)", "position": "GK"}]"#) }
        #expect(error?.report?.problems.first?.message == "is longer than 200 characters (201)")
        #expect(try importing(#"[{"name": "\#(String(name.dropFirst()))", "position": "GK"}]"#).added == 1)
    }

    @Test func problemsNameFileRecordLineAndColumn() throws {
        let error = #expect(throws: ImportError.self) {
            try importing(
                """
                [
                  {"name": "Good", "position": "GK"},
                  {"name": "Bad", "position": "GK",
                   "goals": "20"}
                ]
                """)
        }
        let problem = try #require(error?.report?.problems.first)
        #expect(
            problem.description.hasSuffix(
                #"players.json:4:13: record 2: goals: expected a whole number, got a string ("20")"#))
        #expect(
            error?.description
                == "nothing was imported: 1 of 2 records is invalid (use --skip-invalid to import the valid ones)")
    }

    @Test func aMalformedFileIsNoRecordAndIsNeverImportedInPart() throws {
        let path = folder.path("players.json")
        let trailing = #expect(throws: ImportError.self) {
            try importing(#"[{"name": "A", "position": "GK"}, {"name": "B", "position": "ST"},]"#) {
                $0.skipInvalid = true
            }
        }
        let report = try #require(trailing?.report)
        // The trailing comma belongs to no record: two records, both valid, and one problem of the file.
        #expect((report.records, report.rejectedRecords, report.problemCount) == (2, 0, 1))
        #expect(report.problems.first?.record == nil)
        #expect(
            report.problems.first?.message
                == "unexpected ',' after record 2, the last element of the array (trailing comma)")
        #expect(report.malformedFiles == [path])
        #expect(
            trailing?.description == "nothing was imported: \(path) is malformed and could not be read past the "
                + "problem above; fix the file and import it again")

        let empty = #expect(throws: ImportError.self) { try importing("") }
        #expect((empty?.report?.records, empty?.report?.rejectedRecords) == (0, 0))

        let cut = #expect(throws: ImportError.self) { try importing(#"[{"name": "A", "position": "GK"}, {"name": "B"#) }
        #expect((cut?.report?.records, cut?.report?.rejectedRecords) == (2, 1))
        #expect(cut?.report?.problems.first?.record == 2)
        #expect(try roster.count() == 0)
    }

    @Test func aCSVHeaderWithoutNameOrPositionIsAUsageErrorListingItsColumnsAndAMapping() throws {
        let error = #expect(throws: ImportError.self) {
            try importing(
                "Player,Role,Team_Name\nLionel Messi,RW,Inter Miami\nKylian Mbappé,ST,Real Madrid\n", as: "feed.csv")
        }
        #expect(error?.category == .usage)
        #expect(
            error?.description
                == "nothing was imported: \(folder.path("feed.csv")) has no columns 'name' and 'position', which every "
                + "record needs: it is in its provider's layout, not rosterdb's. Take the fields from its columns with "
                + "--map FIELD=COLUMN (see rosterdb import --help), such as --map name=Player --map position=Role "
                + "--map club=Team_Name. Its columns: 'Player', 'Role', 'Team_Name'")
        #expect(try roster.count() == 0)
        // A header alone, with the columns records need, is an empty feed, as `[]` is.
        #expect(try importing("name,position\n", as: "feed.csv").records == 0)
    }

    @Test func oneInvalidRecordWritesNothingAndSkipInvalidWritesTheRest() throws {
        let feed = """
            [{"name": "A", "position": "GK"}, {"name": "B", "position": "nope"}, {"name": "C", "position": "ST"}]
            """
        #expect(throws: ImportError.self) { try importing(feed) }
        #expect(try roster.count() == 0)
        let report = try importing(feed) { $0.skipInvalid = true }
        #expect((report.added, report.rejectedRecords, report.problemCount) == (2, 1, 1))
        #expect(try all().map(\.name) == ["A", "C"])
    }

    @Test func sameplayerFirstKeepsTheFirstRecordOfAPlayerAndCountsTheOthers() throws {
        let report = try importing(
            """
            [{"ref": "P-1", "name": "Pelé", "position": "FW", "club": "Brazil 1958"},
             {"name": "Alex Scott", "position": "CB", "birth_date": "1984-10-14"},
             {"ref": "P-1", "name": "Pelé", "position": "FW", "club": "Brazil 1970"},
             {"name": "alex scott", "position": "LB", "birth_date": "1984-10-14"},
             {"id": 1, "name": "Edson", "position": "FW"}, {"id": 1, "name": "Edson", "position": "ST"}]
            """
        ) { $0.samePlayer = .first }
        // A record with an id takes it from a player this import added without one (who moves), then holds it.
        #expect((report.records, report.added, report.samePlayerRecords, report.problemCount) == (6, 3, 3, 0))
        #expect(
            try all().map { "\($0.name) \($0.position.code) \($0.club ?? "-")" } == [
                "Edson FW -", "Alex Scott CB -", "Pelé FW Brazil 1958",
            ])
    }

    /// The first record took the accent out of his name, which left its folded form as it was: the second still
    /// finds him (it was added as a second player).
    @Test func aPlayerRenamedByAnEarlierRecordIsStillFoundByName() throws {
        _ = try importing(
            #"[{"ref": "P-1", "name": "Gerd Müller", "position": "ST"}, {"name": "A", "position": "GK"}]"#)
        let error = #expect(throws: ImportError.self) {
            try importing(
                #"[{"name": "Gerd Muller", "position": "ST"}, {"name": "A", "position": "GK"}, {"name": "Gerd Muller", "position": "CF"}]"#
            )
        }
        #expect(error?.report?.problems.map(\.record) == [3])
        let report = try importing(
            #"[{"name": "Gerd Muller", "position": "ST"}, {"name": "Gerd Muller", "position": "CF"}]"#
        ) { $0.samePlayer = .first }
        #expect((report.added, report.updated, report.samePlayerRecords) == (0, 1, 1))
        #expect(try all().map(\.name) == ["Gerd Muller", "A"])
    }

    @Test func onlyUpdatesTheNamedFieldsItGivesAndNeverClearsTheOthers() throws {
        _ = try importing(
            #"[{"ref": "P-1", "name": "Gerd Müller", "position": "ST", "goals": 68, "nationality": "Germany", "club": "Bayern"}]"#
        )
        let partial = try importing(
            """
            [{"ref": "P-1", "name": "G. Muller", "birth_date": "1945-11-03", "club": null, "position": "GK"},
             {"ref": "P-2", "birth_date": "1950-01-01", "goals": 3},
             {"ref": "P-3", "name": "New One", "position": "CB", "club": "X", "birth_date": "1990-01-01"}]
            """
        ) { options in
            options.only = [.birthDate, .club, .goals]
            options.match = .ref
            options.skipInvalid = true
        }
        #expect((partial.updated, partial.added, partial.rejectedRecords) == (1, 1, 1))
        #expect(
            partial.problems.map(\.message) == [
                "no player in the roster has the ref 'P-2', and a new player needs a name and a position, which the "
                    + "record lacks (--only updates the players that exist)"
            ])
        let players = try all()
        // The birth date is new; the club the record leaves unknown and the goals it does not give are kept; the
        // name and position, not named, are kept too.
        #expect(
            players[0]
                == Player(
                    id: 1, ref: "P-1", name: "Gerd Müller", position: .striker, goals: 68, nationality: "Germany",
                    club: "Bayern", birthDate: CalendarDate(iso: "1945-11-03")))
        // A record that is no stored player is added whole.
        #expect(
            players[1]
                == Player(
                    id: 2, ref: "P-3", name: "New One", position: .centreBack, club: "X",
                    birthDate: CalendarDate(iso: "1990-01-01")))
    }

    @Test func matchByRefReadsNoIdAndMatchesNoName() throws {
        _ = try importing(
            #"[{"id": 5, "ref": "A", "name": "Ann", "position": "GK"}, {"name": "Bob", "position": "ST"}]"#)
        let report = try importing(
            #"[{"id": 6, "ref": "A", "name": "Ann", "position": "CB"}, {"ref": "B", "name": "Bob", "position": "ST"}, {"name": "Cy", "position": "ST"}]"#
        ) { options in
            options.match = .ref
            options.skipInvalid = true
        }
        #expect((report.updated, report.added, report.rejectedRecords) == (1, 1, 1))
        #expect(report.problems.map(\.message) == ["the record has no ref, by which --match ref finds players"])
        #expect(
            try all().map { "\($0.id!) \($0.ref ?? "-") \($0.name) \($0.position.code)" } == [
                "5 A Ann CB", "6 - Bob ST", "7 B Bob ST",
            ])
    }

    @Test func theSamePlayerTwiceIsInvalid() throws {
        let byID = #expect(throws: ImportError.self) {
            try importing(#"[{"id": 5, "name": "A", "position": "GK"}, {"id": 5, "name": "B", "position": "GK"}]"#)
        }
        #expect(byID?.report?.problems.first?.record == 2)
        #expect(
            byID?.report?.problems.first?.message
                == "the same player (id 5) is already in this import, in an earlier record (--same-player first keeps the first, last the last)"
        )
        let byName = #expect(throws: ImportError.self) {
            try importing(
                """
                [{"name": "Alex Scott", "position": "CB", "birth_date": "1984-10-14"},
                 {"name": "Alex Scott", "position": "LB", "birth_date": "1984-10-14"}]
                """)
        }
        #expect(byName?.report?.problems.map(\.record) == [2])
        #expect(
            byName?.report?.problems.first?.message
                == "a player with this name and birth date is already in this import, in an earlier record (--same-player first keeps the first, last the last)"
        )
        #expect(try roster.count() == 0)
    }

    @Test(arguments: [false, true])
    func whetherAnImportIsAcceptedDoesNotDependOnTheOrderOfItsRecords(reversed: Bool) throws {
        var records = [#"{"name": "Anna", "position": "GK"}"#, #"{"id": 1, "name": "Bert", "position": "ST"}"#]
        if reversed { records.reverse() }
        let report = try importing("[" + records.joined(separator: ",") + "]")
        #expect(report.added == 2)
        let players = try all()
        #expect(players.first { $0.name == "Bert" }?.id == 1)
        #expect(players.first { $0.name == "Anna" }?.id == 2)
        // Into a roster that holds players, the same.
        let more = try importing(#"[{"name": "Carl", "position": "GK"}, {"id": 3, "name": "Dora", "position": "ST"}]"#)
        #expect(more.added == 2)
        #expect(try all().map { "\($0.id!) \($0.name)" } == ["1 Bert", "2 Anna", "3 Dora", "4 Carl"])
    }

    @Test func newPlayersGetTheNextIdAndNeverOnePastTheLargestAllowed() throws {
        _ = try importing(#"[{"id": 9007199254740991, "name": "Last", "position": "GK"}]"#)
        #expect(throws: IDsExhausted.self) {
            try importing(#"[{"name": "Next", "position": "GK"}, {"name": "Then", "position": "GK"}]"#)
        }
        #expect(try all().map(\.id) == [9_007_199_254_740_991])
    }

    @Test func matchingWithoutIdIgnoresCaseAndAccentsOfTheName() throws {
        _ = try importing(#"[{"name": "Gerd Müller", "position": "ST", "birth_date": "1945-11-03", "goals": 68}]"#)
        let report = try importing(
            #"[{"name": "GERD MULLER", "position": "ST", "birth_date": "1945-11-03", "goals": 69}]"#)
        #expect((report.added, report.updated) == (0, 1))
        #expect(try all().map(\.name) == ["GERD MULLER"])
    }

    @Test func aRefMatchesBeforeTheNameAndBirthDate() throws {
        _ = try importing(#"[{"ref": "P-1", "name": "Gerd Müller", "position": "ST", "birth_date": "1945-11-03"}]"#)
        // Renamed in the feed, same ref: the same player.
        let renamed = try importing(
            #"[{"ref": "P-1", "name": "Der Bomber", "position": "ST", "birth_date": "1945-11-03"}]"#)
        #expect((renamed.added, renamed.updated) == (0, 1))
        // Same name and birth date, another ref: another player.
        let other = try importing(
            #"[{"ref": "P-2", "name": "Der Bomber", "position": "CF", "birth_date": "1945-11-03"}]"#)
        #expect(other.added == 1)
        #expect(try all().map(\.ref) == ["P-1", "P-2"])
        // Without a ref, the name and birth date now match two players.
        let error = #expect(throws: ImportError.self) {
            try importing(#"[{"name": "der bomber", "position": "ST", "birth_date": "1945-11-03"}]"#)
        }
        #expect(error?.report?.problems.first?.message.hasPrefix("matches 2 players") == true)
    }

    @Test func aProvidersNumericKeyIsItsDecimalText() throws {
        let report = try importing(
            #"[{"player_id": 4521, "name": "Gerd Müller", "position": "ST"}, {"player_id": -7, "name": 9, "position": "GK"}]"#
        ) { $0.mapping.sources[.ref] = .column("player_id") }
        #expect(report.added == 2)
        #expect(try all().map(\.ref) == ["4521", "-7"])
        #expect(try all().map(\.name) == ["Gerd Müller", "9"])
    }

    @Test func recordsInsideAnObjectWithNestedValuesAsAnAPIReturnsThem() throws {
        let response = """
            {"get": "players", "response": [
              {"player": {"id": 882, "name": "D. de Gea", "birth": {"date": "1990-11-07"}},
               "statistics": [{"games": {"position": "Goalkeeper"}, "goals": {"total": 0}}]},
              {"player": {"id": 909, "name": "M. Rashford", "birth": {"date": "1997-10-31"}},
               "statistics": [{"games": {"position": "Attacker"}, "goals": {"total": 17}}]}
            ], "paging": {"current": 1}}
            """
        // Named .ndjson, starting with '{': read as JSON all the same, since the records are at a path.
        let report = try importing(response, as: "players.ndjson") { options in
            options.records = ["response"]
            for map in [
                "ref=player.id", "name=player.name", "birth_date=player.birth.date",
                "position=statistics.0.games.position", "goals=statistics.0.goals.total",
            ] {
                let (field, source) = try! RecordMapping.source(from: map).get()
                options.mapping.sources[field] = source
            }
            options.mapping.valueMaps[.position] = ["Attacker": "FW"]
        }
        #expect(report.added == 2)
        #expect(report.unknownFields == [])
        #expect(
            try all().map {
                "\($0.ref ?? "") \($0.name) \($0.position.code) \($0.goals) \($0.birthDate?.description ?? "")"
            } == [
                "882 D. de Gea GK 0 1990-11-07", "909 M. Rashford FW 17 1997-10-31",
            ])
    }

    @Test func aRefNamesOnePlayer() throws {
        _ = try importing(
            #"[{"id": 1, "ref": "A", "name": "Alpha", "position": "GK"}, {"id": 2, "name": "Beta", "position": "GK"}]"#)
        let taken = #expect(throws: ImportError.self) {
            try importing(#"[{"id": 2, "ref": "A", "name": "Beta", "position": "GK"}]"#)
        }
        #expect(taken?.report?.problems.first?.message == "the ref 'A' belongs to another player (id 1)")
        let twice = #expect(throws: ImportError.self) {
            try importing(
                #"[{"ref": "A", "name": "Alpha", "position": "GK"}, {"ref": "A", "name": "Alpha", "position": "CB"}]"#)
        }
        #expect(
            twice?.report?.problems.first?.message
                == "the same player (ref 'A') is already in this import, in an earlier record (--same-player first keeps the first, last the last)"
        )
    }

    @Test func twoStoredPlayersWithOneNameAndBirthDateNeedAnId() throws {
        _ = try importing(
            """
            [{"id": 1, "name": "Alex Scott", "position": "CB", "birth_date": "1984-10-14"},
             {"id": 2, "name": "Alex Scott", "position": "LB", "birth_date": "1984-10-14"}]
            """)
        let error = #expect(throws: ImportError.self) {
            try importing(#"[{"name": "Alex Scott", "position": "CB", "birth_date": "1984-10-14", "goals": 3}]"#)
        }
        #expect(
            error?.report?.problems.first?.message
                == "matches 2 players with this name and birth date (ids 1, 2); give an id or a ref to say which")
        let report = try importing(
            #"[{"id": 2, "name": "Alex Scott", "position": "LB", "birth_date": "1984-10-14", "goals": 3}]"#)
        #expect(report.updated == 1)
    }

    @Test func aRecordWithoutIdUpdatesThePlayerWithItsNameAndBirthDate() throws {
        _ = try importing(Self.three)
        let report = try importing(
            #"[{"name": "Lionel Messi", "birth_date": "1987-06-24", "position": "RW", "goals": 21}]"#)
        #expect((report.added, report.updated) == (0, 1))
        #expect(try roster.player(id: 10)?.goals == 21)
        #expect(try roster.player(id: 10)?.image == nil)  // The record is the whole player: what it omits is unknown.
    }

    @Test func pruneRemovesAbsentPlayersWithinTheLimit() throws {
        let ten = (1...10).map { #"{"id": \#($0), "name": "P\#($0)", "position": "GK"}"# }
        _ = try importing("[" + ten.joined(separator: ",") + "]")
        let nine = "[" + ten.dropLast().joined(separator: ",") + "]"
        let dry = try importing(nine) {
            $0.prune = true
            $0.dryRun = true
        }
        #expect((dry.removed, dry.unchanged, dry.committed) == (1, 9, false))
        #expect(try roster.count() == 10)
        let report = try importing(nine) { $0.prune = true }
        #expect(report.removed == 1)
        #expect(try roster.count() == 9)
    }

    @Test func pruneRefusesToRemoveMoreThanTheLimit() throws {
        let ten = (1...10).map { #"{"id": \#($0), "name": "P\#($0)", "position": "GK"}"# }
        _ = try importing("[" + ten.joined(separator: ",") + "]")
        let error = #expect(throws: ImportError.self) {
            try importing("[" + ten.prefix(7).joined(separator: ",") + "]") { $0.prune = true }
        }
        #expect(error?.category == .pruneRefused)
        #expect(error?.description.contains("would remove 3 of 10 players (30%), more than --max-prune 20%") == true)
        #expect(error?.report?.status == .refusedPrune)
        #expect(
            error?.report?.prune
                == PruneOutcome(
                    requested: true, performed: false, wouldRemove: 3, rosterBefore: 10, limitPercent: 20,
                    skippedReason: .overLimit))
        #expect(try roster.count() == 10)
        #expect(throws: ImportError.self) { try importing("[]") { $0.prune = true } }
        #expect(try roster.count() == 10)
        let allowed = try importing("[" + ten.prefix(7).joined(separator: ",") + "]") {
            $0.prune = true
            $0.maxPrunePercent = 30
        }
        #expect(allowed.removed == 3)
    }

    @Test func skippedRowsAreNoRecordsAndLeavePruneWhole() throws {
        _ = try importing(#"[{"name": "A", "position": "GK"}, {"name": "B", "position": "ST"}]"#)
        let report = try importing(
            #"[{"name": "A", "position": "GK", "type": 1}, {"name": "Coach", "position": "none", "type": 5}]"#
        ) { options in
            options.mapping.rowFilters = [try! RowFilter.parse("type=5", keepsMatches: false).get()]
            options.prune = true
            options.maxPrunePercent = 50
        }
        #expect((report.records, report.skippedRecords, report.rejectedRecords, report.unchanged) == (1, 1, 0, 1))
        #expect((report.prune.performed, report.removed) == (true, 1))
        #expect(try all().map(\.name) == ["A"])
    }

    @Test func pruneIsSkippedWhenRecordsWereRejected() throws {
        _ = try importing(#"[{"id": 1, "name": "A", "position": "GK"}, {"id": 2, "name": "B", "position": "GK"}]"#)
        let report = try importing(
            #"[{"id": 1, "name": "A", "position": "GK"}, {"id": 3, "name": "", "position": "GK"}]"#
        ) {
            $0.prune = true
            $0.skipInvalid = true
            $0.maxPrunePercent = 100
        }
        #expect(report.removed == 0)
        #expect(report.prune.skippedReason == .rejectedRecords)
        #expect((report.prune.requested, report.prune.performed, report.prune.wouldRemove) == (true, false, 1))
        #expect(try roster.count() == 2)
    }

    @Test func dryRunWritesNothing() throws {
        let report = try importing(Self.three) { $0.dryRun = true }
        #expect((report.added, report.committed, report.dryRun) == (3, false, true))
        #expect(try roster.count() == 0)
    }

    @Test func severalFilesAreOneTransaction() throws {
        let good = try folder.write(#"[{"name": "A", "position": "GK"}]"#, to: "good.json")
        let bad = try folder.write(#"[{"name": "B", "position": "??"}]"#, to: "bad.json")
        let error = #expect(throws: ImportError.self) { try roster.importFiles([good, bad], options: options()) }
        #expect(error?.report?.problems.first?.file == bad)
        #expect(try roster.count() == 0)
        let missing = #expect(throws: ImportError.self) {
            try roster.importFiles([good, folder.path("missing.json")], options: options())
        }
        #expect(missing?.category == .unreadableInput)
        #expect(try roster.count() == 0)
    }

    @Test func unknownFieldsAreNamedOnce() throws {
        let report = try importing(
            #"[{"name": "A", "position": "GK", "kit": "X"}, {"name": "B", "position": "GK", "kit": "Y", "shirt": 9}]"#)
        #expect(report.unknownFields == ["kit", "shirt"])
    }

    /// Names are matched ignoring case and surrounding spaces: `shirt` and `shirt ` were listed as two fields, and a
    /// name's spaces were shown as part of it.
    @Test func unknownFieldsAreNamedOnceAsNamesAreMatched() throws {
        let report = try importing(
            #"[{"name": "A", "position": "GK", "shirt": 1, " kit": 2}, {"name": "B", "position": "GK", "shirt ": 9}, "#
                + #"{"name": "C", "position": "GK", "SHIRT": 3, "Kit ": 4}]"#)
        #expect(report.unknownFields == ["Kit", "SHIRT"])
        let csv = try importing("name,position, Notes ,notes\nA,GK,x,y\n", as: "feed.csv")
        #expect(csv.unknownFields == ["Notes"])
    }

    @Test func malformedJSONFailsEvenWithSkipInvalid() throws {
        let error = #expect(throws: ImportError.self) {
            try importing(#"[{"name": "A", "position": "GK"}, {"name": "B", "position": "GK",}]"#) {
                $0.skipInvalid = true
            }
        }
        #expect(error?.report?.problems.count == 1)
        #expect(try roster.count() == 0)
    }

    /// NDJSON lines and CSV rows are records of their own: one that cannot be read is an invalid record, which
    /// --skip-invalid skips. A file that cannot be read past a point is never imported in part.
    @Test func skipInvalidSkipsUnreadableLinesAndRowsButNeverReadsPastABrokenFile() throws {
        let ndjson = try importing(
            "{\"name\": \"A\", \"position\": \"GK\"}\n{\"name\": \"B\",\n{\"name\": \"C\", \"position\": \"GK\"}\n",
            as: "feed.ndjson"
        ) { $0.skipInvalid = true }
        #expect((ndjson.added, ndjson.rejectedRecords, ndjson.committed) == (2, 1, true))

        let csv = try importing("name,position\nD,GK\nE,GK,extra\nF,\"G\"K\nG,GK\n", as: "feed.csv") {
            $0.skipInvalid = true
        }
        #expect((csv.added, csv.rejectedRecords, csv.committed) == (2, 2, true))

        let unterminated = #expect(throws: ImportError.self) {
            try importing("name,position\nH,GK\n\"I,GK\nJ,GK\n", as: "broken.csv") { $0.skipInvalid = true }
        }
        #expect(unterminated?.report?.malformedFiles.isEmpty == false)
        let badHeader = #expect(throws: ImportError.self) {
            try importing("name,,position\nK,GK\n", as: "header.csv") { $0.skipInvalid = true }
        }
        #expect(badHeader?.report?.malformedFiles.isEmpty == false)
        #expect(try roster.count() == 4)
    }

    /// A record the roster refuses to take (another program's trigger) fails the import naming its file and record;
    /// nothing of it is written, and a trigger that skips the write silently is caught too.
    @Test(arguments: ["SELECT RAISE(ABORT, 'no strikers here')", "SELECT RAISE(IGNORE)"])
    func aRecordAnotherProgramsTriggerRefusesIsNamed(action: String) throws {
        _ = try importing(#"[{"id": 1, "name": "Lionel Messi", "position": "RW"}]"#)
        try RosterDatabase(path: folder.path("roster.db"), mode: .existing).connection.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON players WHEN new.position = 'ST' BEGIN \(action); END")
        let error = try #require(throws: ImportError.self) {
            try importing(
                """
                [{"name": "Kylian Mbappé", "position": "LW"},
                 {"name": "Erling Haaland", "position": "ST"}]
                """, as: "feed.json")
        }
        #expect(error.category == .failure)
        #expect(error.description.hasPrefix("nothing was imported: \(folder.path("feed.json")):2:2: record 2: "))
        #expect(try all().map(\.name) == ["Lionel Messi"])
    }
}
