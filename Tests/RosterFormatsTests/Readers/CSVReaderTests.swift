import RosterFormats
import Testing

/// Quoting, CRLF and LF mixed, an empty line, a line break inside quotes, no line break at the end.
let sampleCSV =
    "name,goals,club\r\n"
    + "Mbappé,12,\"Real Madrid\"\r\n"
    + "\"Son, Heung-min\",,\"Tottenham \"\"Spurs\"\"\"\n"
    + "\n"
    + "\"Multi\n"
    + "line\",3,\"\"\n"
    + "Ødegaard,7,Arsenal"

let sampleCSVRecords: [ReadOutcome] = [
    record(
        1, 2, 1,
        [
            field("name", .cell("Mbappé"), 2, 1), field("goals", .cell("12"), 2, 8),
            field("club", .cell("Real Madrid"), 2, 11),
        ]),
    record(
        2, 3, 1,
        [
            field("name", .cell("Son, Heung-min"), 3, 1), field("goals", .null, 3, 18),
            field("club", .cell("Tottenham \"Spurs\""), 3, 19),
        ]),
    record(
        3, 5, 1,
        [
            field("name", .cell("Multi\nline"), 5, 1), field("goals", .cell("3"), 6, 7), field("club", .null, 6, 9),
        ]),
    record(
        4, 7, 1,
        [
            field("name", .cell("Ødegaard"), 7, 1), field("goals", .cell("7"), 7, 10),
            field("club", .cell("Arsenal"), 7, 12),
        ]),
]

@Suite struct CSVReaderTests {
    @Test func readsRecordsWithTheirLocations() {
        #expect(readAll(.csv, sampleCSV) == sampleCSVRecords)
    }

