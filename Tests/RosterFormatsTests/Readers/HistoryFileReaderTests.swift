import RosterFormats
import RosterModel
import Testing

/// The reader of `export --history` files gives back the changes the feed's encoder wrote, and names the line of
/// anything else.
@Suite struct HistoryFileReaderTests {
    static let start = HistoryStart(time: "2026-12-01T22:00:00.000Z", firstNumber: 41, lastNumber: 44)

    static let entries = [
        HistoryEntry(
            number: 41, time: "2026-12-01T22:00:00.500Z", playerID: 7, kind: .added, ref: "P-7",
            name: "Ángel \"Fideo\"",
            fields: [
                FieldChange(.name, before: nil, after: .text("Ángel \"Fideo\"")),
                FieldChange(.position, before: nil, after: .position(.rightWinger)),
                FieldChange(.goals, before: nil, after: .integer(20)),
                FieldChange(.birthDate, before: nil, after: .date(CalendarDate(iso: "1988-02-14")!)),
            ], madeBy: "import players.json"),
        HistoryEntry(
            number: 42, time: "2026-12-02T22:00:00.250Z", playerID: 7, kind: .updated, ref: "P-7", name: "손흥민",
            fields: [
                FieldChange(.club, before: .text("Benfica"), after: nil),
                FieldChange(.name, before: .text("Ángel \"Fideo\""), after: .text("손흥민")),
            ], madeBy: nil),
        // Another program's value against the rules, kept as the text it is.
        HistoryEntry(
            number: 43, time: "2026-12-02T22:00:00.250Z", playerID: 7, kind: .updated, ref: "P-7", name: "손흥민",
            fields: [FieldChange(.position, before: .position(.rightWinger), after: .text("winger"))], madeBy: nil),
        HistoryEntry(
            number: 44, time: "2026-12-03T09:15:02.123Z", playerID: 7, kind: .removed, ref: "P-7", name: "손흥민",
            fields: [
                FieldChange(.name, before: .text("손흥민"), after: nil),
                FieldChange(.position, before: .text("winger"), after: nil),
            ], madeBy: "remove"),
    ]

    static func file(_ lines: [String]) -> String { lines.joined() }
    static let lines =
        [ChangeEncoding.startLine(start, highestID: 9, playersAtStart: 0)] + entries.map { ChangeEncoding.line($0) }

    /// Reads `text` to its end, or to its first problem.
    static func read(_ text: String, bufferSize: Int? = nil) throws -> (HistoryStart, [HistoryEntry]) {
        var reader = HistoryFileReader(source: ByteSource(bytes: Array(text.utf8), bufferSize: bufferSize))
        let start = try reader.readStart()
        var entries: [HistoryEntry] = []
        while let entry = try reader.next() { entries.append(entry) }
        return (start, entries)
    }

