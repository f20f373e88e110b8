import RosterFormats
import Testing

/// Lines of every kind: good records, blank lines, CRLF, and bad lines the reader must step over.
let sampleNDJSON =
    "{\"a\": 1}\n"
    + "\n"
    + "  \t\r\n"
    + "{\"b\": \"x\"}\r\n"
    + "[1]\n"
    + "{\"c\": 1,}\n"
    + "{\"d\": 2} {\"e\": 3}\n"
    + "{\"f\": \n"
    + "3}\n"
    + "\"tail\"\n"
    + "{\"g\": true}"

let sampleNDJSONOutcomes: [ReadOutcome] = [
    record(1, 1, 1, [field("a", .number("1"), 1, 7)]),
    record(2, 4, 1, [field("b", .string("x"), 4, 7)]),
    recoverable("record 3 is an array, not an object", 5, 1, record: 3),
    recoverable("unexpected ',' after the last field of an object (trailing comma)", 6, 8, record: 4),
    recoverable("unexpected '{' after the object; a line holds one JSON object", 7, 10, record: 5),
    recoverable("expected a value, found the end of the line", 8, 7, record: 6),
    recoverable("record 7 is a number, not an object", 9, 1, record: 7),
    recoverable("record 8 is a string, not an object", 10, 1, record: 8),
    record(9, 11, 1, [field("g", .bool(true), 11, 7)]),
]

@Suite struct NDJSONReaderTests {
    @Test func readsRecordsAndStepsOverBadLines() {
        #expect(readAll(.ndjson, sampleNDJSON) == sampleNDJSONOutcomes)
    }

    /// Names are remembered from one record to the next by their bytes; a name written with escapes is never taken
    /// for the same bytes written plainly, nor a longer or shorter name for a remembered one.
    @Test func aRememberedNameIsTakenOnlyForTheSameBytes() {
        let lines = [
            #"{"a\\b": 1, "name": 2, "birth_date": 3}"#,
            #"{"a\b": 1, "names": 2, "birth_dat": 3}"#,
            #"{"a\u005Cb": 1, "name": 2, "birth_date": 3}"#,
        ]
        let names = records(readAll(.ndjson, lines.joined(separator: "\n"))).map { $0.fields.map(\.name) }
        #expect(
            names == [
                ["a\\b", "name", "birth_date"], ["a\u{8}", "names", "birth_dat"], ["a\\b", "name", "birth_date"],
            ])
    }

    static let cases: [ReaderCase] = [
        ReaderCase("empty input", "", []),
        ReaderCase("blank lines only", "\n \r\n\t\n", []),
        ReaderCase(
            "byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}\n".utf8),
            [
                record(1, 1, 1, [field("a", .number("1"), 1, 7)])
            ]),
        ReaderCase(
            "line feed inside a string", "{\"a\": \"abc\n{\"b\": 1}\n",
            [
                recoverable("unescaped control character U+000A (line feed) in a string", 1, 11, record: 1),
                record(2, 2, 1, [field("b", .number("1"), 2, 7)]),
            ]),
        ReaderCase(
            "invalid UTF-8", bytes: Array("{\"a\": \"".utf8) + [0xC3, 0x28] + Array("\"}\n{\"b\": 2}".utf8),
            [
                recoverable("invalid UTF-8 sequence 0xC3 0x28 (0xC3 starts a 2-byte sequence)", 1, 8, record: 1),
                record(2, 2, 1, [field("b", .number("2"), 2, 7)]),
            ]),
        ReaderCase(
            "deep nesting", String(repeating: "[", count: 100_000) + "\n{\"b\": 2}\n",
            [
                recoverable("nesting deeper than 512 levels", 1, 513, record: 1),
                record(2, 2, 1, [field("b", .number("2"), 2, 7)]),
            ]),
        ReaderCase(
            "deepest nesting allowed",
            "{\"a\": " + String(repeating: "[", count: 511)
                + String(repeating: "]", count: 511) + "}",
            [
                record(1, 1, 1, [field("a", .array, 1, 7)])
            ]),
        ReaderCase(
            "one level too deep", "{\"a\": " + String(repeating: "[", count: 512),
            [
                recoverable("nesting deeper than 512 levels", 1, 7 + 511, record: 1)
            ]),
        ReaderCase(
            "comment after the object", "{\"a\": 1} // note\n",
            [
                recoverable("unexpected '/' after the object; a line holds one JSON object", 1, 10, record: 1)
            ]),
        ReaderCase(
            "object across lines", "{\n\"a\": 1}\n{\"b\": 2}",
            [
                recoverable("expected a field name in double quotes, found the end of the line", 1, 2, record: 1),
                recoverable("record 2 is a string, not an object", 2, 1, record: 2),
                record(3, 3, 1, [field("b", .number("2"), 3, 7)]),
            ]),
        ReaderCase(
            "literal at the end of the input", "{\"a\": fals",
            [
                recoverable("expected a value, found 'fals'", 1, 7, record: 1)
            ]),
        ReaderCase(
            "number then the end of the line", "{\"a\": 1.\n{\"b\": -0}",
            [
                recoverable(
                    "expected a digit after the decimal point in number '1.', found the end of the line", 1, 9,
                    record: 1),
                record(2, 2, 1, [field("b", .number("-0"), 2, 7)]),
            ]),
        ReaderCase(
            "UTF-16 is fatal", bytes: [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00, 0x0A, 0x00],
            [
                fatal(
                    "the input starts with a UTF-16 byte order mark (FF FE); rosterdb reads UTF-8: convert the file, "
                        + "for example with iconv -f UTF-16 -t UTF-8", 1, 1)
            ]),
        ReaderCase(
            "oversized string", "{\"a\": \"" + String(repeating: "ü", count: 10_000) + "\"}\n",
            [
                record(1, 1, 1, [field("a", .oversizedString(byteCount: 20_000), 1, 7)])
            ]),
    ]

    @Test(arguments: cases)
    func readsLines(_ testCase: ReaderCase) {
        #expect(readAll(.ndjson, bytes: testCase.input) == testCase.expected)
    }

    @Test func givesTheSameResultsWhereverRefillsFall() {
        for input in [Array(sampleNDJSON.utf8)] + NDJSONReaderTests.cases.map(\.input) where input.count < 2000 {
            let expected = readAll(.ndjson, bytes: input)
            for bufferSize in smallBufferSizes {
                #expect(
                    readAll(.ndjson, bytes: input, bufferSize: bufferSize) == expected,
                    "buffer of \(bufferSize) bytes: \(String(decoding: input, as: UTF8.self))")
            }
        }
    }

    @Test func everyPrefixGivesTheCompleteLinesRecords() {
        let full = Array(sampleNDJSON.utf8)
        for length in 0...full.count {
            let prefix = Array(full[..<length])
            let outcomes = readAll(.ndjson, bytes: prefix)
            // Every complete line reads as it does in the whole file; only the cut line may differ.
            let completeLines = prefix.count { $0 == UInt8(ascii: "\n") }
            let complete = sampleNDJSONOutcomes.filter { outcome in
                let line = outcome.record?.location.line ?? outcome.error?.location.line ?? 0
                return line <= completeLines
            }
            #expect(Array(outcomes.prefix(complete.count)) == complete, "prefix of \(length) bytes")
            #expect(outcomes.count <= complete.count + 1, "prefix of \(length) bytes")
            #expect(outcomes.allSatisfy { $0.error?.isRecoverable != false }, "prefix of \(length) bytes")
        }
    }
}
