import CSQLite
import RosterFormats
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// The schema's CHECK constraints and triggers against rosterdb's own rules (`FieldRule`, `TextRule`, `Position`):
/// every value is written through SQLite directly, bypassing the validator, and must be stored exactly when the
/// validator accepts it as it is. A rule changed on one side only — a position code added to `Position`, a length
/// limit raised — fails here.
@Suite struct SchemaRuleTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
    }

    /// A valid row with `field` set to `value` (bound as text or integer), written with plain SQL.
    private func schemaAccepts(_ field: PlayerField, _ value: DatabaseValue) throws -> Bool {
        var row: [PlayerField: DatabaseValue] = [.name: .text("Valid Name"), .position: .text("GK")]
        row[field] = value
        let columns = row.keys.sorted()
        let statement = try database.connection.prepare(
            "INSERT INTO players (\(columns.map(\.name).joined(separator: ", "))) VALUES ("
                + columns.map { _ in "?" }.joined(separator: ", ") + ")")
        try statement.bind(columns.map { row[$0]! })
        do {
            try statement.run()
        } catch let error as DatabaseError where error.primaryCode == SQLITE_CONSTRAINT {
            return false
        }
        try database.connection.execute("DELETE FROM players")
        return true
    }

    /// Whether the validator turns `raw` into exactly `value` for `field`: what it would store unchanged.
    private func validatorStoresUnchanged(_ field: PlayerField, _ raw: RawValue, _ value: FieldValue) -> Bool {
        var record = [
            RawField(name: "name", value: .string("Valid Name"), location: SourceLocation(line: 1, column: 1)),
            RawField(name: "position", value: .string("GK"), location: SourceLocation(line: 1, column: 1)),
        ].filter { $0.name != field.name }
        record.append(RawField(name: field.name, value: raw, location: SourceLocation(line: 1, column: 1)))
        var validator = RecordValidator(latestBirthDate: .latestToday(), file: "test")
        var unknown = Set<String>()
        guard
            case .valid(let player, _) = validator.validate(
                RawRecord(number: 1, location: SourceLocation(line: 1, column: 1), fields: record), unknown: &unknown)
        else { return false }
        return player[field] == value
    }

    private func agree(_ field: PlayerField, text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        let swift = validatorStoresUnchanged(field, .string(text), .text(text))
        let sql = try schemaAccepts(field, .text(text))
        let shown = text.unicodeScalars.map(\.codePoint).prefix(8).joined(separator: " ")
        let verdicts = "validator \(swift ? "accepts" : "refuses"), schema \(sql ? "accepts" : "refuses")"
        #expect(
            swift == sql, "\(field.name) = \(shown) (\(text.unicodeScalars.count) characters): \(verdicts)",
            sourceLocation: sourceLocation)
    }

    @Test func everyPositionCodeAndNothingElse() throws {
        for position in Position.allCases {
            #expect(try schemaAccepts(.position, .text(position.code)), "\(position.code) is refused by the schema")
        }
        for code in ["WB", "gk", "GK ", "", "Striker"] {
            #expect(Position(rawValue: code) == nil)
            #expect(try !schemaAccepts(.position, .text(code)), "\(code) is accepted by the schema")
        }
    }

    @Test func bothEdgesOfEveryWholeNumberRange() throws {
        for field in PlayerField.allCases {
            guard let range = field.rule.range else { continue }
            for (value, allowed) in [
                (range.lowerBound, true), (range.upperBound, true), (range.lowerBound - 1, false),
                (range.upperBound + 1, false),
            ] {
                let swift = validatorStoresUnchanged(field, .number(String(value)), .integer(value))
                #expect(swift == allowed, "validator, \(field.name) = \(value)")
                #expect(try schemaAccepts(field, .integer(value)) == allowed, "schema, \(field.name) = \(value)")
            }
        }
    }

    @Test func bothEdgesOfEveryTextLength() throws {
        for field in PlayerField.allCases {
            guard let length = field.rule.maximumLength else { continue }
            for count in [1, length, length + 1] {
                try agree(field, text: String(repeating: "a", count: count))
                // Characters, not bytes, are counted.
                try agree(field, text: String(repeating: "é", count: count))
            }
        }
    }

    @Test func everyTextCharacterRule() throws {
        let texts = PlayerField.allCases.filter { $0.rule.maximumLength != nil }
        for field in texts {
            try agree(field, text: "")
            // Each end of each range of white space, invisible and forbidden characters: alone, between letters,
            // and at either end.
            for ranges in [WhiteSpace.ranges, TextRule.invisible, TextRule.forbidden] {
                for range in ranges {
                    for value in Set([range.lowerBound, range.upperBound]) {
                        let character = String(Unicode.Scalar(value).map(Character.init) ?? "?")
                        for text in [character, "a\(character)b", "\(character)a", "a\(character)"] {
                            try agree(field, text: text)
                        }
                    }
                }
            }
            for text in ["Kylian Mbappé", "손흥민", "久保 建英", "Федор Смолов", "⚽ Bot", "a\u{200D}b"] {
                try agree(field, text: text)
            }
        }
    }

    /// Text that is not UTF-8, which SQLite stores as text all the same (`CAST(x'43c3' AS TEXT)`): read back as
    /// U+FFFD, it exported as other bytes than stored. The schema must refuse exactly what Swift's decoder refuses,
    /// on insert and on update: every string of one to three bytes from the bytes where UTF-8's rules change, with a
    /// letter around it, and the first and last scalar of every length and range (U+FFFE and U+FFFF among them,
    /// which SQLite decodes as U+FFFD).
    @Test func textIsUTF8ExactlyAsTheValidatorReadsIt() throws {
        let edges: [UInt8] = [
            0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
            0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        var samples = edges.map { [$0] }
        samples += edges.flatMap { first in edges.map { [first, $0] } }
        let scalars: [UInt32] = [0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x10FFFF]
        samples += scalars.map { Array(String(Unicode.Scalar($0)!).utf8) }
        samples += [
            [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xE2, 0x82, 0xAC, 0x80], [0xC3, 0xA9, 0xA9],
        ]
        // Three bytes after each lead byte whose second byte has a range of its own, for one field: every text field
        // goes through the same view.
        let threeBytes = ([0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4] as [UInt8]).flatMap { first in
            edges.flatMap { second in edges.map { [first, second, $0] } }
        }
        try database.connection.execute("INSERT INTO players (id, name, position) VALUES (1, 'Valid Name', 'GK')")
        for field in [PlayerField.name, .nationality, .club, .image, .ref] {
            for sample in samples + (field == .name ? threeBytes : []) {
                let bytes = [UInt8(ascii: "a")] + sample + [UInt8(ascii: "b")]
                let text = bytes.withUnsafeBufferPointer { UTF8Text.string(validating: $0) }
                let swift = text.map { validatorStoresUnchanged(field, .string($0), .text($0)) } ?? false
                let literal =
                    "CAST(x'"
                    + bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
                    .joined() + "' AS TEXT)"
                let shown = bytes.map { String($0, radix: 16) }.joined(separator: " ")
                #expect(try schemaAccepts(field, literal: literal) == swift, "insert \(field.name) = \(shown)")
                #expect(
                    try schemaAccepts("UPDATE players SET \(field.name) = \(literal) WHERE id = 1") == swift,
                    "update \(field.name) = \(shown)")
                // As it was, so that the next insert meets no ref it holds.
                try database.connection.execute("UPDATE players SET name = 'Valid Name', ref = NULL WHERE id = 1")
            }
        }
    }

    /// Whether the schema takes a valid row with `field` set to the SQL expression `literal`.
    private func schemaAccepts(_ field: PlayerField, literal: String) throws -> Bool {
        let columns = field == .name ? "name, position" : "name, position, \(field.name)"
        let values = field == .name ? "\(literal), 'GK'" : "'Valid Name', 'GK', \(literal)"
        guard try schemaAccepts("INSERT INTO players (\(columns)) VALUES (\(values))") else { return false }
        try database.connection.execute("DELETE FROM players WHERE id <> 1")
        return true
    }

    /// Whether the schema lets `sql` write.
    private func schemaAccepts(_ sql: String) throws -> Bool {
        do {
            try database.connection.execute(sql)
        } catch let error as DatabaseError where error.primaryCode == SQLITE_CONSTRAINT {
            return false
        }
        return true
    }

    @Test func birthDatesFromTheEarliestToTodayInEveryTimeZone() throws {
        let latest = CalendarDate.latestToday()
        let dayAfter = CalendarDate(year: latest.year + 1, month: 1, day: 1)!
        let cases: [(String, Bool)] = [
            ("1850-01-01", true), ("1849-12-31", false), (latest.description, true), (dayAfter.description, false),
            ("2023-02-30", false), ("1990-1-2", false), ("1990-01-02T00:00:00", false),
        ]
        for (text, allowed) in cases {
            let swift = validatorStoresUnchanged(
                .birthDate, .string(text),
                CalendarDate(iso: text).map(FieldValue.date)
                    ?? .text(text))
            #expect(swift == allowed, "validator, birth_date = \(text)")
            #expect(try schemaAccepts(.birthDate, .text(text)) == allowed, "schema, birth_date = \(text)")
        }
    }

    @Test func aFutureBirthDateIsRefusedOnUpdateToo() throws {
        try database.connection.execute("INSERT INTO players (name, position) VALUES ('A', 'GK')")
        let error = #expect(throws: DatabaseError.self) {
            try database.connection.execute("UPDATE players SET birth_date = '2999-01-01'")
        }
        #expect(error?.message == "birth_date is in the future")
    }
}
