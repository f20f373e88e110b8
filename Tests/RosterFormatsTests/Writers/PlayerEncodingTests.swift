import RosterModel
import RosterFormats
import Testing

@Suite struct PlayerEncodingTests {
    static let messi = Player(
        id: 1, name: "Lionel Messi", position: .rightWinger, goals: 20, assists: 15, nationality: "Argentina",
        birthDate: CalendarDate(year: 1987, month: 6, day: 24), image: "messi.png")
    /// Not stored yet, and nothing optional known.
    static let unknown = Player(name: "Nobody", position: .goalkeeper)
    static let awkward = Player(
        id: 42, name: "Kevin \"KDB\", De Bruyne\n", position: .attackingMidfielder, goals: -1, assists: 0,
        nationality: " Belgium", birthDate: CalendarDate(year: 1991, month: 6, day: 28), image: "C:\\kdb.png")

    @Test func everyFieldIsWrittenInOrderWithTheAgeAfterTheBirthDate() {
        #expect(PlayerEncoding.columns(age: false).map(\.name) == PlayerField.allCases.map(\.name))
        var withAge = PlayerField.allCases.map(\.name)
        withAge.insert("age", at: withAge.firstIndex(of: "birth_date")! + 1)
        #expect(PlayerEncoding.columns(age: true).map(\.name) == withAge)
    }

    @Test func jsonObjectWithAge() {
        #expect(PlayerEncoding.jsonObject(Self.messi, age: .included(38)) == """
            {"id":1,"ref":null,"name":"Lionel Messi","position":"RW","goals":20,"assists":15,"nationality":"Argentina","club":null,\
            "birth_date":"1987-06-24","age":38,"image":"messi.png"}
            """)
    }

    @Test func jsonObjectWithoutAge() {
        #expect(PlayerEncoding.jsonObject(Self.messi, age: .omitted) == """
            {"id":1,"ref":null,"name":"Lionel Messi","position":"RW","goals":20,"assists":15,"nationality":"Argentina","club":null,\
            "birth_date":"1987-06-24","image":"messi.png"}
            """)
    }

    @Test func jsonObjectWritesUnknownValuesAsNull() {
        #expect(PlayerEncoding.jsonObject(Self.unknown, age: .included(nil)) == """
            {"id":null,"ref":null,"name":"Nobody","position":"GK","goals":0,"assists":0,"nationality":null,"club":null,\
            "birth_date":null,"age":null,"image":null}
            """)
    }

    @Test func jsonObjectEscapesText() {
        #expect(PlayerEncoding.jsonObject(Self.awkward, age: .omitted) == #"""
            {"id":42,"ref":null,"name":"Kevin \"KDB\", De Bruyne\n","position":"AM","goals":-1,"assists":0,\#
            "nationality":" Belgium","club":null,"birth_date":"1991-06-28","image":"C:\\kdb.png"}
            """#)
    }

    @Test func csvHeaders() {
        #expect(PlayerEncoding.csvHeader(age: false) == "id,ref,name,position,goals,assists,nationality,club,birth_date,image\n")
        #expect(PlayerEncoding.csvHeader(age: true)
            == "id,ref,name,position,goals,assists,nationality,club,birth_date,age,image\n")
    }

    @Test func csvRows() {
        #expect(PlayerEncoding.csvRow(Self.messi, age: .included(38))
            == "1,,Lionel Messi,RW,20,15,Argentina,,1987-06-24,38,messi.png\n")
        #expect(PlayerEncoding.csvRow(Self.messi, age: .omitted)
            == "1,,Lionel Messi,RW,20,15,Argentina,,1987-06-24,messi.png\n")
    }

    @Test func csvRowWritesUnknownValuesAsEmptyCells() {
        #expect(PlayerEncoding.csvRow(Self.unknown, age: .included(nil)) == ",,Nobody,GK,0,0,,,,,\n")
        #expect(PlayerEncoding.csvRow(Self.unknown, age: .omitted) == ",,Nobody,GK,0,0,,,,\n")
    }

    @Test func csvRowQuotesText() {
        #expect(PlayerEncoding.csvRow(Self.awkward, age: .included(34)) == """
            42,,"Kevin ""KDB"", De Bruyne
            ",AM,-1,0," Belgium",,1991-06-28,34,C:\\kdb.png

            """)
    }
}
