import Foundation
import TestSupport
import Testing

/// A hostile input too big to commit (deep nesting, 50 MB values, a million fields), written when the test runs;
/// its expectations are those of a line of `Tests/Fixtures/hostile/EXPECTED.tsv`.
struct GeneratedHostileInput: Sendable, CustomTestStringConvertible {
    let file: String
    let exitCode: Int32
    /// Text standard error must contain; right after the file name when it starts with ':'.
    let expected: String
    /// Writes the input at the path it is given.
    let write: @Sendable (String) throws -> Void

    var testDescription: String { file }

    private static let levels = 100_000
    private static let megabytes50 = 50 << 20
    private static let million = 1_000_000

    /// A valid record, then the start of a second one whose next value is the hostile part.
    private static let jsonHead = "[\n  {\"id\": 101, \"name\": \"Hostile One\", \"position\": \"ST\"},\n  "
    private static let ndjsonHead = "{\"id\": 101, \"name\": \"Hostile One\", \"position\": \"ST\"}\n"

    static let all: [GeneratedHostileInput] = {
        let valueAt = #"{"id": 102, "name": "Deep", "position": "GK", "extra": "#
        let goalsAt = #"{"id": 102, "name": "Big", "position": "GK", "goals": "#
        // The value of the 1,025th field, one past the limit, on line 3.
        let fieldLimitColumn =
            3 + #"{"id": 102, "name": "Wide", "position": "GK", "#.count
            + (0..<1_021).reduce(0) { $0 + #""f\#($1)": 1, "#.count } + #""f1021": "#.count
        let columnLimitColumn = 1 + (0..<1_024).reduce(0) { $0 + "c\($1),".count }
        return [
            // Nesting: an explicit stack, never recursion, so any depth fails cleanly at 512.
            GeneratedHostileInput(
                file: "json-nesting-100000-levels-in-a-field.json", exitCode: 65,
                expected: ":3:\(3 + valueAt.count + 510): record 2: nesting deeper than 512 levels"
            ) { path in
                try write(path, jsonHead, valueAt, repeated("[", levels), repeated("]", levels), "}\n]\n")
            },
            GeneratedHostileInput(
                file: "json-nesting-100000-levels-as-the-record.json", exitCode: 65,
                expected: ":1:513: record 1: nesting deeper than 512 levels"
            ) { path in
                try write(path, repeated("[", levels + 1))
            },
            GeneratedHostileInput(
                file: "json-nesting-100000-levels-of-objects.json", exitCode: 65,
                expected: ":3:\(3 + 511 * 5): record 2: nesting deeper than 512 levels"
            ) { path in
                try write(path, jsonHead, repeated(#"{"a":"#, levels), "1", repeated("}", levels), "\n]\n")
            },
            GeneratedHostileInput(
                file: "ndjson-nesting-100000-levels.ndjson", exitCode: 65,
                expected: ":2:\(#"{"extra": "#.count + 512): record 2: nesting deeper than 512 levels"
            ) { path in
                try write(path, ndjsonHead, #"{"extra": "#, repeated("[", levels), repeated("]", levels), "}\n")
            },
            // 50 MB values: only their length is kept.
            GeneratedHostileInput(
                file: "json-string-50mb.json", exitCode: 65,
                expected: ":3:23: record 2: name: is longer than 200 characters (a string of 52,428,800 bytes)"
            ) { path in
                try write(
                    path, jsonHead, #"{"id": 102, "name": ""#, repeated("a", megabytes50),
                    #"", "position": "GK"}"#, "\n]\n")
            },
            GeneratedHostileInput(
                file: "json-string-50mb-unterminated.json", exitCode: 65,
                expected: ":3:23: record 2: unterminated string"
            ) { path in
                try write(path, jsonHead, #"{"id": 102, "name": ""#, repeated("a", megabytes50))
            },
            GeneratedHostileInput(
                file: "json-number-50mb.json", exitCode: 65,
                expected: ":3:\(3 + goalsAt.count): record 2: number longer than 16384 characters"
            ) { path in
                try write(path, jsonHead, goalsAt, repeated("9", megabytes50), "}\n]\n")
            },
            GeneratedHostileInput(
                file: "json-field-name-50mb.json", exitCode: 65,
                expected: ":3:\(3 + #"{"id": 102, "name": "Long", "position": "GK", "#.count): record 2: "
                    + "field name of 52428800 bytes; the longest allowed is 16384"
            ) { path in
                try write(
                    path, jsonHead, #"{"id": 102, "name": "Long", "position": "GK", ""#,
                    repeated("k", megabytes50), #"": 1}"#, "\n]\n")
            },
            GeneratedHostileInput(
                file: "csv-cell-50mb.csv", exitCode: 65,
                expected: ":3:1: record 2: name: is longer than 200 characters (a string of 52,428,800 bytes)"
            ) { path in
                try write(path, "name,position\nHostile One,ST\n", repeated("a", megabytes50), ",GK\n")
            },
            // A million of something: fields, columns, cells, bad lines.
            GeneratedHostileInput(
                file: "json-million-fields.json", exitCode: 65,
                expected: ":3:\(fieldLimitColumn): record 2: more than 1024 fields in one record"
            ) { path in
                let fields = (0..<million).map { #""f\#($0)": 1"# }.joined(separator: ", ")
                try write(path, jsonHead, #"{"id": 102, "name": "Wide", "position": "GK", "#, fields, "}\n]\n")
            },
            GeneratedHostileInput(
                file: "csv-million-columns.csv", exitCode: 65,
                expected: ":1:\(columnLimitColumn): the header has more than 1024 columns"
            ) { path in
                let header = (0..<million).map { "c\($0)" }.joined(separator: ",")
                try write(path, header, "\n", repeated("1,", million - 1), "1\n")
            },
            GeneratedHostileInput(
                file: "csv-million-cells-in-a-row.csv", exitCode: 65,
                expected: ":3:6: record 2: record 2 has 1000002 fields; the header has 2"
            ) { path in
                try write(path, "name,position\nHostile One,ST\nX,GK", repeated(",1", million), "\n")
            },
            GeneratedHostileInput(
                file: "ndjson-million-bad-lines.ndjson", exitCode: 65,
                expected: ":2:2: record 2: expected a field name in double quotes, found ','"
            ) { path in
                try write(path, ndjsonHead, repeated("{,}\n", million))
            },
            // Inputs that cannot be read at all.
            GeneratedHostileInput(
                file: "folder-named-like-a-file.json", exitCode: 66,
                expected: "cannot open folder-named-like-a-file.json: it is a folder"
            ) { path in
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            },
            GeneratedHostileInput(
                file: "missing-file.json", exitCode: 66,
                expected: "cannot open missing-file.json: No such file or directory"
            ) { _ in },
        ]
    }()

    /// `text` `count` times over.
    private static func repeated(_ text: String, _ count: Int) -> [UInt8] {
        let unit = Array(text.utf8)
        if unit.count == 1 { return Array(repeating: unit[0], count: count) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(unit.count * count)
        for _ in 0..<count { bytes.append(contentsOf: unit) }
        return bytes
    }

    /// Writes `parts`, text or bytes, one after the other.
    private static func write(_ path: String, _ parts: any ByteChunk...) throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        for part in parts { bytes += part.bytes }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

/// Text or bytes, as parts of a generated file.
private protocol ByteChunk {
    var bytes: [UInt8] { get }
}

extension String: ByteChunk {
    var bytes: [UInt8] { Array(utf8) }
}

extension Array: ByteChunk where Element == UInt8 {
    var bytes: [UInt8] { self }
}

/// The list of generated inputs is one the suite can run: each input a file of its own, named after its format,
/// apart from the committed ones, with an expectation to check.
@Suite struct GeneratedHostileInputTests {
    @Test func everyInputHasItsOwnFileAndAnExpectation() {
        let files = GeneratedHostileInput.all.map(\.file)
        #expect(files.count >= 15)
        #expect(Set(files).count == files.count, "two inputs share a file name")
        let committed = Set(HostileInputTests.committed.map(\.file))
        #expect(committed.isDisjoint(with: files), "a generated input has a committed fixture's name")
        for input in GeneratedHostileInput.all {
            let format = input.file.split(separator: "-").first.map(String.init) ?? ""
            #expect(
                input.file.hasSuffix("." + format) || ["folder", "missing"].contains(format),
                "\(input.file) is not named after its format")
            #expect([65, 66].contains(input.exitCode), "\(input.file): exit \(input.exitCode)")
            #expect(!input.expected.isEmpty, "\(input.file) expects nothing")
        }
    }

    /// A small input is written where it is asked, and written whole again when asked twice.
    @Test func anInputIsWrittenWhereItIsAsked() throws {
        let folder = try TemporaryDirectory()
        let input = try #require(
            GeneratedHostileInput.all.first { $0.file == "json-nesting-100000-levels-as-the-record.json" })
        let path = folder.path(input.file)
        try input.write(path)
        let first = try Data(contentsOf: URL(fileURLWithPath: path))
        try input.write(path)
        #expect(first.count > 100_000, "not 100,000 levels of nesting")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == first)
    }
}
