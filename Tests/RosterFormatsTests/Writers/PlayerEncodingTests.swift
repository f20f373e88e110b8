import RosterFormats
import RosterModel
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
        #expect(
            PlayerEncoding.jsonObject(Self.messi, age: .included(38)) == """
                {"id":1,"ref":null,"name":"Lionel Messi","position":"RW","goals":20,"assists":15,"nationality":"Argentina","club":null,\
                "birth_date":"1987-06-24","age":38,"image":"messi.png"}
                """)
    }

    @Test func jsonObjectWithoutAge() {
        #expect(
            PlayerEncoding.jsonObject(Self.messi, age: .omitted) == """
                {"id":1,"ref":null,"name":"Lionel Messi","position":"RW","goals":20,"assists":15,"nationality":"Argentina","club":null,\
                "birth_date":"1987-06-24","image":"messi.png"}
                """)
    }

    @Test func jsonObjectWritesUnknownValuesAsNull() {
        #expect(
            PlayerEncoding.jsonObject(Self.unknown, age: .included(nil)) == """
                {"id":null,"ref":null,"name":"Nobody","position":"GK","goals":0,"assists":0,"nationality":null,"club":null,\
                "birth_date":null,"age":null,"image":null}
                """)
    }

    @Test func jsonObjectEscapesText() {
        #expect(
            PlayerEncoding.jsonObject(Self.awkward, age: .omitted) == #"""
                {"id":42,"ref":null,"name":"Kevin \"KDB\", De Bruyne\n","position":"AM","goals":-1,"assists":0,\#
                "nationality":" Belgium","club":null,"birth_date":"1991-06-28","image":"C:\\kdb.png"}
                """#)
    }

    /// Texts longer than the writer's buffer, around its size, and with characters to escape, are written whole
    /// and in order.
    @Test(arguments: [0, 1, 900, 1015, 1022, 1023, 1024, 1025, 3000])
    func longTextsAreWrittenWhole(length: Int) {
        let player = Player(
            id: 7, ref: String(repeating: "r", count: length), name: String(repeating: "\"é", count: 100),
            position: .striker, nationality: String(repeating: "n", count: max(0, 1024 - length)),
            club: "\u{2028}" + String(repeating: "c", count: length), image: String(repeating: "i", count: length))
        let expected =
            "{\"id\":7,\"ref\":\(JSONText.quoted(player.ref!)),\"name\":\(JSONText.quoted(player.name)),"
            + "\"position\":\"ST\",\"goals\":0,\"assists\":0,\"nationality\":\(JSONText.quoted(player.nationality!)),"
            + "\"club\":\(JSONText.quoted(player.club!)),\"birth_date\":null,\"age\":null,"
            + "\"image\":\(JSONText.quoted(player.image!))}"
        #expect(PlayerEncoding.jsonObject(player, age: .included(nil)) == expected)
    }

    @Test func csvHeaders() {
        #expect(
            PlayerEncoding.csvHeader(age: false)
                == "id,ref,name,position,goals,assists,nationality,club,birth_date,image\n")
        #expect(
            PlayerEncoding.csvHeader(age: true)
                == "id,ref,name,position,goals,assists,nationality,club,birth_date,age,image\n")
    }

    @Test func csvRows() {
        #expect(
            PlayerEncoding.csvRow(Self.messi, age: .included(38))
                == "1,,Lionel Messi,RW,20,15,Argentina,,1987-06-24,38,messi.png\n")
        #expect(
            PlayerEncoding.csvRow(Self.messi, age: .omitted)
                == "1,,Lionel Messi,RW,20,15,Argentina,,1987-06-24,messi.png\n")
    }

    @Test func csvRowWritesUnknownValuesAsEmptyCells() {
        #expect(PlayerEncoding.csvRow(Self.unknown, age: .included(nil)) == ",,Nobody,GK,0,0,,,,,\n")
        #expect(PlayerEncoding.csvRow(Self.unknown, age: .omitted) == ",,Nobody,GK,0,0,,,,\n")
    }

    @Test func csvRowQuotesText() {
        #expect(
            PlayerEncoding.csvRow(Self.awkward, age: .included(34)) == """
                42,,"Kevin ""KDB"", De Bruyne
                ",AM,-1,0," Belgium",,1991-06-28,34,C:\\kdb.png

                """)
    }
}
