import Glibc
import RosterModel

extension Roster {
    /// Imports the inputs (`-` is standard input) in one write transaction: all of it or, when a record is
    /// invalid and `skipInvalid` is off, none of it. With `dryRun` everything is checked and counted, then rolled
    /// back. Throws `ImportError` for refused imports; their report says why.
    public func importFiles(
        _ names: [String], options: ImportOptions, standardInput: Int32 = STDIN_FILENO,
        progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportReport {
        let started = MonotonicClock.now()
        try Roster.ensureAddressSpace(Roster.importMemory)
        // Every input opens before anything is written, so a missing second file leaves the roster as it was.
        let inputs = try names.map { name in
            try InputFile(opening: name, standardInput: standardInput, shouldStop: shouldStop)
        }
        var report: ImportReport
        do {
            report = try database.write { players in
                var session = try ImportSession(
                    players: players, options: options, inputs: inputs, progress: progress, shouldStop: shouldStop)
                // Into an empty roster every record is new: build the indexes once at the end instead.
                if try players.count() == 0 {
                    try players.withIndexesSuspended {
                        for input in inputs { try session.read(input) }
                        session.reportFinishing()
                    }
                } else {
                    for input in inputs { try session.read(input) }
                    session.reportFinishing()
                }
                try session.finish()
                if options.dryRun { throw DryRunRollback(report: session.report) }
                return session.report
            }
            report.committed = true
        } catch let rollback as DryRunRollback {
            report = rollback.report
        }
        report.seconds = MonotonicClock.seconds(since: started)
        return report
    }
}

extension Roster {
    /// Memory an import needs beyond what an open roster holds: the input buffer (1 MiB), the reading thread's
    /// stack (1 MiB), the batches in flight, and SQLite's page cache (2 MiB), with room to spare.
    static let importMemory = 6 << 20

    /// Throws `notEnoughMemory` when `bytes` of address space cannot be had now (under `ulimit -v`). A failed
    /// allocation half-way through an import ends the process (Swift cannot recover from one); refused at the
    /// start, the import ends with a message instead.
    static func ensureAddressSpace(_ bytes: Int) throws {
        let region = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let region, region != UnsafeMutableRawPointer(bitPattern: -1) else {  // MAP_FAILED
            throw ImportError.notEnoughMemory(neededBytes: bytes)
        }
        munmap(region, bytes)
    }
}

/// Thrown to roll back a dry run once its report is complete.
private struct DryRunRollback: Error {
    let report: ImportReport
}
