import RosterModel
import Testing

@testable import RosterFormats

/// How `--map` and `--map-file` are read, and what a mapping makes of a provider's records.
struct RecordMappingTests {
    /// A map file's lines as `field source` texts, or the reason it is refused.
    private func sources(_ text: String) -> [String] {
        switch RecordMapping.sources(fromFile: text) {
        case .success(let sources): sources.map { "\($0.0.name) \(Self.describe($0.1))" }
        case .failure(let refused): ["refused: \(refused.reason)"]
        }
    }

    /// `code`, or `{first}·' '·{last}` for a template, or `nothing`.
    private static func describe(_ source: RecordMapping.Source) -> String {
        switch source {
        case .column(let name): name
        case .nothing: "nothing"
        case .template(let pieces):
            pieces.map { piece in
                switch piece {
                case .column(let name): "{\(name)}"
                case .text(let text): "'\(text)'"
                }
            }.joined(separator: "·")
        }
    }

    private static let expected = ["name {first}·' '·{last}", "ref code"]

    /// A file saved on Windows was one line (CRLF is one `Character`, which a split at "\n" never finds), and a
    /// byte order mark became part of the first field's name.
    @Test(arguments: [
        "name={first} {last}\nref=code\n", "name={first} {last}\r\nref=code\r\n", "name={first} {last}\rref=code",
        "\u{FEFF}name={first} {last}\nref=code", "\u{FEFF}name={first} {last}\r\n\r\n# keys\r\nref=code\r\n",
    ])
    func linesEndWithLFCRLFOrCRAndAByteOrderMarkMayStartTheFile(text: String) {
        #expect(sources(text) == Self.expected)
    }

    /// `# …` after a value was read as part of it: a template wrote it into every name.
    @Test func aCommentMayFollowAValue() {
        #expect(sources("name={first} {last}  # the full name\nref=code\t# the provider's key") == Self.expected)
        // Not after white space, or inside braces, `#` is part of a name.
        #expect(sources("ref=No#") == ["ref No#"])
        #expect(sources("ref={Shirt #}\nid=  # ignored") == ["ref {Shirt #}", "id nothing"])
    }

