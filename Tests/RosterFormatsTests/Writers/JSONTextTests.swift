import Foundation
import RosterFormats
import Testing

@Suite struct JSONTextTests {
    @Test(arguments: [
        ("Lionel Messi", #""Lionel Messi""#),
        ("", #""""#),
        (#"Say "hi""#, #""Say \"hi\"""#),
        (#"C:\path\"#, #""C:\\path\\""#),
        ("a\nb\rc\td\u{8}e\u{C}f", #""a\nb\rc\td\be\ff""#),
        ("\u{0}\u{1}\u{1B}\u{1F}", #""\u0000\u0001\u001b\u001f""#),
        ("del\u{7F}", #""del\u007f""#),
        ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
        ("\u{2028}", #""\u2028""#),
        // Other characters starting with the same byte as U+2028 (E2) stay as they are.
        ("…‘’\u{2027}\u{202A}", "\"…‘’\u{2027}\u{202A}\""),
        ("손흥민", "\"손흥민\""),
        ("👨‍👩‍👧 🇯🇵", "\"👨‍👩‍👧 🇯🇵\""),
        ("Jose\u{301}", "\"Jose\u{301}\""),
        ("Ødegaard \"Ø\"\n", #""Ødegaard \"Ø\"\n""#),
    ])
    func quoted(_ text: String, _ expected: String) {
        #expect(JSONText.quoted(text) == expected)
    }

    /// Every scalar below 256, and the awkward ones above, decode back to themselves.
    @Test func roundTripsThroughAJSONParser() throws {
        var texts = (0..<256).map { String(Unicode.Scalar(UInt8($0))) }
        texts += ["\u{2028}", "\u{2029}", "\u{FEFF}", "\u{10FFFF}", "a\"b\\c\nd", "👨‍👩‍👧", "久保 建英", "e\u{301}"]
        let array = "[" + texts.map(JSONText.quoted).joined(separator: ",") + "]"
        let decoded = try JSONDecoder().decode([String].self, from: Data(array.utf8))
        #expect(decoded == texts)
    }

    @Test func escapesEveryControlCharacter() {
        for value in UInt8(0)..<0x20 {
            let literal = JSONText.quoted(String(Unicode.Scalar(value)))
            #expect(literal.utf8.allSatisfy { $0 >= 0x20 }, "U+\(value) written as \(literal)")
        }
    }
}
