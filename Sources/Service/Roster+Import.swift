import Glibc
import RosterModel

extension Roster {
    /// Imports the inputs (`-` is standard input) in one write transaction: all of it or, when a record is
    /// invalid and `skipInvalid` is off, none of it. With `dryRun` everything is checked and counted, then rolled
    /// back. Throws `ImportError` for refused imports; their report says why. `changes` hears of every player added,
    /// updated or removed, once the import is committed (or, in a dry run, before it is rolled back); the list is
    /// kept on disk meanwhile, so a million changes take no memory. Once committed, the list is written to its end
    /// whatever the stop signal says (only a wait for its reader ends then), and a list that cannot be throws
    /// `ChangesNotListed` with the committed report, never an error that says nothing was written. With `expected`,
    /// refused with nothing written when the roster is no longer at a version it names.
    package func importFiles(
        _ names: [String], options: ImportOptions, standardInput: Int32 = STDIN_FILENO,
        progress: ((ImportProgress) -> Void)? = nil, changes: ChangeListOutput? = nil,
        expected: ExpectedVersion? = nil
    ) throws -> ImportReport {
        let started = MonotonicClock.now()
        try Roster.ensureAddressSpace(Roster.importMemory, for: "import")
        // Every input is checked before anything is written, so a missing second file leaves the roster as it was.
        let inputs = try names.map { name in
            try InputFile(opening: name, standardInput: standardInput, stop: stop)
        }
        var options = options
        for lookup in options.lookups { options.mapping.lookups[lookup.field] = try lookup.load(stop: stop) }
        var changeLog: (any ChangeList)?
        var report = try store.write(commit: !options.dryRun, madeBy: (["import"] + names).joined(separator: " ")) {
            players in
            try expected?.check(players, store: store.identity)
            changeLog = changes == nil ? nil : try players.changeList()
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
                    store: store, options: options, inputs: inputs, changes: changeLog, progress: progress, stop: stop)
                for input in inputs { try session.read(input) }
                try session.finish()
                records = session.report.records
                return session.report
            }
            progress?(ImportProgress(phase: .finishing, records: report.records, bytesRead: 0, totalBytes: nil))
            // A dry run's changes are gone once it rolls back: they are told now, and the list ends once nothing
            // can stop the dry run any more (a file that replaces another is renamed into place then).
            if options.dryRun, let changes, let changeLog {
                try changeLog.forEach { try changes.write($0) }
            }
            return report
        }
        if options.dryRun { try changes?.finish() }
        report.committed = !options.dryRun
        report.status = options.dryRun ? .dryRun : .committed
        report.changesWritten = changes == nil ? nil : true
        report.pendingMigrations = openSummary.pendingMigrations
        if !options.dryRun, let changes, let changeLog {
            do {
                try store.ignoringStop { try changeLog.forEach { try changes.write($0) } }
                try changes.finish()
            } catch {
                report.changesWritten = false
                report.seconds = MonotonicClock.seconds(since: started)
                throw ChangesNotListed(report: report, cause: error)
            }
        }
        report.seconds = MonotonicClock.seconds(since: started)
        return report
    }
}
