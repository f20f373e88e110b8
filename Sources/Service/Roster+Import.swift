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
        // Every input opens before anything is written, so a missing second file leaves the roster as it was.
        let inputs = try names.map { name throws(ImportError) in
            try InputFile(opening: name, standardInput: standardInput)
        }
        var report = try database.write(commit: !options.dryRun) { players in
            var records = 0
            let report = try players.load(
                building: { completed, total in
                    progress?(
                        ImportProgress(
                            phase: .building(completed: completed, total: total), records: records, bytesRead: 0,
                            totalBytes: nil))
                }
            ) { store in
                var session = try ImportSession(
                    store: store, options: options, inputs: inputs, progress: progress, stop: stop)
                for input in inputs { try session.read(input) }
                try session.finish()
                records = session.report.records
                return session.report
            }
            progress?(ImportProgress(phase: .finishing, records: report.records, bytesRead: 0, totalBytes: nil))
            return report
        }
        report.committed = !options.dryRun
        report.pendingMigrations = openSummary.pendingMigrations
        report.seconds = MonotonicClock.seconds(since: started)
        return report
    }
}