    /// A source in quotes, as a shell would take it, had its quotes written into every value.
    @Test func aQuotedSourceIsRefused() {
        for line in [#"name="{first} {last}""#, "ref = 'code'"] {
            #expect(
                sources("id=\n" + line)
                    == ["refused: line 2: the source is in quotes; write it without them, as it is meant."])
        }
        #expect(sources(#"ref=a "b" c"#) == [#"ref a "b" c"#])
        #expect(sources("ref=\"") == ["ref \""])
    }

    @Test func aFieldMappedTwiceNamesBothLines() {
        #expect(sources("name=a\n# x\nref=b\nNAME = c") == ["refused: line 4: name is mapped on line 1 already."])
    }

    @Test func aControlCharacterIsRefusedNamingItsLine() {
        #expect(
            sources("ref=code\nname={a}\u{1B}[2J{b}") == ["refused: line 2: it holds the control character U+001B."])
        #expect(sources("ref=co\u{FEFF}de") == ["refused: line 1: it holds the control character U+FEFF."])
        guard case .failure(let refused) = RecordMapping.source(from: "name={first}\t{last}") else {
            Issue.record("a tab in a template was taken")
            return
        }
        #expect(refused.reason == "it holds the control character U+0009.")
    }

    /// Columns a template reads were listed as '' (and the fields the mapping gives as columns of the header).
    @Test func theHeaderProblemListsTheHeadersOwnColumns() throws {
        var mapping = RecordMapping()
        for text in ["name={first} {last}", "ref=code"] {
            let (field, source) = try RecordMapping.source(from: text).get()
            mapping.sources[field] = source
        }
        #expect(
            mapping.headerProblem(["first", "last", "code", "Pos"])
                == "the header has no column 'position', which every record needs (its columns: 'first', 'last', "
                + "'code', 'Pos')")
        #expect(mapping.headerProblem(["first", "last", "code", "position", "name", "ref"]) == nil)
        #expect(
            mapping.headerProblem(["first", "last", "Position", "position "])
                == "columns 3 ('Position') and 4 ('position ') both mean position")
    }

    @Test func aProvidersColumnsSuggestTheMapThatTakesThem() throws {
        let fpl = [
            "id", "code", "first_name", "second_name", "web_name", "element_type", "team", "goals_scored", "photo",
        ]
        #expect(
            RecordMapping().suggestions(for: fpl) == [
                "--map ref=code", "--map 'name={first_name} {second_name}'", "--map position=element_type",
                "--map goals=goals_scored", "--map image=photo",
            ])
        let squads = ["player_id", "family_name", "given_name", "position_name", "birth_date", "Team_Name"]
        #expect(
            RecordMapping().suggestions(for: squads) == [
                "--map ref=player_id", "--map 'name={given_name} {family_name}'", "--map position=position_name",
                "--map club=Team_Name",
            ])
        // Fields mapped already, and columns a mapping reads, are not suggested again.
        var mapping = RecordMapping()
        mapping.sources[.name] = try RecordMapping.source(from: "name=web_name").get().1
        mapping.sources[.ref] = try RecordMapping.source(from: "ref=element_type").get().1
        #expect(mapping.suggestions(for: fpl) == ["--map goals=goals_scored", "--map image=photo"])
        #expect(mapping.absentRequiredFields(fpl) == [.position])
        #expect(RecordMapping().suggestions(for: ["name", "position", "goals"]) == [])
        // In the header's spelling.
        #expect(
            RecordMapping().suggestions(for: ["first name", "Full_Name", "POS"]) == [
                "--map name=Full_Name", "--map position=POS",
            ])
    }

    /// A likely source that is no mapping would never be suggested.
    @Test(arguments: PlayerField.allCases)
    func everyLikelySourceIsAMappingOfItsField(field: PlayerField) throws {
        for likely in field.descriptor.likelySources {
            let (mapped, source) = try RecordMapping.source(from: "\(field.name)=\(likely)").get()
            #expect(mapped == field)
            #expect(!source.columns.isEmpty, "\(likely)")
        }
    }

    @Test func aVeryLongLineIsQuotedShort() {
        let refused = sources(String(repeating: "x", count: 100_000) + "=y")
        #expect(refused.count == 1 && refused[0].count < 300, "\(refused)")
        #expect(refused[0].hasPrefix("refused: line 1: unknown field 'xxxx"))
    }
}

/// A template's parts, read as any text is.
struct RecordMappingTemplateTests {
    private let location = SourceLocation(line: 1, column: 1)

    /// The name `name={first} {last}` makes of `first` and `last`, or the problem the validator reports.
    private func name(
        first: RawValue?, last: RawValue?, template: String = "{first} {last}", null: [String] = ["None"]
    ) throws -> String {
        var mapping = RecordMapping()
        let (field, source) = try RecordMapping.source(from: "name=\(template)").get()
        mapping.sources[field] = source
        mapping.nullTokens = null
        var fields = [RawField(name: "position", value: .string("GK"), location: location)]
        if let first {
            fields.append(RawField(name: "first", value: first, location: SourceLocation(line: 1, column: 9)))
        }
        if let last {
            fields.append(RawField(name: "last", value: last, location: SourceLocation(line: 1, column: 30)))
        }
        var validator = RecordValidator(latestBirthDate: CalendarDate(year: 2026, month: 1, day: 1)!, file: "f.json")
        switch validator.validate(mapping.apply(RawRecord(number: 1, location: location, fields: fields))) {
        case .valid(let player, _): return player.name
        case .invalid(let problems): return problems.map(\.description).joined(separator: "\n")
        }
    }

    /// An object, array or boolean was left out without a word ("Ann"): the record is invalid, naming the part.
    @Test(arguments: [
        (RawValue.object, "an object"), (.array, "an array"), (.bool(true), "a boolean (true)"),
        (.oversizedString(byteCount: 20_000), "longer than any field holds (a string of 20,000 bytes)"),
    ])
    func aPartThatIsNoTextMakesTheRecordInvalid(value: RawValue, what: String) throws {
        let problem = try name(first: .string("Ann"), last: value)
        let expected =
            what.hasPrefix("longer")
            ? "f.json:1:30: record 1: {first} {last}: the part {last} is \(what)"
            : "f.json:1:30: record 1: {first} {last}: the part {last} is \(what); a template joins text and numbers"
        #expect(problem == expected)
    }

