import RosterFormats
import Testing

/// One input and everything a reader must give for it.
struct ReaderCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: [UInt8]
    let expected: [ReadOutcome]

    init(_ name: String, _ input: String, _ expected: [ReadOutcome]) {
        self.init(name, bytes: Array(input.utf8), expected)
    }

    init(_ name: String, bytes: [UInt8], _ expected: [ReadOutcome]) {
        self.name = name
        input = bytes
        self.expected = expected
    }

    var testDescription: String { name }
}

extension ReadOutcome: @unchecked Sendable {}

/// A file of two records whose fields exercise every kind of value, multi-byte text and nesting.
let sampleJSON = """
    [
      {"name": "Mbappé", "goals": 12, "active": true, "club": null},
      {"name": "손흥민", "x": 1.5e3, "tags": [1, {"a": [2]}], "more": {"k": "v"}, "f": false}
    ]

    """

let sampleJSONRecords: [ReadOutcome] = [
    record(
        1, 2, 3,
        [
            field("name", .string("Mbappé"), 2, 12), field("goals", .number("12"), 2, 31),
            field("active", .bool(true), 2, 45), field("club", .null, 2, 59),
        ]),
    record(
        2, 3, 3,
        [
            field("name", .string("손흥민"), 3, 12), field("x", .number("1.5e3"), 3, 24), field("tags", .array, 3, 39),
            field("more", .object, 3, 64), field("f", .bool(false), 3, 81),
        ]),
]

/// A record with one field `a` whose value starts at column 8 (`[{"a": ` before it).
private func one(_ value: RawValue) -> [ReadOutcome] {
    [record(1, 1, 2, [field("a", value, 1, 8)])]
}

private let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

@Suite struct JSONArrayReaderTests {
    @Test func readsRecordsWithTheirLocations() {
        #expect(readAll(.json, sampleJSON) == sampleJSONRecords)
    }

