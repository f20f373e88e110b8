import TestSupport
import Testing

/// The `PeakMemory` helper, which every memory limit of these tests relies on: it must report the measured program's
/// own peak (not the test process's), pass its exit code through and name the signal that ended it.
@Suite struct PeakMemoryTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func spawn(_ script: String) throws -> SpawnedProcess.Outcome {
        try RosterProcess.spawn(shell: script, [], in: folder.url, scratch: folder.url)
    }

    @Test func anExitCodeIsPassedThrough() throws {
        let outcome = try spawn("exit 3")
        #expect(outcome.exitCode == 3)
        #expect(outcome.signal == nil)
    }

    @Test func aSignalThatEndsTheProgramIsNamed() throws {
        // SIGKILL, which no inherited disposition can ignore.
        let outcome = try spawn("kill -KILL $$")
        #expect(outcome.exitCode == nil)
        #expect(outcome.signal == 9)
    }

    /// A program the helper cannot run fails the test that asked for it, with the helper's reason, rather than
    /// yielding an outcome (a peak of 0 KiB would pass every memory limit).
    @Test func aProgramThatCannotRunFailsTheMeasurement() throws {
        let measurer = RosterProcess.executable.deletingLastPathComponent().appendingPathComponent("PeakMemory").path
        let missing = folder.url.appendingPathComponent("no-such-program").path
        let error = #expect(throws: SpawnedProcess.Failure.self) {
            try SpawnedProcess.run(
                missing, arguments: [], in: folder.url.path, environment: [:], scratch: folder.url.path,
                measurer: measurer)
        }
        #expect(error?.description.contains("PeakMemory: cannot run \(missing): No such file or directory") == true)
        // Exit status 127, as the shell gives a command it cannot find.
        #expect(error?.description.contains("(status \(127 << 8))") == true)
    }

    /// A shell that does nothing stays small whatever the test process has grown to; one that holds 100 MB of text
    /// reports at least that.
    @Test func thePeakIsTheProgramsOwnAndGrowsWithIt() throws {
        let small = try spawn("exit 0")
        #expect(small.peakMemoryKiB > 0)
        #expect(small.peakMemoryKiB < 32 * 1024)
        let large = try spawn(#"text=$(head -c 100000000 /dev/zero | tr '\0' a); [ "${#text}" -eq 100000000 ]"#)
        #expect(large.exitCode == 0)
        #expect(large.peakMemoryKiB >= 97_000)
    }
}
