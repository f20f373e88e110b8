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

    /// Text is scanned eight bytes at a time: every character that must be escaped is found at every offset from a
    /// word's first byte to past the second word, in text of every length around it, and the bytes that only look
    /// like one at first (E2 that starts no line separator, bytes from 0x80 up) are kept as they are.
    @Test func escapesAreFoundAtEveryOffset() {
        let escapes: [(String, String)] = [
            ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{0}", #"\u0000"#), ("\u{1F}", #"\u001f"#),
            ("\u{7F}", #"\u007f"#), ("\u{2028}", #"\u2028"#), ("\u{2029}", #"\u2029"#), ("\u{2027}", "\u{2027}"),
            ("é", "é"), (" ", " "),
        ]
        for (character, written) in escapes {
            for before in 0...17 {
                for after in [0, 1, 7, 8, 9] {
                    let text = String(repeating: "a", count: before) + character + String(repeating: "b", count: after)
                    let expected =
                        "\"" + String(repeating: "a", count: before) + written
                        + String(repeating: "b", count: after) + "\""
                    #expect(JSONText.quoted(text) == expected)
                    var bytes: [UInt8] = []
                    JSONText.appendQuoted(text, to: &bytes)
                    #expect(String(decoding: bytes, as: UTF8.self) == expected)
                }
            }
        }
    }

    @Test(arguments: [0, 7, -7, 10, 99, 100, 1_000_000, 9_007_199_254_740_991, Int64.max, Int64.min, Int64.min + 1])
    func integersAreTheirDecimalDigits(_ value: Int64) {
        var bytes: [UInt8] = []
        JSONText.appendInteger(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }

    @Test func escapesEveryControlCharacter() {
        for value in UInt8(0)..<0x20 {
            let literal = JSONText.quoted(String(Unicode.Scalar(value)))
            #expect(literal.utf8.allSatisfy { $0 >= 0x20 }, "U+\(value) written as \(literal)")
        }
    }
}
