import Foundation
import TestSupport
import Testing

/// Every file of `Tests/Fixtures/hostile`, and the inputs too big to commit, imported by the built binary into a
/// roster that already holds the sample players: the import must end with the expected exit code, name the file,
/// line and record of the problem, not crash, stay under 64 MB, and leave the roster as it was.
@Suite struct HostileInputTests {
    /// One line of `EXPECTED.tsv`.
    struct Entry: Sendable, CustomTestStringConvertible {
        let file: String
        let exitCode: Int32
        let expected: String

        var testDescription: String { file }
    }

    static let folder = Fixtures.directory.appendingPathComponent("hostile")

    /// The manifest's lines; empty when it cannot be read, which `theManifestListsEveryFile` reports.
    static let committed: [Entry] = {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("EXPECTED.tsv"), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let columns = line.split(separator: "\t", maxSplits: 2).map(String.init)
            guard columns.count == 3, let code = Int32(columns[1]) else { return nil }
            return Entry(file: columns[0], exitCode: code, expected: columns[2])
        }
    }()

    /// Peak memory allowed to an import, whatever its input.
    static let memoryLimitKiB = 64 * 1024

    /// The sample roster's database file and its export, made once for every test.
    struct Sample: Sendable {
        let database: [UInt8]
        let export: String
    }

    static let sample: Result<Sample, any Error> = Result {
        let scratch = try TemporaryDirectory()
        let created = try RosterProcess.run(["--db", "roster.db", "init", "--sample"], in: scratch.url)
        guard created.status == 0 else { throw SpawnedProcess.Failure(description: created.stderr) }
        let export = try RosterProcess.run(["--db", "roster.db", "export", "--format", "ndjson"], in: scratch.url)
        // Closing the roster checkpointed it: the database file alone holds it all.
        return Sample(database: scratch.bytes(of: scratch.path("roster.db")) ?? [], export: export.stdout)
    }

    @Test func theManifestListsEveryFile() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0 != "EXPECTED.tsv" && $0 != "README.md" && !$0.hasPrefix(".") }
        let listed = Self.committed.map(\.file)
        #expect(Set(listed).count == listed.count, "a file is listed twice")
        #expect(Set(files).subtracting(listed).sorted() == [], "files without a line in EXPECTED.tsv")
        #expect(Set(listed).subtracting(files).sorted() == [], "lines of EXPECTED.tsv without a file")
        #expect(listed.count >= 60)
        #expect(Set(Self.committed.map(\.exitCode)).isSubset(of: [64, 65, 66]))
    }

    @Test(arguments: committed)
    func committedInput(_ entry: Entry) throws {
        try check(entry.file, in: Self.folder, exitCode: entry.exitCode, expected: entry.expected)
    }

    /// A minute stops a hang; sanitized builds run many times slower.
    @Test(.timeLimit(.minutes(RosterProcess.isSanitized ? 15 : 1)), arguments: GeneratedHostileInput.all)
    func generatedInput(_ input: GeneratedHostileInput) throws {
        let inputs = try TemporaryDirectory()
        try input.write(inputs.path(input.file))
        try check(input.file, in: inputs.url, exitCode: input.exitCode, expected: input.expected)
    }

    /// Imports `file`, in `directory`, into a copy of the sample roster, and checks what the suite promises.
    private func check(_ file: String, in directory: URL, exitCode: Int32, expected: String) throws {
        let sample = try Self.sample.get()
        let scratch = try TemporaryDirectory()
        let database = try scratch.write(bytes: sample.database, to: "roster.db")
        // The input is named as a user names it, relative to the folder the command runs in.
        let result = try RosterProcess.spawn(
            ["--db", database, "import", file], in: directory, scratch: scratch.url)

        #expect(result.signal == nil, "killed by signal \(result.signal ?? 0)\n\(result.stderr)")
        #expect(result.exitCode == exitCode, "\(result.stderr)")
        for crash in ["Fatal error", "Program crashed", "Backtrace", "Sanitizer", "stack trace"] {
            #expect(!result.stderr.contains(crash), "\(result.stderr)")
        }
        let named = expected.hasPrefix(":") ? file + expected : expected
        #expect(result.stderr.contains(named), "expected \(named)\nin \(result.stderr)")
        #expect(result.stdout == "")
        if !RosterProcess.isSanitized {
            #expect(result.peakMemoryKiB < Self.memoryLimitKiB, "peak memory \(result.peakMemoryKiB) KiB")
        }
        let after = try RosterProcess.run(["--db", database, "export", "--format", "ndjson"], in: scratch.url)
        #expect(after.status == 0)
        #expect(after.stdout == sample.export, "the roster changed")
    }
}
