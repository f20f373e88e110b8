import RosterFormats
import RosterModel
import Testing

/// Whole numbers and text as the validator reads them from a record's bytes: every edge a feed can write.
struct RecordValidatorTests {
    private func validate(goals: RawValue, name: RawValue = .string("Son Heung-min")) -> RecordValidator.Validated {
        var validator = RecordValidator(latestBirthDate: CalendarDate(year: 2026, month: 12, day: 1)!, file: "f.json")
        let location = SourceLocation(line: 1, column: 1)
        return validator.validate(
            RawRecord(
                number: 1, location: location,
                fields: [
                    RawField(name: "name", value: name, location: location),
                    RawField(name: "position", value: .string("LW"), location: location),
                    RawField(name: "goals", value: goals, location: location),
                ]))
    }

    private func goals(_ value: RawValue) -> Int? {
        guard case .valid(let player, _) = validate(goals: value) else { return nil }
        return player.goals
    }

    private func message(goals value: RawValue) -> String? {
        guard case .invalid(let problems) = validate(goals: value) else { return nil }
        return problems.first?.message
    }

    @Test(arguments: [
        ("0", 0), ("7", 7), ("007", 7), ("1000000", 1_000_000),
    ])
    func wholeNumbersInRange(text: String, expected: Int) {
        #expect(goals(.number(text)) == expected)
        #expect(goals(.cell(text)) == expected)
        #expect(goals(.cell(" \(text) ")) == expected)
    }

    @Test(arguments: [
        ("-0", "must not be negative, got -0"),
        ("-5", "must not be negative, got -5"),
        ("1000001", "must be at most 1,000,000, got 1000001"),
        ("9223372036854775807", "must be at most 1,000,000, got 9223372036854775807"),
        ("99999999999999999999", "must be at most 1,000,000, got 99999999999999999999"),
        ("1e3", "expected a whole number, got 1e3"),
        ("-", "expected a whole number, got -"),
        ("12a", "expected a whole number, got 12a"),
        ("+5", "expected a whole number, got +5"),
        ("--5", "expected a whole number, got --5"),
    ])
    func wholeNumbersOutOfRangeOrMalformed(text: String, expected: String) {
        #expect(message(goals: .number(text)) == expected)
    }

    @Test func nullIsUnknownAndAStringIsNoNumber() {
        #expect(goals(.null) == 0)
        #expect(message(goals: .string("7")) == "expected a whole number, got a string (\"7\")")
    }

    @Test func textIsTrimmedAndItsRulesHoldOnItsBytes() {
        func name(_ value: RawValue) -> String? {
            guard case .valid(let player, _) = validate(goals: .number("1"), name: value) else { return nil }
            return player.name
        }
        func refusal(_ value: RawValue) -> String? {
            guard case .invalid(let problems) = validate(goals: .number("1"), name: value) else { return nil }
            return problems.first?.message
        }
        #expect(name(.string("  Kylian Mbappé\u{3000}")) == "Kylian Mbappé")
        #expect(name(.string("손흥민")) == "손흥민")
        #expect(refusal(.string("Son\u{85}Heung-min")) == "contains the control character U+0085")
        #expect(refusal(.string("Son\u{7F}")) == "contains the control character U+007F")
        #expect(
            refusal(.string("Son\u{FEFF}Heung-min"))
                == "contains U+FEFF, a byte order mark, which belongs only at the start of a file")
        #expect(
            refusal(.string("\u{200B}\u{3164}")) == "has no visible character, only invisible ones (U+200B, U+3164)")
        // U+00C2 followed by a character that is not a C1 control: a lead byte alone proves nothing.
        #expect(name(.string("Â¡Vamos")) == "Â¡Vamos")
        // Printable ASCII but for one byte, before and after the first eight, or at either end.
        #expect(name(.string("Heung-min Son Jr.")) == "Heung-min Son Jr.")
        #expect(name(.string("Heung-min Son ")) == "Heung-min Son")
        #expect(name(.string(" ~")) == "~")
        #expect(refusal(.string("Son\tHeung-min")) == "contains the control character U+0009")
        #expect(refusal(.string("Heung-min Son\u{1}Jr")) == "contains the control character U+0001")
        #expect(refusal(.string("Heung-min Son Jr\u{7F}")) == "contains the control character U+007F")
    }

    /// Plain ASCII skips the other text rules, so it must be exactly the text those rules let through unchanged.
    @Test(arguments: [
        ("Son Heung-min", true), ("~", true), ("A  B", true), ("Heung-min Son Jr. of Chuncheon", true),
        ("", false), (" ", false), (" A", false), ("A ", false), ("A\tB", false), ("Heung-min Son\u{7F}", false),
        ("Mbappé", false), ("Heung-min Son\u{0}", false), ("\u{FEFF}A", false),
    ])
    func plainASCIIIsTextTheRulesKeepAsItIs(text: String, isPlain: Bool) {
        #expect(TextRule.isPlainASCII(text) == isPlain)
        if isPlain {
            #expect(TextRule.trimmed(text) == text)
            #expect(TextRule.firstForbidden(in: text) == nil)
            #expect(TextRule.hasVisibleCharacter(text))
        }
    }

    @Test func aRecordTellsTheFieldsItGaveAndAPartialOneNeedsNoNameOrPosition() {
        let location = SourceLocation(line: 1, column: 1)
        let record = RawRecord(
            number: 1, location: location,
            fields: [
                RawField(name: "ref", value: .string("P-1"), location: location),
                RawField(name: "birth_date", value: .string("1945-11-03"), location: location),
                RawField(name: "club", value: .null, location: location),
            ])
        var whole = RecordValidator(latestBirthDate: CalendarDate(year: 2026, month: 12, day: 1)!, file: "f.json")
        guard case .invalid(let problems) = whole.validate(record) else {
            Issue.record("a record without name and position was taken whole")
            return
        }
        #expect(problems.map(\.field) == ["name", "position"])
        var partial = RecordValidator(
            latestBirthDate: CalendarDate(year: 2026, month: 12, day: 1)!, file: "f.json", requiresWholePlayers: false)
        guard case .valid(let player, let given) = partial.validate(record) else {
            Issue.record("a partial record was refused")
            return
        }
        #expect(given == PlayerFieldSet([.ref, .birthDate]))
        #expect((player.ref, player.birthDate) == ("P-1", CalendarDate(year: 1945, month: 11, day: 3)))
    }
}
