import RosterModel
import Testing

@testable import RosterFormats

@Suite struct RowFilterTests {
    /// Whether a mapping with `filter` alone skips `record`, as an import asks.
    private func skips(_ filter: RowFilter, _ record: RawRecord) -> Bool {
        var mapping = RecordMapping()
        mapping.rowFilters = [filter]
        return mapping.skips(record)
    }

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
            #expect(skips(skip, record([("element_type", value)])) == skipped, "\(value)")
            #expect(skips(keep, record([("ELEMENT_TYPE", value)])) == !kept, "\(value)")
        }
    }

    @Test func valuesAreComparedIgnoringCaseAndAnAbsentOrNullValueIsTheEmptyText() throws {
        let skip = try RowFilter.parse("status=U,,none", keepsMatches: false).get()
        #expect(skips(skip, record([("status", .string("u"))])))
        #expect(skips(skip, record([("status", .string("NONE"))])))
        #expect(skips(skip, record([("status", .null)])))
        #expect(skips(skip, record([("other", .string("a"))])))
        #expect(!skips(skip, record([("status", .string("a"))])))
        // An object or an array holds no value: neither empty nor any other.
        let empty = try RowFilter.parse("status=", keepsMatches: false).get()
        #expect(!skips(empty, record([("status", .object)])))
        #expect(skips(empty, record([("status", .null)])))
        let injured = try RowFilter.parse("injured=true", keepsMatches: false).get()
        #expect(skips(injured, record([("injured", .bool(true))])))
        #expect(!skips(injured, record([("injured", .bool(false))])))
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
