import RosterModel
import Testing

struct UTF8TextTests {
    /// `UTF8Text` agrees with the standard library's on every sequence of up to two
    /// bytes, on each with ASCII before it (read eight bytes at a time), and on sequences of three and four bytes
    /// around every boundary of UTF-8's table of well-formed sequences.
    @Test func wellFormedUTF8IsWhatTheStandardLibraryAccepts() {
        func check(_ bytes: [UInt8]) {
            let expected = String(validating: bytes, as: UTF8.self) != nil
            let found = bytes.withUnsafeBufferPointer(UTF8Text.isWellFormed)
            #expect(found == expected, "\(bytes)")
        }
        for first in 0...255 {
            check([UInt8(first)])
            check(Array("abcdefghi".utf8) + [UInt8(first)])
            for second in 0...255 { check([UInt8(first), UInt8(second)]) }
        }
        let edges: [UInt8] = [
            0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
            0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for a in edges {
            for b in edges {
                for c in edges {
                    check([a, b, c])
                    check(Array("12345678".utf8) + [a, b, c, 0x80])
                    for d in [0x80, 0xBF, 0x41] as [UInt8] { check([a, b, c, d]) }
                }
            }
        }
    }

    @Test func stringsAreMadeOfWellFormedBytesOnly() {
        #expect(UTF8Text.string(validating: Array("Son Heung-min 손흥민".utf8)) == "Son Heung-min 손흥민")
        #expect(UTF8Text.string(validating: [0x61, 0xC3]) == nil)
        #expect(UTF8Text.string(validating: [0xED, 0xA0, 0x80]) == nil)
        #expect(UTF8Text.string(validating: []) == "")
    }
}
