import RosterFormats
import RosterModel
import RosterService

/// `rosterdb import FILE...`: loads players from JSON, NDJSON or CSV in one all-or-nothing transaction.
struct ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Import players from JSON, NDJSON or CSV files.",
        discussion: "All files are imported in one transaction: if any record is invalid, nothing is written and "
            + "every problem is listed (exit 65). A record with an id updates that player or is added with that id; "
            + "one without is matched on its ref, then on name (ignoring case and accents) and birth date. A "
            + "provider's file imports as it comes with --map, --null, --value-map, --delimiter and --date-format. "
            + "The summary goes to standard error.",
        arguments: [ArgumentSpec(name: "file", help: "Input files; '-' reads standard input.", isRepeating: true)],
        options: [
            format.spec, map.spec, mapFile.spec, valueMap.spec, null.spec, delimiter.spec, dateFormat.spec,
            prune.spec, maxPrune.spec, allowPartialPrune.spec, dryRun.spec, skipInvalid.spec, changes.spec,
            quietFlag.spec, report.spec,
        ]
    )
    static let allowPartialPrune = Flag(
        "allow-partial-prune",
        help: "With --prune and --skip-invalid: exit 0, not 4, when records were rejected and "
            + "so the prune was skipped.")
    static let changes = Option.text(
        "changes", "file",
        help: "Write one JSON line per player added, updated or removed to this file ('-': "
            + "standard output) once the import is committed; with --dry-run, the changes it would make.")
    static let map = Option<(PlayerField, RecordMapping.Source)>(
        "map", "field=source", repeatable: true,
        help: "Take a field from another column or key, or from a template joining several: --map ref=code, --map "
            + "'name={first_name} {second_name}'; --map id= ignores the file's own id column. Repeat for each field."
    ) { text in RecordMapping.source(from: text).mapError { Option.ValueRefused(reason: $0.reason) } }
    static let mapFile = Option.text(
        "map-file", "file", help: "Read FIELD=SOURCE mappings from a file, one a line (# starts a comment).")
    static let valueMap = Option<(PlayerField, [String: String])>(
        "value-map", "field:from=to,…", repeatable: true,
        help: "Translate a provider's values of a field: --value-map position:1=GK,2=DF,3=MF,4=FW. Repeat for "
            + "each field."
    ) { text in RecordMapping.valueMap(from: text).mapError { Option.ValueRefused(reason: $0.reason) } }
    static let null = Option.text(
        "null", "token",
        help: "A text that means unknown, such as None or 'not available' (ignoring case); "
            + "repeat for several.")
    static let delimiter = Option.choice(
        "delimiter", of: CSVDelimiter.self, help: "What separates CSV cells (default: a tab for .tsv, else a comma).")
    static let dateFormat = Option.choice(
        "date-format", of: DateFormat.self,
        help: "How birth dates are written (default: yyyy-MM-dd); iso-datetime "
            + "keeps the date of 1990-01-02T00:00:00.")
    static let format = Option.choice(
        "format", of: InputFormat.self,
        help: "The input format (default: from the file extension, else the first byte).")
    static let prune = Flag("prune", help: "The input is a full snapshot: remove players absent from it.")
    static let maxPrune = Option.decimal(
        "max-prune", "percent", in: 0...100, expecting: "a percentage from 0 to 100",
        help: "With --prune, refuse to remove more than this share of the roster (default: 20).")
    static let dryRun = Flag("dry-run", help: "Validate and report what would change; write nothing.")
    static let skipInvalid = Flag("skip-invalid", help: "Import the valid records, list the invalid ones, and exit 0.")
    static let quietFlag = Flag("quiet", short: "q", help: "Print only errors.")
    static let report = Option.choice(
        "report", of: ReportFormat.self, help: "Print the report on standard output in this format.")

    let files: [String]
    let format: InputFormat?
    let prune: Bool
    let maxPrunePercent: Double
    let dryRun: Bool
    let skipInvalid: Bool
    let quiet: Bool
    let jsonReport: Bool
    let mapping: RecordMapping
    let mapFile: String?
    let delimiter: CSVDelimiter?
    let dateFormat: DateFormat?
    let changesPath: String?
    let allowsPartialPrune: Bool

    init(_ arguments: ParsedArguments) throws {
        files = arguments.positionals
        format = try arguments.value(ImportCommand.format)
        prune = arguments.isSet(ImportCommand.prune)
        maxPrunePercent = try arguments.value(ImportCommand.maxPrune) ?? 20
        if arguments.isGiven(ImportCommand.maxPrune.spec) && !prune {
            throw UsageError.optionRequires("--max-prune", "--prune")
        }
        dryRun = arguments.isSet(ImportCommand.dryRun)
        skipInvalid = arguments.isSet(ImportCommand.skipInvalid)
        quiet = arguments.isSet(ImportCommand.quietFlag)
        jsonReport = try arguments.value(ImportCommand.report) == .json
        var mapping = RecordMapping()
        for (field, source) in try arguments.values(ImportCommand.map) {
            if mapping.sources[field] != nil { throw UsageError.repeatedMapping(field.name) }
            mapping.sources[field] = source
        }
        for (field, values) in try arguments.values(ImportCommand.valueMap) {
            if mapping.valueMaps[field] != nil { throw UsageError.repeatedMapping(field.name) }
            mapping.valueMaps[field] = values
        }
        mapping.nullTokens = arguments.texts(ImportCommand.null.spec)
        self.mapping = mapping
        mapFile = try arguments.value(ImportCommand.mapFile)
        delimiter = try arguments.value(ImportCommand.delimiter)
        dateFormat = try arguments.value(ImportCommand.dateFormat)
        changesPath = try arguments.value(ImportCommand.changes)
        if changesPath == "-" && jsonReport {
            throw UsageError.conflictingOptions("--changes -", "--report json")
        }
        allowsPartialPrune = arguments.isSet(ImportCommand.allowPartialPrune)
        if allowsPartialPrune && !prune { throw UsageError.optionRequires("--allow-partial-prune", "--prune") }
    }

    /// The mapping of the options, with the map file's lines added; a field mapped twice is a usage error.
    private func mappingWithFile() throws -> RecordMapping {
        guard let mapFile else { return mapping }
        var mapping = mapping
        switch RecordMapping.sources(fromFile: try TextFile.read(mapFile)) {
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

    func run(_ context: CommandContext) throws -> ExitStatus {
        // Before opening: a signal while waiting for the lock, or during a migration, must stop rosterdb with its
        // message and exit code too, not kill it.
        SignalTrap.install()
        var options = ImportOptions()
        options.format = format
        options.prune = prune
        options.maxPrunePercent = maxPrunePercent
        options.dryRun = dryRun
        options.skipInvalid = skipInvalid
        options.delimiter = delimiter
        options.dateFormat = dateFormat ?? .iso
        let report: ImportReport
        let changeFile = try changesPath.flatMap {
            $0 == "-" ? nil : try context.outputFile($0, for: ImportCommand.changes, stop: SignalTrap.stop)
        }
        let changeOutput: TextOutput? = changeFile ?? (changesPath == "-" ? context.output : nil)
        let progressBar =
            context.terminal.showsProgress && !quiet
            ? ProgressReporter(output: context.errors, width: context.terminal.width ?? 80) : nil
        do {
            defer { progressBar?.clear() }
            options.mapping = try mappingWithFile()
            let roster = try context.openRoster(dryRun ? .check : .write, stop: SignalTrap.stop)
            report = try roster.importFiles(
                files, options: options, standardInput: context.input,
                progress: progressBar.map { bar in { bar.update($0) } },
                changes: changeOutput.map { output in { try output.write(ChangeListView.line($0)) } })
            try changeFile?.commit()
        } catch {
            // The report is written for every outcome: a script reads why from its status.
            if let refused = (error as? ImportError)?.report {
                try context.errors.write(ImportReportView.problems(refused))
                if jsonReport { try ImportReportView.writeJSON(refused, to: context.output) }
            } else if jsonReport {
                var failed = ImportReport(files: files)
                failed.dryRun = dryRun
                failed.status = ImportCommand.status(of: error)
                try ImportReportView.writeJSON(failed, to: context.output)
            }
            throw error
        }
        try context.errors.write(ImportReportView.problems(report))
        if !quiet { try context.errors.write(ImportReportView.summary(report)) }
        if jsonReport { try ImportReportView.writeJSON(report, to: context.output) }
        // Written but not pruned: players the feed no longer has are still in the roster.
        if report.prune.skippedReason == .rejectedRecords && !allowsPartialPrune { return .pruneSkipped }
        return .success
    }

    /// The report's status for an import that failed before it had one.
    private static func status(of error: any Error) -> ImportStatus {
        guard let error = error as? CategorizedError else { return .ioError }
        switch error.category {
        case .busy: return .locked
        case .interrupted: return .interrupted
        case .unreadableInput: return .unreadableInput
        case .usage: return .refusedUsage
        case .invalidData: return .refusedInvalid
        case .pruneRefused: return .refusedPrune
        case .io, .failure: return .ioError
        }
    }
}

/// The formats `--report` prints an import's report in.
enum ReportFormat: String, CaseIterable, Sendable {
    case json
}
