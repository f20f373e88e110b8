import Foundation
import TestSupport
import Testing

/// docs/commands.md is the built binary's `--help` of every command, as `Scripts/generate-command-reference.sh`
/// writes it: the page cannot drift from the declarations the parser reads.
@Suite struct CommandReferenceTests {
    @Test func theCommittedReferenceIsWhatTheBinaryPrints() throws {
        let script = Fixtures.packageRoot.appendingPathComponent("Scripts/generate-command-reference.sh").path
        let generated = try RosterProcess.run(
            [script, RosterProcess.executable.path, "-"], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(generated.status == 0, "\(generated.stderr)")
        // Every command of the top-level help has its section.
        #expect(generated.stdout.contains("\n## rosterdb import\n"))
        #expect(generated.stdout.contains("\n## rosterdb token\n"))
        let committed = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        #expect(
            committed == generated.stdout,
            "docs/commands.md differs from the binary's help: run Scripts/generate-command-reference.sh")
    }
}