    static let valueCases: [ReaderCase] = [
        ReaderCase("empty array", " [ ] \n", []),
        ReaderCase("empty object", "[{}]", [record(1, 1, 2, [])]),
        ReaderCase(
            "escapes", #"[{"a": "q\"b\\s\/ \b\f\n\r\t \u00e9\u00C9 \uD83D\uDE00\ud83d\ude00 \u0000"}]"#,
            one(.string("q\"b\\s/ \u{08}\u{0C}\n\r\t éÉ 😀😀 \u{0}"))),
        ReaderCase(
            "numbers as written",
            #"[{"a": -0, "b": 0.5, "c": 1E+2, "d": 1e-7, "e": 123456789012345678901234567890}]"#,
            [
                record(
                    1, 1, 2,
                    [
                        field("a", .number("-0"), 1, 8), field("b", .number("0.5"), 1, 17),
                        field("c", .number("1E+2"), 1, 27), field("d", .number("1e-7"), 1, 38),
                        field("e", .number("123456789012345678901234567890"), 1, 49),
                    ])
            ]),
        ReaderCase("zero", #"[{"a": 0}]"#, one(.number("0"))),
        ReaderCase("negative exponent fraction", #"[{"a": -12.25e-03}]"#, one(.number("-12.25e-03"))),
        ReaderCase(
            "duplicate names kept", #"[{"a": 1, "a": "x"}]"#,
            [record(1, 1, 2, [field("a", .number("1"), 1, 8), field("a", .string("x"), 1, 16)])]),
        ReaderCase(
            "nested values dropped", #"[{"a": [], "b": {}, "c": [[{"d": [null, true, "x", -1.5]}]]}]"#,
            [
                record(
                    1, 1, 2,
                    [
                        field("a", .array, 1, 8), field("b", .object, 1, 17), field("c", .array, 1, 26),
                    ])
            ]),
        ReaderCase(
            "white space everywhere", "\r\n\t[\r\n\t{\r\n\t\"a\"\r\n\t:\r\n\t1\r\n\t}\r\n\t]\r\n\t",
            [record(1, 3, 2, [field("a", .number("1"), 6, 2)])]),
        ReaderCase("byte order mark skipped", bytes: bom + Array(#"[{"a": 1}]"#.utf8), one(.number("1"))),
        ReaderCase("empty string", #"[{"a": ""}]"#, one(.string(""))),
        ReaderCase("empty name", #"[{"": 1}]"#, [record(1, 1, 2, [field("", .number("1"), 1, 7)])]),
        ReaderCase(
            "four-byte UTF-8 counts one column", #"[{"a": "𝄞", "b": 2}]"#,
            [record(1, 1, 2, [field("a", .string("𝄞"), 1, 8), field("b", .number("2"), 1, 18)])]),
    ]

    @Test(arguments: valueCases)
    func readsValues(_ testCase: ReaderCase) {
        #expect(readAll(.json, bytes: testCase.input) == testCase.expected)
    }

    /// Each input is `[{"a": ` and what follows, so that the value starts at column 8, and fails there or soon
    /// after, in record 1.
    static let errorCases: [ReaderCase] = [
        // Trailing commas.
        ReaderCase(
            "trailing comma in the array", #"[{"a": 1},]"#,
            one(.number("1")) + [
                fatal("unexpected ',' after record 1, the last element of the array (trailing comma)", 1, 10)
            ]),
        ReaderCase(
            "trailing comma in a record", #"[{"a": 1,}]"#,
            [
                fatal("unexpected ',' after the last field of an object (trailing comma)", 1, 9, record: 1)
            ]),
        ReaderCase(
            "trailing comma in a nested array", #"[{"a": [1,]}]"#,
            [
                fatal("unexpected ',' after the last element of an array (trailing comma)", 1, 10, record: 1)
            ]),
        ReaderCase(
            "trailing comma in a nested object", "[{\"a\": {\"b\": 1,\n}}]",
            [
                fatal("unexpected ',' after the last field of an object (trailing comma)", 1, 15, record: 1)
            ]),
        // Comments.
        ReaderCase(
            "line comment", "[{\"a\": 1} // x\n]",
            one(.number("1")) + [
                fatal("unexpected '/': comments are not allowed in JSON", 1, 11)
            ]),
        ReaderCase(
            "block comment first", "/* c */ []",
            [
                fatal("unexpected '/': comments are not allowed in JSON", 1, 1)
            ]),
        ReaderCase(
            "hash comment", #"[{"a": 1 # x}]"#,
            [
                fatal("unexpected '#': comments are not allowed in JSON", 1, 10, record: 1)
            ]),
        // Numbers.
        ReaderCase("leading zero", #"[{"a": 01}]"#, [fatal("leading zero in number '01'", 1, 8, record: 1)]),
        ReaderCase(
            "negative leading zero", #"[{"a": -012}]"#,
            [
                fatal("leading zero in number '-012'", 1, 8, record: 1)
            ]),
        ReaderCase(
            "NaN", #"[{"a": NaN}]"#,
            [
                fatal("invalid value 'NaN': NaN and Infinity are not allowed in JSON", 1, 8, record: 1)
            ]),
        ReaderCase(
            "Infinity", #"[{"a": Infinity}]"#,
            [
                fatal("invalid value 'Infinity': NaN and Infinity are not allowed in JSON", 1, 8, record: 1)
            ]),
        ReaderCase(
            "-Infinity", #"[{"a": -Infinity}]"#,
            [
                fatal("invalid value '-Infinity': NaN and Infinity are not allowed in JSON", 1, 8, record: 1)
            ]),
        ReaderCase(
            "no digit after the point", #"[{"a": 1.}]"#,
            [
                fatal("expected a digit after the decimal point in number '1.', found '}'", 1, 10, record: 1)
            ]),
        ReaderCase(
            "no exponent digit", #"[{"a": 1e}]"#,
            [
                fatal("expected a digit in the exponent of number '1e', found '}'", 1, 10, record: 1)
            ]),
        ReaderCase(
            "no exponent digit after its sign", #"[{"a": 2E+,"#,
            [
                fatal("expected a digit in the exponent of number '2E+', found ','", 1, 11, record: 1)
            ]),
        ReaderCase(
            "lone minus", #"[{"a": -}]"#,
            [
                fatal("expected a digit after '-' in number '-', found '}'", 1, 9, record: 1)
            ]),
        ReaderCase(
            "plus sign", #"[{"a": +1}]"#,
            [
                fatal("unexpected '+': JSON numbers take no plus sign", 1, 8, record: 1)
            ]),
        ReaderCase(
            "no digit before the point", #"[{"a": .5}]"#,
            [
                fatal("unexpected '.': JSON numbers need a digit before the decimal point", 1, 8, record: 1)
            ]),
        ReaderCase(
            "two points", #"[{"a": 1.5.2}]"#,
            [
                fatal("expected ',' or '}' after a field value, found '.'", 1, 11, record: 1)
            ]),
        ReaderCase(
            "hexadecimal", #"[{"a": 0x1F}]"#,
            [
                fatal("expected ',' or '}' after a field value, found 'x'", 1, 9, record: 1)
            ]),
        ReaderCase(
            "number at the end of the input", #"[{"a": 12"#,
            [
                fatal("expected ',' or '}' after a field value, found the end of the input", 1, 10, record: 1)
            ]),
        // Literals.
        ReaderCase(
            "capitalised literal", #"[{"a": True}]"#,
            [
                fatal("invalid value 'True': true, false and null are written in lower case", 1, 8, record: 1)
            ]),
        ReaderCase("cut literal", #"[{"a": nul}]"#, [fatal("expected a value, found 'nul'", 1, 8, record: 1)]),
        ReaderCase("literal run on", #"[{"a": truex}]"#, [fatal("expected a value, found 'truex'", 1, 8, record: 1)]),
        ReaderCase(
            "undefined", #"[{"a": undefined}]"#,
            [
                fatal("expected a value, found 'undefined'", 1, 8, record: 1)
            ]),
        // Quotes and names.
        ReaderCase(
            "single-quoted name", #"[{'a': 1}]"#,
            [
                fatal("unexpected \"'\": JSON strings take double quotes", 1, 3, record: 1)
            ]),
        ReaderCase(
            "single-quoted value", #"[{"a": 'x'}]"#,
            [
                fatal("unexpected \"'\": JSON strings take double quotes", 1, 8, record: 1)
            ]),
        ReaderCase(
            "bare name", #"[{a: 1}]"#,
            [
                fatal("expected a field name in double quotes, found 'a'", 1, 3, record: 1)
            ]),
        ReaderCase(
            "missing colon", #"[{"a" 1}]"#,
            [
                fatal("expected ':' after the field name, found '1'", 1, 7, record: 1)
            ]),
        ReaderCase("missing value", #"[{"a": }]"#, [fatal("expected a value, found '}'", 1, 8, record: 1)]),
        ReaderCase(
            "missing comma between fields", #"[{"a": 1 "b": 2}]"#,
            [
                fatal("expected ',' or '}' after a field value, found '\"'", 1, 10, record: 1)
            ]),
        ReaderCase(
            "missing comma between records", #"[{"a": 1} {"b": 2}]"#,
            one(.number("1")) + [
                fatal("expected ',' or ']' after record 1, found '{'", 1, 11)
            ]),
        ReaderCase(
            "mismatched bracket", #"[{"a": [1}]"#,
            [
                fatal("expected ',' or ']' after an array element, found '}'", 1, 10, record: 1)
            ]),
        ReaderCase("empty element", #"[{"a": [1,,2]}]"#, [fatal("expected a value, found ','", 1, 11, record: 1)]),
        // Strings.
        ReaderCase(
            "tab in a string", "[{\"a\": \"x\ty\"}]",
            [
                fatal("unescaped control character U+0009 (tab) in a string", 1, 10, record: 1)
            ]),
        ReaderCase(
            "line feed in a string", "[{\"a\": \"x\ny\"}]",
            [
                fatal("unescaped control character U+000A (line feed) in a string", 1, 10, record: 1)
            ]),
        ReaderCase(
            "control character in a string", "[{\"a\": \"x\u{1}\"}]",
            [
                fatal("unescaped control character U+0001 in a string", 1, 10, record: 1)
            ]),
        ReaderCase(
            "NUL in a string", "[{\"a\": \"\u{0}\"}]",
            [
                fatal("unescaped control character U+0000 (NUL) in a string", 1, 9, record: 1)
            ]),
        ReaderCase("invalid escape", #"[{"a": "\x"}]"#, [fatal(#"invalid escape '\x' in a string"#, 1, 9, record: 1)]),
        ReaderCase(
            "escaped single quote", #"[{"a": "ab\'"}]"#,
            [
                fatal(#"invalid escape '\'' in a string"#, 1, 11, record: 1)
            ]),
        ReaderCase(
            "escaped non-ASCII", #"[{"a": "é\é"}]"#,
            [
                fatal(#"invalid escape '\é' in a string"#, 1, 10, record: 1)
            ]),
        ReaderCase(
            "escaped control character", "[{\"a\": \"\\\t\"}]",
            [
                fatal(#"invalid escape '\' followed by U+0009 (tab) in a string"#, 1, 9, record: 1)
            ]),
        ReaderCase(
            "bad hex digit", #"[{"a": "\u12G4"}]"#,
            [
                fatal(#"invalid escape '\u12G4' in a string (\u takes four hex digits)"#, 1, 9, record: 1)
            ]),
        ReaderCase(
            "short unicode escape", #"[{"a": "\u12"}]"#,
            [
                fatal(#"invalid escape '\u12' in a string (\u takes four hex digits)"#, 1, 9, record: 1)
            ]),
        ReaderCase(
            "lone high surrogate", #"[{"a": "\uD83D"}]"#,
            [
                fatal(#"lone surrogate '\uD83D' in a string (not followed by a low surrogate)"#, 1, 9, record: 1)
            ]),
        ReaderCase(
            "high surrogate then text", #"[{"a": "x\uD83Dx"}]"#,
            [
                fatal(#"lone surrogate '\uD83D' in a string (not followed by a low surrogate)"#, 1, 10, record: 1)
            ]),
        ReaderCase(
            "lone low surrogate", #"[{"a": "\uDE00"}]"#,
            [
                fatal(
                    #"lone surrogate '\uDE00' in a string (a low surrogate without a high one before it)"#, 1, 9,
                    record: 1)
            ]),
        ReaderCase(
            "mismatched surrogates", #"[{"a": "\uD83D\u0041"}]"#,
            [
                fatal(#"surrogate '\uD83D' followed by '\u0041', which is not a low surrogate"#, 1, 9, record: 1)
            ]),
        ReaderCase(
            "two high surrogates", #"[{"a": "\ud83d\ud83d"}]"#,
            [
                fatal(#"surrogate '\ud83d' followed by '\ud83d', which is not a low surrogate"#, 1, 9, record: 1)
            ]),
        ReaderCase("unterminated string", #"[{"a": "abc"#, [fatal("unterminated string", 1, 8, record: 1)]),
        ReaderCase("unterminated escape", #"[{"a": "abc\"#, [fatal("unterminated string", 1, 8, record: 1)]),
        ReaderCase("unterminated unicode escape", #"[{"a": "\u00"#, [fatal("unterminated string", 1, 8, record: 1)]),
        // UTF-8.
        ReaderCase(
            "overlong two-byte", bytes: Array(#"[{"a": ""#.utf8) + [0xC0, 0x80, 0x22, 0x7D, 0x5D],
            [
                fatal("invalid UTF-8 byte 0xC0 (overlong encoding)", 1, 9, record: 1)
            ]),
        ReaderCase(
            "overlong three-byte", bytes: Array(#"[{"a": ""#.utf8) + [0xE0, 0x80, 0xAF, 0x22],
            [
                fatal("invalid UTF-8 sequence 0xE0 0x80 (overlong encoding)", 1, 9, record: 1)
            ]),
        ReaderCase(
            "overlong four-byte", bytes: Array(#"[{"a": ""#.utf8) + [0xF0, 0x8F, 0xBF, 0xBF, 0x22],
            [
                fatal("invalid UTF-8 sequence 0xF0 0x8F (overlong encoding)", 1, 9, record: 1)
            ]),
        ReaderCase(
            "encoded surrogate", bytes: Array(#"[{"a": ""#.utf8) + [0xED, 0xA0, 0x80, 0x22],
            [
                fatal("invalid UTF-8 sequence 0xED 0xA0 (encoded surrogate)", 1, 9, record: 1)
            ]),
        ReaderCase(
            "above U+10FFFF", bytes: Array(#"[{"a": "é"#.utf8) + [0xF4, 0x90, 0x80, 0x80, 0x22],
            [
                fatal("invalid UTF-8 sequence 0xF4 0x90 (code point above U+10FFFF)", 1, 10, record: 1)
            ]),
        ReaderCase(
            "byte never used", bytes: Array(#"[{"a": ""#.utf8) + [0xF5, 0x80, 0x80, 0x80, 0x22],
            [
                fatal("invalid UTF-8 byte 0xF5 (never used in UTF-8)", 1, 9, record: 1)
            ]),
        ReaderCase(
            "stray continuation byte", bytes: Array(#"[{"a": "ab"#.utf8) + [0x80, 0x22],
            [
                fatal("invalid UTF-8 byte 0x80 (a continuation byte without a lead byte)", 1, 11, record: 1)
            ]),
        ReaderCase(
            "truncated sequence", bytes: Array(#"[{"a": ""#.utf8) + [0xE2, 0x82, 0x22, 0x7D, 0x5D],
            [
                fatal("invalid UTF-8 sequence 0xE2 0x82 0x22 (0xE2 starts a 3-byte sequence)", 1, 9, record: 1)
            ]),
        ReaderCase(
            "sequence cut by the end", bytes: Array(#"[{"a": ""#.utf8) + [0xF0, 0x9F, 0x98],
            [
                fatal("invalid UTF-8 sequence 0xF0 0x9F 0x98 (cut short by the end of the input)", 1, 9, record: 1)
            ]),
        ReaderCase(
            "invalid UTF-8 between tokens", bytes: Array(#"[{"a": 1"#.utf8) + [0xFF, 0x7D, 0x5D],
            [
                fatal("invalid UTF-8 byte 0xFF (never used in UTF-8)", 1, 9, record: 1)
            ]),
        ReaderCase(
            "non-ASCII letter as a value", #"[{"a": é}]"#,
            [
                fatal("expected a value, found 'é'", 1, 8, record: 1)
            ]),
        ReaderCase("no-break space", "[{\"a\":\u{A0}1}]", [fatal("expected a value, found U+00A0", 1, 7, record: 1)]),
        ReaderCase(
            "byte order mark in the middle", "[\u{FEFF}]",
            [
                fatal("expected a value, found U+FEFF", 1, 2, record: 1)
            ]),
        // Encodings that are not UTF-8.
        ReaderCase(
            "UTF-16 little-endian mark", bytes: [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00],
            [
                fatal(
                    "the input starts with a UTF-16 byte order mark (FF FE); rosterdb reads UTF-8: convert the file, "
                        + "for example with iconv -f UTF-16 -t UTF-8", 1, 1)
            ]),
        ReaderCase(
            "UTF-16 big-endian mark", bytes: [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D],
            [
                fatal(
                    "the input starts with a UTF-16 byte order mark (FE FF); rosterdb reads UTF-8: convert the file, "
                        + "for example with iconv -f UTF-16 -t UTF-8", 1, 1)
            ]),
        ReaderCase(
            "UTF-16 without a mark", bytes: [0x5B, 0x00, 0x5D, 0x00],
            [
                fatal(
                    "the input has NUL bytes at its start, as UTF-16 text has; rosterdb reads UTF-8: convert the file, "
                        + "for example with iconv -f UTF-16 -t UTF-8", 1, 1)
            ]),
        ReaderCase(
            "UTF-16 big-endian without a mark", bytes: [0x00, 0x5B, 0x00, 0x5D],
            [
                fatal(
                    "the input has NUL bytes at its start, as UTF-16 text has; rosterdb reads UTF-8: convert the file, "
                        + "for example with iconv -f UTF-16 -t UTF-8", 1, 1)
            ]),
        // The array itself.
        ReaderCase(
            "an object at the top", #"{"a": 1}"#,
            [
                fatal(
                    "the input starts with a JSON object, as NDJSON (one JSON object a line) does, not with an array "
                        + "of player objects; to read it as NDJSON, give --format ndjson", 1, 1)
            ]),
        ReaderCase(
            "a number at the top", "\n  42",
            [
                fatal("expected a JSON array of player objects, found '4'", 2, 3)
            ]),
        ReaderCase(
            "empty input", "",
            [
                fatal("expected a JSON array of player objects, found the end of the input", 1, 1)
            ]),
        ReaderCase(
            "byte order mark only", bytes: bom,
            [
                fatal("expected a JSON array of player objects, found the end of the input", 1, 1)
            ]),
        ReaderCase("unclosed array", "[", [fatal("expected a player object or ']', found the end of the input", 1, 2)]),
        ReaderCase(
            "unclosed array after a record", #"[{"a": 1}"#,
            one(.number("1")) + [
                fatal("expected ',' or ']' after record 1, found the end of the input", 1, 10)
            ]),
        ReaderCase(
            "nothing after a comma", "[{\"a\": 1},\n",
            one(.number("1")) + [
                fatal("expected a player object after record 1, found the end of the input", 2, 1)
            ]),
        ReaderCase(
            "text after the array", "[] x",
            [
                fatal("unexpected 'x' after the end of the array; only white space may follow it", 1, 4)
            ]),
        ReaderCase(
            "second array", "[]\n[]",
            [
                fatal("unexpected '[' after the end of the array; only white space may follow it", 2, 1)
            ]),
        ReaderCase(
            "form feed is no white space", "[\u{0C}]",
            [
                fatal("expected a value, found U+000C", 1, 2, record: 1)
            ]),
    ]

    @Test(arguments: errorCases)
    func reportsErrors(_ testCase: ReaderCase) {
        #expect(readAll(.json, bytes: testCase.input) == testCase.expected)
    }

    @Test func readsNamesThatDifferFromThePreviousRecordsNames() {
        // Names the same length as the previous record's, differing in one byte, around 8 and 16 bytes, escaped.
        let names = [
            ["a", "abcdefgh", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmno", ""],
            ["b", "abcdefgi", "abcdefghijklmnoq", "abcdefghijklmnopr", "abcdefghijklmnp", " "],
            ["b", "abcdefgi", "abcdefghijklmnoq", "abcdefghijklmnopr", "abcdefghijklmnp", " "],
            ["abcdefgh", "b", "abcdefghijklmnop", "é", #"a\u0062"#, "abcdefghijklmnop"],
            ["abcdefgh", "b", "abcdefghijklmnop", "é", "ab", "abcdefghijklmnop"],
        ]
        let input =
            "["
            + names.map { record in
                "{" + record.map { "\"\($0)\": 0" }.joined(separator: ", ") + "}"
            }.joined(separator: ",\n") + "]"
        let got = records(readAll(.json, input)).map { $0.fields.map(\.name) }
        var expected = names
        expected[3][4] = "ab"
        #expect(got == expected)
        for bufferSize in smallBufferSizes {
            #expect(records(readAll(.json, input, bufferSize: bufferSize)).map { $0.fields.map(\.name) } == expected)
        }
    }

    @Test func skipsElementsThatAreNotObjects() {
        let input = #"[1, "s", [1,2], true, null, {"a": 1}, false]"#
        #expect(
            readAll(.json, input) == [
                recoverable("record 1 is a number, not an object", 1, 2, record: 1),
                recoverable("record 2 is a string, not an object", 1, 5, record: 2),
                recoverable("record 3 is an array, not an object", 1, 10, record: 3),
                recoverable("record 4 is a boolean, not an object", 1, 17, record: 4),
                recoverable("record 5 is null, not an object", 1, 23, record: 5),
                record(6, 1, 29, [field("a", .number("1"), 1, 35)]),
                recoverable("record 7 is a boolean, not an object", 1, 39, record: 7),
            ])
    }

    @Test func checksTheSyntaxOfElementsThatAreNotObjects() {
        #expect(
            readAll(.json, #"[[1,]]"#) == [
                fatal("unexpected ',' after the last element of an array (trailing comma)", 1, 4, record: 1)
            ])
    }

    @Test func stopsAtNestingDeeperThan512Levels() {
        // The outer array is level 1, the record level 2: 510 arrays inside it reach level 512.
        let deepest = "[{\"a\": " + String(repeating: "[", count: 510) + String(repeating: "]", count: 510) + "}]"
        #expect(readAll(.json, deepest) == one(.array))
        let tooDeep = "[{\"a\": " + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}]"
        #expect(readAll(.json, tooDeep) == [fatal("nesting deeper than 512 levels", 1, 8 + 510, record: 1)])
        let objects = "[{\"a\": " + String(repeating: "{\"b\": ", count: 600)
        #expect(readAll(.json, objects) == [fatal("nesting deeper than 512 levels", 1, 8 + 510 * 6, record: 1)])
    }

    @Test func rejects100000NestedArraysQuickly() {
        let input = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let clock = ContinuousClock()
        var outcomes: [ReadOutcome] = []
        let elapsed = clock.measure { outcomes = readAll(.json, bytes: input) }
        #expect(outcomes == [fatal("nesting deeper than 512 levels", 1, 513, record: 1)])
        #expect(elapsed < .seconds(2))
        // Nesting inside a record's field, where the reader keeps values, too.
        let inField = Array("[{\"a\": ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(readAll(.json, bytes: inField) == [fatal("nesting deeper than 512 levels", 1, 518, record: 1)])
    }

    @Test func keepsOnlyTheLengthOfOversizedStrings() {
        let limit = RawValue.maximumStringBytes
        func input(_ value: String) -> String { "[{\"a\": \"\(value)\", \"b\": 1}]" }
        func expected(_ value: RawValue, bColumn: Int) -> [ReadOutcome] {
            [record(1, 1, 2, [field("a", value, 1, 8), field("b", .number("1"), 1, bColumn)])]
        }
        let atLimit = String(repeating: "x", count: limit)
        #expect(readAll(.json, input(atLimit)) == expected(.string(atLimit), bColumn: limit + 17))
        #expect(
            readAll(.json, input(atLimit + "y"))
                == expected(
                    .oversizedString(byteCount: limit + 1),
                    bColumn: limit + 18))
        // Length in bytes of the text, escapes decoded, multi-byte characters counted in bytes.
        let escaped = String(repeating: #"\n"#, count: limit + 1)
        #expect(
            readAll(.json, input(escaped))
                == expected(
                    .oversizedString(byteCount: limit + 1),
                    bColumn: 2 * (limit + 1) + 17))
        let accented = String(repeating: "é", count: limit / 2 + 1)
        #expect(
            readAll(.json, input(accented))
                == expected(
                    .oversizedString(byteCount: limit + 2),
                    bColumn: limit / 2 + 1 + 17))
        let halfEscaped = String(repeating: "x", count: limit) + #"\u00e9"#
        #expect(
            readAll(.json, input(halfEscaped))
                == expected(
                    .oversizedString(byteCount: limit + 2),
                    bColumn: limit + 6 + 17))
    }

    @Test func readsASeveralMegabyteStringWithoutKeepingIt() {
        let size = 5_000_000
        var bytes = Array(#"[{"a": ""#.utf8)
        bytes.reserveCapacity(size + 100)
        for index in 0..<size { bytes.append(index % 1000 == 999 ? UInt8(ascii: " ") : UInt8(ascii: "z")) }
        bytes += Array(#"", "b": "é"}, {"c": 2}]"#.utf8)
        for bufferSize in [nil, 4096, ByteSource.defaultBufferSize] {
            #expect(
                readAll(.json, bytes: bytes, bufferSize: bufferSize) == [
                    record(
                        1, 1, 2,
                        [
                            field("a", .oversizedString(byteCount: size), 1, 8),
                            field("b", .string("é"), 1, size + 17),
                        ]),
                    record(2, 1, size + 23, [field("c", .number("2"), 1, size + 29)]),
                ])
        }
    }

    @Test func reportsOversizedNamesAndNumbersAndGoesOn() {
        let limit = RawValue.maximumStringBytes
        let longName = String(repeating: "n", count: limit + 1)
        let longNumber = String(repeating: "9", count: limit + 1)
        let input = "[{\"\(longName)\": 1},\n{\"a\": \(longNumber)},\n{\"a\": 3}]"
        #expect(
            readAll(.json, input) == [
                recoverable("field name of \(limit + 1) bytes; the longest allowed is \(limit)", 1, 3, record: 1),
                recoverable("number longer than \(limit) characters", 2, 7, record: 2),
                record(3, 3, 1, [field("a", .number("3"), 3, 7)]),
            ])
    }

    @Test func reportsRecordsWithTooManyFields() {
        let limit = RawRecord.maximumFieldCount
        let fields = (0...limit).map { "\"f\($0)\":0" }.joined(separator: ",")
        let input = "[{\(fields)},{\"a\":1}]"
        // Column of the value of field number `limit` (0-based): each field before it takes its text and a comma.
        let column = 3 + (0..<limit).reduce(0) { $0 + "\"f\($1)\":0,".count } + "\"f\(limit)\":".count
        #expect(
            readAll(.json, input) == [
                recoverable("more than \(limit) fields in one record", 1, column, record: 1),
                record(2, 1, input.count - 7, [field("a", .number("1"), 1, input.count - 2)]),
            ])
    }

    @Test func everyPrefixGivesTheRecordsSoFarThenAnError() {
        let full = Array(sampleJSON.utf8)
        let expectedRecords = records(sampleJSONRecords)
        let lastClosing = full.lastIndex(of: UInt8(ascii: "]")) ?? 0
        for length in 0..<full.count {
            let outcomes = readAll(.json, bytes: Array(full[..<length]))
            let got = records(outcomes)
            #expect(Array(expectedRecords.prefix(got.count)) == got, "prefix of \(length) bytes")
            if length > lastClosing {
                #expect(outcomes == sampleJSONRecords, "prefix of \(length) bytes")
            } else {
                #expect(outcomes.last?.error?.isRecoverable == false, "prefix of \(length) bytes: \(outcomes)")
                #expect(outcomes.dropLast().allSatisfy { $0.record != nil }, "prefix of \(length) bytes")
            }
        }
    }

    @Test func cutsAnywhereGiveErrorsThatPointInsideTheInput() {
        for testCase in JSONArrayReaderTests.errorCases + JSONArrayReaderTests.valueCases {
            for length in 0...testCase.input.count {
                let prefix = Array(testCase.input[..<length])
                let lines = prefix.count { $0 == UInt8(ascii: "\n") } + 1
                for case .error(let error) in readAll(.json, bytes: prefix) {
                    let location = error.location
                    #expect(
                        location.line >= 1 && location.line <= lines && location.column >= 1
                            && location.column <= length + 1, "\(testCase.name), \(length) bytes: \(error)")
                }
            }
        }
    }

    @Test func givesTheSameResultsWhereverRefillsFall() {
        let inputs =
            [Array(sampleJSON.utf8)]
            + (JSONArrayReaderTests.errorCases + JSONArrayReaderTests.valueCases)
            .map(\.input)
        for input in inputs {
            let expected = readAll(.json, bytes: input)
            for bufferSize in smallBufferSizes {
                #expect(
                    readAll(.json, bytes: input, bufferSize: bufferSize) == expected,
                    "buffer of \(bufferSize) bytes: \(String(decoding: input, as: UTF8.self))")
            }
        }
    }

    @Test func quotesTheDigitsAfterALeadingZeroWhereverRefillsFall() {
        // The digits after the zero run past the end of a small buffer.
        let input = #"[{"id": 000000001986220833}]"#
        let expected = [fatal("leading zero in number '000000001986220833'", 1, 9, record: 1)]
        #expect(readAll(.json, input) == expected)
        for bufferSize in smallBufferSizes {
            #expect(readAll(.json, input, bufferSize: bufferSize) == expected, "buffer of \(bufferSize) bytes")
        }
    }

    @Test func countsBytesRead() throws {
        var reader: any RecordReader = JSONArrayReader(source: ByteSource(bytes: Array(sampleJSON.utf8)))
        #expect(reader.bytesRead == 0)
        _ = try reader.next()
        let firstRecord = "[\n  {\"name\": \"Mbappé\", \"goals\": 12, \"active\": true, \"club\": null}"
        #expect(reader.bytesRead == firstRecord.utf8.count)
        _ = try reader.next()
        #expect(try reader.next() == nil)
        #expect(reader.bytesRead == sampleJSON.utf8.count)
    }
}
