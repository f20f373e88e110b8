import RosterModel
import Testing

@testable import RosterFormats

@Suite struct RowFilterTests {
    private func record(_ fields: [(String, RawValue)]) -> RawRecord {
        RawRecord(
            number: 1, location: SourceLocation(line: 1, column: 1),
            fields: fields.map { RawField(name: $0.0, value: $0.1, location: SourceLocation(line: 1, column: 1)) })
    }

    @Test func skipWhereDropsTheRowsHoldingAValueAndKeepWhereThoseHoldingNone() throws {
        let skip = try RowFilter.parse("element_type=5, 6", keepsMatches: false).get()
        let keep = try RowFilter.parse(" Element_Type =1,2,3,4", keepsMatches: true).get()
        for (value, skipped, kept) in [
            (RawValue.cell("5"), true, false), (.cell(" 6 "), true, false), (.number("5"), true, false),
            (.cell("1"), false, true), (.cell("50"), false, false),
        ] {
            #expect(skip.skips(record([("element_type", value)])) == skipped, "\(value)")
            #expect(keep.skips(record([("ELEMENT_TYPE", value)])) == !kept, "\(value)")
        }
    }

    @Test func valuesAreComparedIgnoringCaseAndAnAbsentOrNullValueIsTheEmptyText() throws {
        let skip = try RowFilter.parse("status=U,,none", keepsMatches: false).get()
        #expect(skip.skips(record([("status", .string("u"))])))
        #expect(skip.skips(record([("status", .string("NONE"))])))
        #expect(skip.skips(record([("status", .null)])))
        #expect(skip.skips(record([("other", .string("a"))])))
        #expect(!skip.skips(record([("status", .string("a"))])))
        // An object or an array holds no value: neither empty nor any other.
        let empty = try RowFilter.parse("status=", keepsMatches: false).get()
        #expect(!empty.skips(record([("status", .object)])))
        #expect(empty.skips(record([("status", .null)])))
        let injured = try RowFilter.parse("injured=true", keepsMatches: false).get()
        #expect(injured.skips(record([("injured", .bool(true))])))
        #expect(!injured.skips(record([("injured", .bool(false))])))
    }

    @Test(arguments: [
        ("element_type", "expected COLUMN=VALUE[,VALUE…], as in element_type=5."),
        (" =5", "expected a column name before '='."),
        ("a=\u{7}", "it holds the control character U+0007."),
    ])
    func aBadFilterIsRefusedSayingWhy(text: String, reason: String) {
        #expect(throws: RecordMapping.Refused(reason: reason)) { try RowFilter.parse(text, keepsMatches: false).get() }
    }

    @Test func aMappingSkipsARowWhenAnyFilterSaysSoAndNeedsTheirColumns() throws {
        var mapping = RecordMapping()
        #expect(mapping.isIdentity)
        mapping.rowFilters = [
            try RowFilter.parse("type=5", keepsMatches: false).get(),
            try RowFilter.parse("league=EPL", keepsMatches: true).get(),
        ]
        #expect(!mapping.isIdentity)
        #expect(mapping.skips(record([("type", .cell("5")), ("league", .cell("EPL"))])))
        #expect(mapping.skips(record([("type", .cell("1")), ("league", .cell("LaLiga"))])))
        #expect(!mapping.skips(record([("type", .cell("1")), ("league", .cell("epl"))])))
        #expect(mapping.missingColumns(in: ["Type", "name"]) == ["league"])
    }
}