    static let cases: [ReaderCase] = [
        ReaderCase("header only", "a,b\r\n", []),
        ReaderCase("header without a line break", "a,b", []),
        ReaderCase(
            "trimmed header names", " name ,\tgoals\t, club \n1,2,3",
            [
                record(
                    1, 2, 1,
                    [
                        field("name", .cell("1"), 2, 1), field("goals", .cell("2"), 2, 3),
                        field("club", .cell("3"), 2, 5),
                    ])
            ]),
        ReaderCase(
            "quoted header names", "\"na,me\",\"b\"\"\"\nx,y\n",
            [
                record(1, 2, 1, [field("na,me", .cell("x"), 2, 1), field("b\"", .cell("y"), 2, 3)])
            ]),
        ReaderCase(
            "cells keep their spaces", "a,b\n x , y \n",
            [
                record(1, 2, 1, [field("a", .cell(" x "), 2, 1), field("b", .cell(" y "), 2, 5)])
            ]),
        ReaderCase(
            "empty cells are null", "a,b,c\n,\"\",\n",
            [
                record(1, 2, 1, [field("a", .null, 2, 1), field("b", .null, 2, 2), field("c", .null, 2, 5)])
            ]),
        ReaderCase(
            "empty last cell at the end of the input", "a,b\nx,",
            [
                record(1, 2, 1, [field("a", .cell("x"), 2, 1), field("b", .null, 2, 3)])
            ]),
        ReaderCase(
            "empty lines before the header and between rows", "\r\n\na\n\r\n\n1\n\n",
            [
                record(1, 6, 1, [field("a", .cell("1"), 6, 1)])
            ]),
        ReaderCase(
            "CRLF inside quotes is kept", "a\n\"x\r\ny\"\n",
            [
                record(1, 2, 1, [field("a", .cell("x\r\ny"), 2, 1)])
            ]),
        ReaderCase(
            "a lone carriage return is text", "a,b\nx\ry,z\n",
            [
                record(1, 2, 1, [field("a", .cell("x\ry"), 2, 1), field("b", .cell("z"), 2, 5)])
            ]),
        ReaderCase(
            "byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("a,b\n1,2\n".utf8),
            [
                record(1, 2, 1, [field("a", .cell("1"), 2, 1), field("b", .cell("2"), 2, 3)])
            ]),
        ReaderCase(
            "quoted cell at the end of the input", "a\n\"x\"",
            [
                record(1, 2, 1, [field("a", .cell("x"), 2, 1)])
            ]),
        ReaderCase(
            "Hangul and CJK columns", "이름,クラブ\n손흥민,東京\n",
            [
                record(1, 2, 1, [field("이름", .cell("손흥민"), 2, 1), field("クラブ", .cell("東京"), 2, 5)])
            ]),
        // Errors that concern one row: it is skipped, and reading goes on.
        ReaderCase(
            "too few cells", "a,b,c\n1,2\n4,5,6\n",
            [
                recoverable("record 1 has 2 fields; the header has 3", 2, 4, record: 1),
                record(
                    2, 3, 1, [field("a", .cell("4"), 3, 1), field("b", .cell("5"), 3, 3), field("c", .cell("6"), 3, 5)]),
            ]),
        ReaderCase(
            "too many cells", "a,b,c\n1,2,3,4,5\n",
            [
                recoverable("record 1 has 5 fields; the header has 3", 2, 7, record: 1)
            ]),
        ReaderCase(
            "one cell", "a,b\r\nxyz\r\n",
            [
                recoverable("record 1 has 1 field; the header has 2", 2, 4, record: 1)
            ]),
        ReaderCase(
            "quote inside an unquoted cell", "a,b\nab\"c,d\ne,f\n",
            [
                recoverable(
                    "unexpected '\"' in an unquoted field; a field that holds quotes must be enclosed in quotes, "
                        + "and its quotes doubled", 2, 3, record: 1),
                record(2, 3, 1, [field("a", .cell("e"), 3, 1), field("b", .cell("f"), 3, 3)]),
            ]),
        ReaderCase(
            "text after a closing quote", "a,b\n\"x\"y,z\n1,2\n",
            [
                recoverable(
                    "unexpected 'y' after the closing quote of a field; expected ',' or the end of the line", 2, 4,
                    record: 1),
                record(2, 3, 1, [field("a", .cell("1"), 3, 1), field("b", .cell("2"), 3, 3)]),
            ]),
        ReaderCase(
            "invalid UTF-8 in a cell", bytes: Array("a,b\nxé".utf8) + [0xFF] + Array(",y\n1,2\n".utf8),
            [
                recoverable("invalid UTF-8 byte 0xFF (never used in UTF-8)", 2, 3, record: 1),
                record(2, 3, 1, [field("a", .cell("1"), 3, 1), field("b", .cell("2"), 3, 3)]),
            ]),
        ReaderCase(
            "invalid UTF-8 in a quoted cell",
            bytes: Array("a,b\n\"x\n".utf8) + [0xED, 0xA0, 0x80]
                + Array("\",y\n1,2\n".utf8),
            [
                recoverable("invalid UTF-8 sequence 0xED 0xA0 (encoded surrogate)", 3, 1, record: 1),
                record(2, 4, 1, [field("a", .cell("1"), 4, 1), field("b", .cell("2"), 4, 3)]),
            ]),
        // Fatal errors.
        ReaderCase(
            "empty input", "",
            [
                fatal("expected a header row of column names, found the end of the input", 1, 1)
            ]),
        ReaderCase(
            "blank input", "\n\r\n",
            [
                fatal("expected a header row of column names, found the end of the input", 3, 1)
            ]),
        ReaderCase(
            "duplicate column", "name,goals,name\n1,2,3\n",
            [
                fatal("duplicate column name 'name' in the header: columns 1 and 3", 1, 12)
            ]),
        ReaderCase(
            "duplicate column after trimming", "name, name\n",
            [
                fatal("duplicate column name 'name' in the header: columns 1 and 2", 1, 6)
            ]),
        ReaderCase("empty column name", "a,,b\n1,2,3\n", [fatal("empty column name in the header (column 2)", 1, 3)]),
        ReaderCase("blank column name", "a,b,  \n", [fatal("empty column name in the header (column 3)", 1, 5)]),
        ReaderCase(
            "unterminated quote", "a,b\n1,\"abc\n2,3\n",
            [
                fatal(
                    "unterminated quoted field: the quote opened at line 2, column 3 is never closed", 2, 3, record: 1)
            ]),
        ReaderCase(
            "unterminated quote in the header", "\"a,b\n",
            [
                fatal("unterminated quoted field: the quote opened at line 1, column 1 is never closed", 1, 1)
            ]),
        ReaderCase(
            "quote inside a header name", "a\"b,c\n",
            [
                fatal(
                    "unexpected '\"' in an unquoted field; a field that holds quotes must be enclosed in quotes, "
                        + "and its quotes doubled", 1, 2)
            ]),
        ReaderCase(
            "lines ended by CR alone", "name,position\rHostile One,ST\rHostile Two,GK\r",
            [
                fatal(
                    "control character U+000D (carriage return) in a column name of the header (column 2); rows must "
                        + "end with LF or CRLF, not CR alone", 1, 6)
            ]),
        ReaderCase(
            "control character in a column name", "a,b\u{1}c\n1,2\n",
            [
                fatal("control character U+0001 in a column name of the header (column 2)", 1, 3)
            ]),
        ReaderCase(
            "UTF-16", bytes: [0xFE, 0xFF, 0x00, 0x61],
            [
                fatal(
                    "the input starts with a UTF-16 byte order mark (FE FF); rosterdb reads UTF-8: convert the file, "
                        + "for example with iconv -f UTF-16 -t UTF-8", 1, 1)
            ]),
        ReaderCase(
            "UTF-16 without a mark", bytes: [0x61, 0x00, 0x2C, 0x00, 0x62, 0x00],
            [
                fatal(
                    "the input has NUL bytes at its start, as UTF-16 text has; rosterdb reads UTF-8: convert the file, "
                        + "for example with iconv -f UTF-16 -t UTF-8", 1, 1)
            ]),
    ]

