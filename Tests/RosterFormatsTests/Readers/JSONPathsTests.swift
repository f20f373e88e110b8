import RosterFormats
import Testing

/// Records inside an object (`--records squad`) and values inside a record (`--map name=player.name`), as APIs
/// return them.
@Suite struct JSONPathsTests {
    /// Every record's fields, as `name=value` texts, or the error that ended the reading.
    private func read(
        _ text: String, records: [String] = [], reading columns: [String] = [], format: InputFormat = .json,
        bufferSize: Int? = nil
    ) -> [String] {
        var reader = makeRecordReader(
            format, source: ByteSource(bytes: Array(text.utf8), bufferSize: bufferSize),
            paths: JSONPaths(records: records, reading: columns))
        return readAll(&reader).map { outcome in
            switch outcome {
            case .record(let record):
                record.fields.map { "\($0.name)=\(Self.text($0.value))" }.joined(separator: " ")
            case .error(let error): "error \(error.location.line):\(error.location.column): \(error.message)"
            }
        }
    }

    private static func text(_ value: RawValue) -> String {
        switch value {
        case .string(let text), .number(let text), .cell(let text): text
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .array: "[array]"
        case .object: "{object}"
        default: "\(value)"
        }
    }

    /// football-data.org's team, with its squad.
    static let team = """
        {"id": 57, "name": "Arsenal FC", "area": {"name": "England"},
         "squad": [
          {"id": 7778, "name": "David Raya", "position": "Goalkeeper", "dateOfBirth": "1995-09-15",
           "nationality": "Spain"},
          {"id": 3174, "name": "Bukayo Saka", "position": "Right Winger", "dateOfBirth": "2001-09-05",
           "nationality": "England", "contract": {"start": "2023-07", "until": "2027-06"}}
         ],
         "staff": [{"id": 1, "name": "Mikel Arteta"}], "lastUpdated": "2024-08-30T16:00:00Z"}
        """

    @Test func recordsAreTheArrayAtThePathAndTheRestOfTheObjectIsChecked() {
        #expect(
            read(Self.team, records: ["squad"]) == [
                "id=7778 name=David Raya position=Goalkeeper dateOfBirth=1995-09-15 nationality=Spain",
                "id=3174 name=Bukayo Saka position=Right Winger dateOfBirth=2001-09-05 nationality=England "
                    + "contract={object}",
            ])
        // At any buffer size, the same.
        #expect(read(Self.team, records: ["squad"], bufferSize: 7) == read(Self.team, records: ["squad"]))
    }

    /// API-Football's players: the player and the statistics nested in each record.
    static let apiFootball = """
        {"get": "players", "parameters": {"team": "33"}, "errors": [], "results": 2,
         "response": [
          {"player": {"id": 882, "name": "D. de Gea", "firstname": "David", "birth": {"date": "1990-11-07"}},
           "statistics": [{"games": {"position": "Goalkeeper"}, "goals": {"total": 0, "assists": null}}]},
          {"player": {"id": 909, "name": "M. Rashford", "birth": {"date": "1997-10-31"}},
           "statistics": [{"games": {"position": "Attacker"}, "goals": {"total": 17, "assists": 5}},
                          {"goals": {"total": 1}}]}
         ],
         "paging": {"current": 1, "total": 1}}
        """

    @Test func valuesInsideARecordAreFieldsNamedByTheirPath() {
        #expect(
            read(
                Self.apiFootball, records: ["response"],
                reading: [
                    "player.name", "Player.Birth.Date", "statistics.0.games.position", "statistics.0.goals.total",
                ]
            ) == [
                "player.name=D. de Gea player.birth.date=1990-11-07 statistics.0.games.position=Goalkeeper "
                    + "statistics.0.goals.total=0",
                "player.name=M. Rashford player.birth.date=1997-10-31 statistics.0.games.position=Attacker "
                    + "statistics.0.goals.total=17",
            ])
    }

    @Test func nestedValuesComeFromNDJSONLinesToo() {
        #expect(
            read(
                #"{"player": {"name": "A", "x": [1, {"y": 2}]}, "n": 1}"# + "\n", reading: ["player.name"],
                format: .ndjson)
                == ["player.name=A n=1"])
    }

    @Test(arguments: [
        (
            #"{"team": 1}"#,
            "error 1:11: the object at the input has no key 'squad', where --records squad looks for the records"
        ),
        (#"{"squad": {"a": 1}}"#, "error 1:11: expected an array of player objects at 'squad', found '{'"),
        (#"[{"name": "A"}]"#, "error 1:1: expected an object at the input holding 'squad' (--records), found '['"),
        (#"{"squad": [], "x": 1,}"#, "error 1:21: unexpected ',' after the last field of an object (trailing comma)"),
        (#"{"squad": []} []"#, "error 1:15: unexpected '[' after the end of the array; only white space may follow it"),
    ])
    func aMissingOrWrongRecordsPathIsAnErrorAtItsPlace(input: String, expected: String) {
        #expect(read(input, records: ["squad"]) == [expected])
    }

    @Test func anObjectWithoutRecordsPathNamesItsArraysOrSaysNDJSON() {
        #expect(
            read(Self.team) == [
                "error 1:1: the input is a JSON object, not an array of player objects; if its records are the array "
                    + "at one of its keys ('squad', 'staff'), name it with --records, as in --records squad"
            ])
        let ndjson =
            "error 1:1: the input starts with a JSON object, as NDJSON (one JSON object a line) does, not "
            + "with an array of player objects; to read it as NDJSON, give --format ndjson"
        #expect(read(#"{"name": "A", "position": "ST"}"#) == [ndjson])
        #expect(read(#"{"squad": []}"# + "\n" + #"{"squad": []}"#) == [ndjson])
        #expect(
            read(#"{"squad": [], }"#) == [
                "error 1:13: unexpected ',' after the last field of an object (trailing comma)"
            ])
    }

    @Test func aDeeperRecordsPathAndKeysComparedAsFieldNamesAre() {
        #expect(
            read(
                #"{"meta": {"n": [1]}, "Data": {"x": {}, " players ": [{"name": "A"}]}}"#, records: ["data", "players"])
                == ["name=A"])
    }
}
