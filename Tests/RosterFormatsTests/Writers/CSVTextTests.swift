import RosterFormats
import Testing

@Suite struct CSVTextTests {
    @Test(arguments: [
        ("Lionel Messi", "Lionel Messi"),
        ("", ""),
        ("손흥민", "손흥민"),
        ("Messi, Lionel", #""Messi, Lionel""#),
        (#"Kevin "KDB" De Bruyne"#, #""Kevin ""KDB"" De Bruyne""#),
        (#"""#, #""""""#),
        ("two\nlines", "\"two\nlines\""),
        ("carriage\rreturn", "\"carriage\rreturn\""),
        ("crlf\r\n", "\"crlf\r\n\""),
        (" leading", #"" leading""#),
        ("trailing ", #""trailing ""#),
        ("\ttab", "\"\ttab\""),
        ("inner space", "inner space"),
        ("semi;colon'quote", "semi;colon'quote"),
    ])
    func field(_ text: String, _ expected: String) {
        #expect(CSVText.field(text) == expected)
    }

    @Test func rowJoinsFieldsWithCommasAndEndsWithANewline() {
        #expect(CSVText.row(["1", "Messi, Lionel", "", "say \"hi\""]) == "1,\"Messi, Lionel\",,\"say \"\"hi\"\"\"\n")
        #expect(CSVText.row(["a"]) == "a\n")
    }
}
