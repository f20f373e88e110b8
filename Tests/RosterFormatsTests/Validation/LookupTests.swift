import RosterModel
import Testing

@testable import RosterFormats

@Suite struct LookupTests {
    private func table(_ lookup: Lookup, csv: String) throws -> LookupTable {
        var reader = makeRecordReader(.csv, source: ByteSource(bytes: Array(csv.utf8)))
        return try lookup.table(from: &reader)
    }

    @Test func aLookupNamesItsFieldFileAndColumns() throws {
        #expect(
            try Lookup.parse("club=teams.csv:id:name").get()
                == Lookup(field: .club, file: "teams.csv", keyColumn: "id", valueColumn: "name"))
        // The file's name may hold colons; the columns may not.
        #expect(try Lookup.parse("Birth-Date=C:/feeds/a.json: key : value ").get().file == "C:/feeds/a.json")
        for text in ["club", "club=teams.csv", "club=teams.csv:id", "club=:id:name", "club=t.csv::name"] {
            #expect(
                throws: RecordMapping.Refused(
                    reason: "expected FIELD=FILE:KEY_COLUMN:VALUE_COLUMN, as in club=teams.csv:id:name.")
            ) { try Lookup.parse(text).get() }
        }
        #expect(throws: RecordMapping.Refused.self) { try Lookup.parse("team=teams.csv:id:name").get() }
    }

    @Test func aRecordsValueIsTranslatedAndOneTheFileLacksIsItsProblem() throws {
        var mapping = RecordMapping()
        let lookup = try Lookup.parse("club=teams.csv:id:name").get()
        mapping.lookups[.club] = try table(
            lookup, csv: "id,name,short\n1,Arsenal,ARS\n 2 ,Aston Villa,AVL\n,None,\n3,,X\n")
        func club(_ value: RawValue) -> RawValue? {
            let record = RawRecord(
                number: 1, location: SourceLocation(line: 1, column: 1),
                fields: [RawField(name: "club", value: value, location: SourceLocation(line: 1, column: 1))])
            return mapping.apply(record).fields.first?.value
        }
        #expect(club(.cell("1")) == .cell("Arsenal"))
        #expect(club(.number("2")) == .cell("Aston Villa"))
        #expect(club(.cell("3")) == .null)
        #expect(club(.null) == .null)
        #expect(club(.cell("21")) == .refused(.cell("21"), reason: "'21' is no id of teams.csv (--lookup club)"))
    }

    @Test func aKeyWithTwoMeaningsOrAColumnNoRecordHasIsRefused() throws {
        let lookup = try Lookup.parse("club=teams.csv:id:name").get()
        #expect(try table(lookup, csv: "id,name\n1,A\n1, A \n").translate("1") == "A")
        do {
            _ = try table(lookup, csv: "id,name\n1,A\n1,B\n")
            Issue.record("a key with two meanings was taken")
        } catch LookupRefused.twoMeanings(let reason) {
            #expect(reason == "record 2: id '1' is given twice, as 'A' and as 'B'")
        }
        do {
            _ = try table(lookup, csv: "ID,title\n1,A\n")
            Issue.record("a missing column was taken")
        } catch LookupRefused.missingColumns(let missing, let found) {
            #expect((missing, found) == (["name"], ["ID", "title"]))
        }
    }
}