    /// What `read` refuses `text` for.
    static func problem(_ text: String) -> HistoryFileReader.Problem? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error as? HistoryFileReader.Problem
        }
    }

    @Test(arguments: [nil, 16, 37])
    func readsBackWhatTheFeedsEncoderWrote(bufferSize: Int?) throws {
        let (start, entries) = try Self.read(Self.file(Self.lines), bufferSize: bufferSize)
        #expect(start == Self.start)
        #expect(entries == Self.entries)
        #expect(entries.map(ChangeEncoding.line) == Array(Self.lines.dropFirst()))
    }

    @Test func anEmptyHistoryIsItsStartAlone() throws {
        let empty = HistoryStart(time: "2026-12-01T22:00:00.000Z", firstNumber: 1, lastNumber: 0)
        let (start, entries) = try Self.read(ChangeEncoding.startLine(empty, highestID: 0, playersAtStart: 0))
        #expect(start == empty)
        #expect(entries.isEmpty)
    }

    @Test func readsThePlayersTheHistoryStartsWithBeforeItsChanges() throws {
        let player = [
            FieldChange(.ref, before: nil, after: .text("P-3")), FieldChange(.name, before: nil, after: .text("Kaká")),
            FieldChange(.goals, before: nil, after: .integer(9)),
        ]
        let text = Self.file(
            [ChangeEncoding.startLine(Self.start, highestID: 12, playersAtStart: 2)]
                + [
                    ChangeEncoding.startPlayerLine(id: 3, fields: player),
                    ChangeEncoding.startPlayerLine(id: 5, fields: []),
                ]
                + Self.lines.dropFirst())
        var reader = HistoryFileReader(source: ByteSource(bytes: Array(text.utf8)))
        #expect(try reader.readStart() == Self.start)
        #expect(reader.highestID == 12)
        let first = try #require(try reader.nextStartPlayer())
        #expect(first.id == 3 && first.fields == player)
        #expect(try reader.nextStartPlayer().map(\.id) == 5)
        #expect(try reader.nextStartPlayer() == nil)
        var entries: [HistoryEntry] = []
        while let entry = try reader.next() { entries.append(entry) }
        #expect(entries == Self.entries)
        // Cut short among the players, or a change where a player should be: named.
        var short = HistoryFileReader(
            source: ByteSource(
                bytes: Array(
                    Self.file([
                        ChangeEncoding.startLine(Self.start, highestID: 12, playersAtStart: 2), Self.lines[1],
                    ]).utf8)))
        _ = try short.readStart()
        #expect(throws: HistoryFileReader.Problem.self) { try short.nextStartPlayer() }
        // A first line written before the largest id and the players at the start were: 0 of each.
        var older = HistoryFileReader(
            source: ByteSource(
                bytes: Array(
                    (#"{"history_since":"2026-12-01T22:00:00.000Z","first_change":1,"last_change":0}"# + "\n").utf8)))
        _ = try older.readStart()
        #expect(older.highestID == 0)
        #expect(try older.nextStartPlayer() == nil)
        #expect(try older.next() == nil)
    }

    @Test func namesTheLineOfWhatIsWrong() {
        let lines = Self.lines
        let cases: [(text: String, line: Int, message: String)] = [
            ("", 1, "the file is empty"),
            (Self.file(Array(lines.dropFirst())), 1, "the first line must be the history's start"),
            (#"{"history_since":"yesterday","first_change":1,"last_change":0}"# + "\n", 1, "must be a time"),
            (Self.file([lines[0], lines[1], lines[3]]), 3, "change 43 comes where change 42 should"),
            (Self.file(Array(lines.prefix(4))), 5, "the file ends before change 44"),
            (Self.file(lines + [lines[4]]), 6, "change 44 comes after change 44, the last one the first line names"),
            (Self.file([lines[0], "{\"number\":41,\n"]), 2, "found the end of the line"),
            (
                Self.file([lines[0], lines[1].replacingOccurrences(of: "\"added\"", with: "\"moved\"")]), 2,
                "\"change\" must be \"added\", \"updated\" or \"removed\""
            ),
            (
                Self.file([lines[0], lines[1].replacingOccurrences(of: "\"number\":41,", with: "")]), 2,
                "a change needs \"number\""
            ),
            (
                Self.file([lines[0], lines[1].replacingOccurrences(of: "\"made_by\"", with: "\"maker\"")]), 2,
                "unexpected key \"maker\""
            ),
            (
                Self.file([lines[0], lines[1].replacingOccurrences(of: "\"goals\":[null,20]", with: "\"goals\":20")]),
                2,
                "\"fields\".\"goals\" must be [before, after]"
            ),
            (
                Self.file([
                    lines[0], lines[1].replacingOccurrences(of: "\"goals\":[null,20]", with: "\"goals\":[1,20]"),
                ]), 2,
                "an added player has no value before: goals has one"
            ),
            (
                Self.file([lines[0], lines[1].replacingOccurrences(of: "\"number\":41", with: "\"number\":41.0")]), 2,
                "\"number\" must be a whole number"
            ),
            // What `fields` holds besides the player's fields, or a third value, is refused, not skipped.
            (
                Self.file([
                    lines[0], lines[1].replacingOccurrences(of: "\"goals\":[null,20]", with: "\"goalz\":[null,20]"),
                ]), 2,
                "unexpected key \"fields.goalz\""
            ),
            (
                Self.file([
                    lines[0], lines[1].replacingOccurrences(of: "\"goals\":[null,20]", with: "\"id\":[null,20]"),
                ]), 2,
                "unexpected key \"fields.id\""
            ),
            (
                Self.file([
                    lines[0], lines[1].replacingOccurrences(of: "\"goals\":[null,20]", with: "\"goals\":[null,20,21]"),
                ]), 2,
                "\"fields\".\"goals\" must be [before, after]"
            ),
            (
                Self.file([
                    lines[0],
                    lines[1].replacingOccurrences(
                        of: "\"import players.json\"", with: "\"" + String(repeating: "x", count: 20_000) + "\""),
                ]), 2,
                "\"made_by\" must be text or null, not a string of 20,000 bytes"
            ),
        ]
        for (text, line, message) in cases {
            let problem = Self.problem(text)
            #expect(problem?.line == line, "\(message): \(String(describing: problem))")
            #expect(problem?.message.contains(message) == true, "\(message): \(String(describing: problem))")
        }
    }
}