    /// A part of zero-width spaces gave "Hal \u{200B}", and a tab inside a part became a space: a part follows the
    /// rules of any text.
    @Test(arguments: [
        ("\u{200B}", "has no visible character, only invisible ones (U+200B)"),
        ("Lee\tJr", "contains the control character U+0009"),
        ("Le\u{FEFF}e", "contains U+FEFF, a byte order mark, which belongs only at the start of a file"),
    ])
    func aPartIsReadAsAnyTextIs(last: String, message: String) throws {
        #expect(
            try name(first: .string("Hal"), last: .string(last))
                == "f.json:1:30: record 1: {first} {last}: the part {last} \(message)")
        #expect(
            try name(first: .string("Hal"), last: .cell(last))
                == "f.json:1:30: record 1: {first} {last}: the part {last} \(message)")
    }

    @Test func unknownPartsAreLeftOutWithTheSpaceAroundThem() throws {
        for unknown in [nil, RawValue.null, .string(""), .cell("  "), .string("\u{3000}"), .string("none")] {
            #expect(try name(first: unknown, last: .string("Pelé")) == "Pelé", "\(String(describing: unknown))")
            #expect(try name(first: .string("Pelé"), last: unknown) == "Pelé")
        }
        #expect(try name(first: .null, last: .null).hasSuffix("name: is required"))
        #expect(try name(first: .string("A"), last: .null, template: "{first} {x}  {last}") == "A")
        #expect(try name(first: .string("A"), last: .string("C"), template: "{first} {x}  {last}") == "A C")
        #expect(try name(first: .null, last: .string("Lee"), template: "Dr. {first} {last}") == "Dr. Lee")
    }

    /// A part is trimmed as any text is, and nothing inside it changes (runs of spaces were made one).
    @Test func aPartKeepsItsOwnText() throws {
        #expect(try name(first: .string("  Mary  Ann "), last: .cell("Lee\u{3000}Jr ")) == "Mary  Ann Lee\u{3000}Jr")
        #expect(try name(first: .string("A"), last: .string("B"), template: "{first}  {last}") == "A  B")
    }

    @Test func aNumberIsJoinedAsWritten() throws {
        #expect(try name(first: .string("Ida"), last: .number("10")) == "Ida 10")
        #expect(try name(first: .string("Ida"), last: .number("1e2")) == "Ida 1e2")
        #expect(try name(first: .string("Ida"), last: .number("0"), null: ["0"]) == "Ida")
    }
}

/// A key a mapping reads that the record gives twice: the first value was taken without a word, while a field the
/// record names twice makes it invalid.
struct RecordMappingRepeatedKeyTests {
    private let location = SourceLocation(line: 1, column: 1)

    private func problems(_ mapping: [String], _ fields: [(String, String)]) throws -> [String] {
        var rules = RecordMapping()
        for text in mapping {
            let (field, source) = try RecordMapping.source(from: text).get()
            rules.sources[field] = source
        }
        let raw = fields.enumerated().map { offset, field in
            RawField(name: field.0, value: .string(field.1), location: SourceLocation(line: 1, column: offset * 10 + 1))
        }
        var validator = RecordValidator(latestBirthDate: CalendarDate(year: 2026, month: 1, day: 1)!, file: "f.json")
        switch validator.validate(rules.apply(RawRecord(number: 1, location: location, fields: raw))) {
        case .valid: return []
        case .invalid(let problems): return problems.map(\.description)
        }
    }

    @Test func aColumnGivenTwiceIsRefusedAsAFieldGivenTwiceIs() throws {
        let found = try problems(["name=nm"], [("nm", "Carl"), ("nm", "Dora"), ("position", "ST")])
        #expect(found == ["f.json:1:1: record 1: nm: the field appears more than once in the record"])
    }

    @Test func aTemplatesPartGivenTwiceIsRefusedNamingIt() throws {
        let found = try problems(
            ["name={first} {last}"], [("first", "Carl"), ("first", "Dora"), ("last", "X"), ("position", "ST")])
        #expect(
            found == ["f.json:1:1: record 1: {first} {last}: the part {first} appears more than once in the record"])
    }
}
