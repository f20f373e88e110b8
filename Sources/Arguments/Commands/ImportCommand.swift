import RosterFormats
import RosterModel
import RosterQuery

/// `rosterdb import FILE...`: loads players from JSON, NDJSON or CSV in one all-or-nothing transaction.
public struct ImportCommand: DeclaredCommand {
    public static let name = "import"
    public static let declaration = CommandDeclaration(
        name: name,
        abstract: "Import players from JSON, NDJSON or CSV files.",
        discussion: "All files are imported in one transaction: if any record is invalid, nothing is written and "
            + "every problem is listed (exit 65). A record with an id updates that player or is added with that id; "
            + "one without is matched on its ref, then on name (ignoring case and accents) and birth date. A "
            + "provider's file imports as it comes with --map, --null, --value-map, --delimiter and --date-format. "
            + "The summary goes to standard error.",
        arguments: [ArgumentSpec(name: "file", help: "Input files; '-' reads standard input.", isRepeating: true)],
        options: Option.choice(
            "format", of: InputFormat.self,
            help: "The input format (default: from the file extension, else the first byte)."),
        mapping, pruning,
        Flag("dry-run", help: "Validate and report what would change; write nothing."),
        Flag("skip-invalid", help: "Import the valid records, list the invalid ones, and exit 0."), changes,
        SharedOptions.quiet,
        Option.choice("report", of: ReportFormat.self, help: "Print the report on standard output in this format.")
    ) { files, format, mapping, pruning, dryRun, skipInvalid, changesPath, quiet, report in
        if files.count(where: { $0 == "-" }) > 1 { throw UsageError.standardInputTwice }
        let jsonReport = report == .json
        if changesPath == "-" && jsonReport {
            throw UsageError.conflictingOptions("--changes -", "--report json")
        }
        var options = ImportOptions()
        options.format = format
        options.mapping = mapping.mapping
        options.delimiter = mapping.delimiter
        options.dateFormat = mapping.dateFormat
        (options.prune, options.maxPrunePercent) = (pruning.prune, pruning.maxPercent)
        options.dryRun = dryRun
        options.skipInvalid = skipInvalid
        return ImportCommand(
            files: files, options: options, quiet: quiet, jsonReport: jsonReport, mapFile: mapping.file,
            changesPath: changesPath, allowsPartialPrune: pruning.allowsPartial)
    }

    /// How a provider's file is read: `--map`, `--map-file`, `--value-map`, `--null`, `--delimiter`, `--date-format`.
    private static let mapping = OptionGroup(
        Option<(PlayerField, RecordMapping.Source)>(
            "map", "field=source",
            help: "Take a field from another column or key, or from a template joining several: --map ref=code, "
                + "--map 'name={first_name} {second_name}'; --map id= ignores the file's own id column. Repeat for "
                + "each field."
        ) { text in RecordMapping.source(from: text).mapError { Option.ValueRefused(reason: $0.reason) } }.repeated,
        mapFile,
        Option<(PlayerField, [String: String])>(
            "value-map", "field:from=to,…",
            help: "Translate a provider's values of a field: --value-map position:1=GK,2=DF,3=MF,4=FW. Repeat for "
                + "each field."
        ) { text in RecordMapping.valueMap(from: text).mapError { Option.ValueRefused(reason: $0.reason) } }.repeated,
        Option.text(
            "null", "token",
            help: "A text that means unknown, such as None or 'not available' (ignoring case); repeat for several."
        ).repeated,
        Option.choice(
            "delimiter", of: CSVDelimiter.self,
            help: "What separates CSV cells (default: a tab for .tsv, else a comma)."
        ),
        Option.choice(
            "date-format", of: DateFormat.self,
            help: "How birth dates are written (default: yyyy-MM-dd); iso-datetime keeps the date of "
                + "1990-01-02T00:00:00.")
    ) { sources, file, valueMaps, nullTokens, delimiter, dateFormat in
        var mapping = RecordMapping()
        for (field, source) in sources {
            if mapping.sources[field] != nil { throw UsageError.repeatedMapping(field.name) }
            mapping.sources[field] = source
        }
        for (field, values) in valueMaps {
            if mapping.valueMaps[field] != nil { throw UsageError.repeatedMapping(field.name) }
            mapping.valueMaps[field] = values
        }
        mapping.nullTokens = nullTokens
        return (mapping: mapping, file: file, delimiter: delimiter, dateFormat: dateFormat ?? .iso)
    }
    /// Named also by the error about the file's lines.
    public static let mapFile = Option.text(
        "map-file", "file", help: "Read FIELD=SOURCE mappings from a file, one a line (# starts a comment).")

    /// `--prune` with its limits.
    private static let pruning = OptionGroup(
        Flag("prune", help: "The input is a full snapshot: remove players absent from it."),
        Option.decimal(
            "max-prune", "percent", in: 0...100, expecting: "a percentage from 0 to 100",
            help: "With --prune, refuse to remove more than this share of the roster (default: 20)."),
        Flag(
            "allow-partial-prune",
            help: "With --prune and --skip-invalid: exit 0, not 4, when records were rejected and so the prune was "
                + "skipped.")
    ) { prune, maxPercent, allowsPartial in
        if maxPercent != nil && !prune { throw UsageError.optionRequires("--max-prune", "--prune") }
        if allowsPartial && !prune { throw UsageError.optionRequires("--allow-partial-prune", "--prune") }
        return (prune: prune, maxPercent: maxPercent ?? 20, allowsPartial: allowsPartial)
    }
    /// Named also by the error that refuses to write over the roster.
    public static let changes = Option.text(
        "changes", "file",
        help: "Write one JSON line per player added, updated or removed to this file ('-': standard output) once the "
            + "import is committed; with --dry-run, the changes it would make.")

    public let files: [String]
    /// What the service is handed; the map file's lines are added to its mapping when the command runs.
    public let options: ImportOptions
    public let quiet: Bool
    public let jsonReport: Bool
    public let mapFile: String?
    public let changesPath: String?
    public let allowsPartialPrune: Bool
}

/// The formats `--report` prints an import's report in.
public enum ReportFormat: String, CaseIterable, Sendable {
    case json
}
