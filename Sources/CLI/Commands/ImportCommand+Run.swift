import RosterFormats
import RosterModel
import RosterService

extension ImportCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        // Before opening: a signal while waiting for the lock, or during a migration, must stop rosterdb with its
        // message and exit code too, not kill it.
        SignalTrap.install()
        if history { return try restoreHistory(context) }
        var report: ImportReport
        // Set when the import was committed but its change list could not be written to its end.
        var changesNotListed: ChangesNotListed?
        let progressBar =
            context.terminal.showsProgress && !quiet
            ? ProgressReporter(output: context.errors, width: context.terminal.width ?? 80) : nil
        do {
            defer { progressBar?.clear() }
            let changeFile = try changesPath.flatMap {
                $0 == "-" ? nil : try context.outputFile($0, for: ImportCommand.changes, stop: SignalTrap.stop)
            }
            let changeOutput: TextOutput? = changeFile ?? (changesPath == "-" ? context.output : nil)
            var options = self.options
            options.mapping = try mappingWithFile()
            let roster = try context.openRoster(options.dryRun ? .check : .write, stop: SignalTrap.stop)
            report = try roster.importFiles(
                files, options: options, standardInput: context.input,
                progress: progressBar.map { bar in { bar.update($0) } },
                changes: changeOutput.map { output in
                    ChangeListOutput(
                        write: { try output.write(ChangeEncoding.line($0)) },
                        finish: { try changeFile?.commit() ?? output.flush() })
                })
        } catch let error as ChangesNotListed {
            report = error.report
            changesNotListed = error
        } catch {
            // The report is written for every outcome: a script reads why from its status. Nothing was written, so
            // an output that fails too must not hide why.
            if let refused = (error as? ImportError)?.report {
                try? context.errors.write(ImportReportView.problems(refused))
                if jsonReport { try? ImportReportView.writeJSON(refused, to: context.output) }
            } else if jsonReport {
                var failed = ImportReport(files: files)
                failed.dryRun = options.dryRun
                failed.status = ImportStatus(failure: error)
                try? ImportReportView.writeJSON(failed, to: context.output)
            }
            throw error
        }
        do {
            try context.report(saved: report.committed) {
                try context.errors.write(ImportReportView.problems(report))
                if !quiet { try context.errors.write(ImportReportView.summary(report)) }
                if jsonReport { try ImportReportView.writeJSON(report, to: context.output) }
            }
        } catch let error as ReportNotWritten {
            // The change list's own failure says more (it may be the same output, a reader that went away).
            throw changesNotListed ?? error
        }
        if let changesNotListed { throw changesNotListed }
        // Written but not pruned: players the feed no longer has are still in the roster.
        if report.prune.skippedReason == .rejectedRecords && !allowsPartialPrune { return .pruneSkipped }
        return .success
    }

    /// `import --history FILE`: the history restored into the empty roster, its summary on standard error.
    private func restoreHistory(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRoster(options.dryRun ? .check : .write, stop: SignalTrap.stop)
        let report = try roster.importHistory(files[0], standardInput: context.input, dryRun: options.dryRun)
        try context.report(saved: !report.dryRun) {
            if !quiet { try context.errors.write(HistoryRestoreView.summary(report, file: files[0])) }
        }
        return .success
    }

    /// The mapping of the options, with the map file's lines added; a field mapped twice is a usage error.
    private func mappingWithFile() throws -> RecordMapping {
        var mapping = options.mapping
        guard let mapFile else { return mapping }
        switch RecordMapping.sources(fromFile: try TextFile.read(mapFile, stop: SignalTrap.stop)) {
        case .success(let sources):
            for (field, source) in sources {
                if mapping.sources[field] != nil { throw UsageError.repeatedMapping(field.name) }
                mapping.sources[field] = source
            }
        case .failure(let refused):
            throw UsageError.invalidValue(
                value: mapFile, option: ImportCommand.mapFile.spec.synopsis, reason: refused.reason)
        }
        return mapping
    }
}