    @Test(arguments: cases)
    func readsRows(_ testCase: ReaderCase) {
        #expect(readAll(.csv, bytes: testCase.input) == testCase.expected)
    }

    @Test func keepsOnlyTheLengthOfOversizedCells() {
        let limit = RawValue.maximumStringBytes
        let atLimit = String(repeating: "x", count: limit)
        let input = "a,b,c\n\(atLimit),\(atLimit)y,\"\(atLimit)\"\"\"\n1,2,3"
        #expect(
            readAll(.csv, input) == [
                record(
                    1, 2, 1,
                    [
                        field("a", .cell(atLimit), 2, 1),
                        field("b", .oversizedString(byteCount: limit + 1), 2, limit + 2),
                        field("c", .oversizedString(byteCount: limit + 1), 2, 2 * limit + 4),
                    ]),
                record(
                    2, 3, 1, [field("a", .cell("1"), 3, 1), field("b", .cell("2"), 3, 3), field("c", .cell("3"), 3, 5)]),
            ])
        let longName = String(repeating: "n", count: limit + 1)
        #expect(
            readAll(.csv, "a,\(longName)\n") == [
                fatal(
                    "column name of \(limit + 1) bytes in the header (column 2); the longest allowed is \(limit)", 1, 3)
            ])
    }

    @Test func refusesAHeaderWithoutTheRequiredColumns() {
        func read(_ text: String) -> [ReadOutcome] {
            var reader: any RecordReader = CSVReader(
                source: ByteSource(bytes: Array(text.utf8)), headerCheck: RecordValidator.headerProblem)
            return readAll(&reader)
        }
        // Names are matched ignoring case and surrounding spaces.
        #expect(read("\nName, POSITION \n") == [])
        #expect(
            read("\nplayer,role\n") == [
                fatal(
                    "the header has no columns 'name' and 'position', which every record needs (its columns: 'player', "
                        + "'role')", 2, 1)
            ])
        #expect(
            read("name,position,Name\n") == [
                fatal("columns 1 ('name') and 3 ('Name') both mean name", 1, 1)
            ])
        let wide = (1...9).map { "column \($0)" }.joined(separator: ",") + ",name," + String(repeating: "x", count: 50)
        #expect(
            read(wide + "\n1,2,3,4,5,6,7,8,9,10,11\n") == [
                fatal(
                    "the header has no column 'position', which every record needs (its columns: 'column 1', "
                        + "'column 2', 'column 3', 'column 4', 'column 5', 'column 6', 'column 7', 'column 8', …)", 1, 1
                )
            ])
        #expect(read(" name ,position\n") == [])
        let long = String(repeating: "é", count: 41)
        #expect(
            read("\(long),position") == [
                fatal(
                    "the header has no column 'name', which every record needs (its columns: "
                        + "'\(String(repeating: "é", count: 39))…', 'position')", 1, 1)
            ])
    }

    @Test func rejectsHeadersWithTooManyColumns() {
        let limit = RawRecord.maximumFieldCount
        let header = (0...limit).map { "c\($0)" }.joined(separator: ",")
        let column = (0..<limit).reduce(1) { $0 + "c\($1),".count }
        #expect(
            readAll(.csv, header + "\n") == [
                fatal("the header has more than \(limit) columns", 1, column)
            ])
    }

    @Test func givesTheSameResultsWhereverRefillsFall() {
        for input in [Array(sampleCSV.utf8)] + CSVReaderTests.cases.map(\.input) {
            let expected = readAll(.csv, bytes: input)
            for bufferSize in smallBufferSizes {
                #expect(
                    readAll(.csv, bytes: input, bufferSize: bufferSize) == expected,
                    "buffer of \(bufferSize) bytes: \(String(decoding: input, as: UTF8.self))")
            }
        }
    }

    @Test func everyPrefixGivesTheRecordsSoFar() {
        let full = Array(sampleCSV.utf8)
        let expected = records(sampleCSVRecords)
        for length in 0...full.count {
            let outcomes = readAll(.csv, bytes: Array(full[..<length]))
            // A cut row may read as a shorter record or a row of the wrong width; the rows before it as they are.
            let got = records(outcomes)
            #expect(outcomes.count <= expected.count + 1, "prefix of \(length) bytes")
            for (index, record) in got.enumerated() where index < got.count - 1 {
                #expect(record == expected[index], "prefix of \(length) bytes")
            }
            if length == 0 {
                #expect(outcomes.first?.error?.isRecoverable == false)
            }
        }
    }
}
