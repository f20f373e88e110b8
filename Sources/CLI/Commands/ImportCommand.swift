import RosterModel
import RosterService

/// `rosterdb import FILE...`: loads players from JSON, NDJSON or CSV in one all-or-nothing transaction.
struct ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Import players from JSON, NDJSON or CSV files.",
        discussion: "All files are imported in one transaction: if any record is invalid, nothing is written and "
            + "every problem is listed (exit 65). A record with an id updates that player or is added with that id; "
            + "one without is matched on name and birth date. The summary goes to standard error.",
        arguments: [ArgumentSpec(name: "file", help: "Input files; '-' reads standard input.", isRepeating: true)],
        options: [
            .value("format", "format", help: "json, ndjson or csv (default: from the file extension, else the "
                + "first byte)."),
            .flag("prune", help: "The input is a full snapshot: remove players absent from it."),
            .value("max-prune", "percent", help: "With --prune, refuse to remove more than this share of the "
                + "roster (default: 20)."),
            .flag("dry-run", help: "Validate and report what would change; write nothing."),
            .flag("skip-invalid", help: "Import the valid records, list the invalid ones, and exit 0."),
            .flag("quiet", short: "q", help: "Print only errors."),
            .value("report", "format", help: "'json': print the report as one JSON object on standard output."),
        ]
    )

    let files: [String]
    let format: InputFormat?
    let prune: Bool
    let maxPrunePercent: Double
    let dryRun: Bool
    let skipInvalid: Bool
    let quiet: Bool
    let jsonReport: Bool

    init(_ arguments: ParsedArguments) throws {
        files = arguments.positionals
        format = try arguments.parsed("format", expecting: "one of json, ndjson, csv") { InputFormat(rawValue: $0) }
        prune = arguments.flag("prune")
        maxPrunePercent = try arguments.parsed("max-prune", expecting: "a percentage from 0 to 100") { text in
            Double(text).flatMap { (0...100).contains($0) ? $0 : nil }
        } ?? 20
        if arguments.value("max-prune") != nil && !prune {
            throw UsageError.optionRequires("--max-prune", "--prune")
        }
        dryRun = arguments.flag("dry-run")
        skipInvalid = arguments.flag("skip-invalid")
        quiet = arguments.flag("quiet")
        jsonReport = try arguments.parsed("report", expecting: "json") { $0 == "json" ? true : nil } ?? false
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        // Before opening: a signal while waiting for the lock, or during a migration, must stop rosterdb with its
        // message and exit code too, not kill it.
        SignalTrap.install()
        let roster = try context.openRoster(.write, shouldStop: { SignalTrap.received != 0 })
        var options = ImportOptions(today: .today())
        options.format = format
        options.prune = prune
        options.maxPrunePercent = maxPrunePercent
        options.dryRun = dryRun
        options.skipInvalid = skipInvalid

        let progressBar = context.terminal.showsProgress && !quiet
            ? ProgressReporter(output: context.errors, width: context.terminal.width ?? 80) : nil
        let report: ImportReport
        do {
            defer { progressBar?.clear() }
            report = try roster.importFiles(
                files, options: options, standardInput: context.input,
                progress: progressBar.map { bar in { bar.update($0) } })
        } catch let error as ImportError {
            if let refused = error.report {
                try context.errors.write(ImportReportView.problems(refused))
                if jsonReport { try context.output.write(ImportReportView.json(refused)) }
            }
            throw error
        }
        try context.errors.write(ImportReportView.problems(report))
        if !quiet { try context.errors.write(ImportReportView.summary(report)) }
        if jsonReport { try context.output.write(ImportReportView.json(report)) }
        return .success
    }
}
