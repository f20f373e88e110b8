import RosterFormats
import RosterModel
import RosterQuery

/// `rosterdb import FILE...`: loads players from JSON, NDJSON or CSV in one all-or-nothing transaction.
public struct ImportCommand: DeclaredCommand {
    public static let spec = CommandSpec(
        name: name,
        abstract: "Import players from JSON, NDJSON or CSV files.",
        discussion: "All files are imported in one transaction: if any record is invalid, nothing is written and "
            + "every problem is listed (exit 65). A record with an id updates that player or is added with that id; "
            + "one without is matched on its ref, then on name (ignoring case and accents) and birth date. A "
            + "provider's file imports as it comes with --map, --null, --value-map, --delimiter and --date-format. "
            + "The summary goes to standard error.",
        arguments: [ArgumentSpec(name: "file", help: "Input files; '-' reads standard input.", isRepeating: true)],
        options: [
            format.spec, records.spec, map.spec, mapFile.spec, valueMap.spec, lookup.spec, null.spec, skipWhere.spec,
            keepWhere.spec, samePlayer.spec, delimiter.spec,
            dateFormat.spec, prune.spec, maxPrune.spec, allowPartialPrune.spec, dryRun.spec, skipInvalid.spec,
            changes.spec,
            SharedOptions.quiet.spec, report.spec,
        ]
    )
    public static let name = "import"
    public static let allowPartialPrune = Flag(
        "allow-partial-prune",
        help: "With --prune and --skip-invalid: exit 0, not 4, when records were rejected and "
            + "so the prune was skipped.")
    public static let changes = Option.text(
        "changes", "file",
        help: "Write one JSON line per player added, updated or removed to this file ('-': "
            + "standard output) once the import is committed; with --dry-run, the changes it would make.")
    public static let map = Option<(PlayerField, RecordMapping.Source)>(
        "map", "field=source", repeatable: true,
        help: "Take a field from another column or key, or from a template joining several: --map ref=code, --map "
            + "'name={first_name} {second_name}'; --map id= ignores the file's own id column. Repeat for each field."
    ) { text in RecordMapping.source(from: text).mapError { Option.ValueRefused(reason: $0.reason) } }
    public static let records = Option<[String]>(
        "records", "path",
        help: "The records are the array at this path in the input's JSON object, keys separated by dots: --records "
            + "squad for {\"squad\": [...]}; a map's source may be a path inside a record too: --map "
            + "name=player.name, --map goals=statistics.0.goals.total."
    ) { text in JSONPaths.recordsPath(from: text).mapError { Option.ValueRefused(reason: $0.reason) } }
    public static let lookup = Option<Lookup>(
        "lookup", "field=file:key:value", repeatable: true,
        help: "Translate a field's values through a second file (CSV, JSON or NDJSON): --lookup "
            + "club=teams.csv:id:name takes each club value as an id of teams.csv and the name on that row; a value "
            + "the file lacks is a problem of its record. Repeat for each field."
    ) { text in Lookup.parse(text).mapError { Option.ValueRefused(reason: $0.reason) } }
    public static let samePlayer = Option.choice(
        "same-player", of: SamePlayerPolicy.self,
        help: "What a second record of a player this import already read does (the same id, ref, or name and birth "
            + "date): refuse makes it invalid (the default), first ignores it and counts it.")
    public static let skipWhere = Option<RowFilter>(
        "skip-where", "column=value,…", repeatable: true,
        help: "Skip the rows whose column holds one of the values (ignoring case): --skip-where element_type=5. "
            + "Skipped rows are no records: they are counted apart and do not make --prune partial. Repeatable."
    ) { text in RowFilter.parse(text, keepsMatches: false).mapError { Option.ValueRefused(reason: $0.reason) } }
    public static let keepWhere = Option<RowFilter>(
        "keep-where", "column=value,…", repeatable: true,
        help: "Skip the rows whose column holds none of the values: --keep-where element_type=1,2,3,4. Repeatable."
    ) { text in RowFilter.parse(text, keepsMatches: true).mapError { Option.ValueRefused(reason: $0.reason) } }
    public static let mapFile = Option.text(
        "map-file", "file", help: "Read FIELD=SOURCE mappings from a file, one a line (# starts a comment).")
    public static let valueMap = Option<(PlayerField, [String: String])>(
        "value-map", "field:from=to,…", repeatable: true,
        help: "Translate a provider's values of a field: --value-map position:1=GK,2=DF,3=MF,4=FW. Repeat for "
            + "each field."
    ) { text in RecordMapping.valueMap(from: text).mapError { Option.ValueRefused(reason: $0.reason) } }
    public static let null = Option.text(
        "null", "token", repeatable: true,
        help: "A text that means unknown, such as None or 'not available' (ignoring case); "
            + "repeat for several.")
    public static let delimiter = Option.choice(
        "delimiter", of: CSVDelimiter.self, help: "What separates CSV cells (default: a tab for .tsv, else a comma).")
    public static let dateFormat = Option<DateFormat>(
        "date-format", "pattern",
        help: "How birth dates are written (default: yyyy-MM-dd): a pattern of \(DateFormat.vocabulary), such as "
            + "dd.MM.yyyy, yyyy.MM.dd or 'MMM d, yyyy'; a two-digit year is the latest such year not after this "
            + "one; iso-datetime keeps the date of 1990-01-02T00:00:00."
    ) { text in
        do throws(DateFormat.Refused) {
            return .success(try DateFormat(parsing: text))
        } catch {
            return .failure(Option.ValueRefused(reason: error.reason))
        }
    }
    public static let format = Option.choice(
        "format", of: InputFormat.self,
        help: "The input format (default: from the file extension, else the first byte).")
    public static let prune = Flag("prune", help: "The input is a full snapshot: remove players absent from it.")
    public static let maxPrune = Option.decimal(
        "max-prune", "percent", in: 0...100, expecting: "a percentage from 0 to 100",
        help: "With --prune, refuse to remove more than this share of the roster (default: 20).")
    public static let dryRun = Flag("dry-run", help: "Validate and report what would change; write nothing.")
    public static let skipInvalid = Flag(
        "skip-invalid", help: "Import the valid records, list the invalid ones, and exit 0.")
    public static let report = Option.choice(
        "report", of: ReportFormat.self, help: "Print the report on standard output in this format.")

    public let files: [String]
    /// What the service is handed; the map file's lines are added to its mapping when the command runs.
    public let options: ImportOptions
    public let quiet: Bool
    public let jsonReport: Bool
    public let mapFile: String?
    public let changesPath: String?
    public let allowsPartialPrune: Bool

    public init(_ arguments: ParsedArguments) throws {
        files = arguments.positionals
        if files.count(where: { $0 == "-" }) > 1 { throw UsageError.standardInputTwice }
        var options = ImportOptions()
        options.format = try arguments.value(ImportCommand.format)
        options.prune = arguments.isSet(ImportCommand.prune)
        options.maxPrunePercent = try arguments.value(ImportCommand.maxPrune) ?? 20
        if arguments.isGiven(ImportCommand.maxPrune.spec) && !options.prune {
            throw UsageError.optionRequires("--max-prune", "--prune")
        }
        options.dryRun = arguments.isSet(ImportCommand.dryRun)
        options.skipInvalid = arguments.isSet(ImportCommand.skipInvalid)
        quiet = arguments.isSet(SharedOptions.quiet)
        jsonReport = try arguments.value(ImportCommand.report) == .json
        for (field, source) in try arguments.values(ImportCommand.map) {
            if options.mapping.sources[field] != nil { throw UsageError.repeatedMapping(field.name) }
            options.mapping.sources[field] = source
        }
        for (field, values) in try arguments.values(ImportCommand.valueMap) {
            if options.mapping.valueMaps[field] != nil { throw UsageError.repeatedMapping(field.name) }
            options.mapping.valueMaps[field] = values
        }
        for lookup in try arguments.values(ImportCommand.lookup) {
            if options.mapping.valueMaps[lookup.field] != nil
                || options.lookups.contains(where: { $0.field == lookup.field })
            {
                throw UsageError.repeatedMapping(lookup.field.name)
            }
            options.lookups.append(lookup)
        }
        options.mapping.nullTokens = try arguments.values(ImportCommand.null)
        options.mapping.rowFilters =
            try arguments.values(ImportCommand.skipWhere) + arguments.values(ImportCommand.keepWhere)
        mapFile = try arguments.value(ImportCommand.mapFile)
        options.delimiter = try arguments.value(ImportCommand.delimiter)
        options.samePlayer = try arguments.value(ImportCommand.samePlayer) ?? .refuse
        options.records = try arguments.value(ImportCommand.records) ?? []
        if !options.records.isEmpty, let format = options.format, format != .json {
            throw UsageError.conflictingOptions("--records", "--format \(format.rawValue)")
        }
        options.dateFormat = try arguments.value(ImportCommand.dateFormat) ?? .iso
        changesPath = try arguments.value(ImportCommand.changes)
        if changesPath == "-" && jsonReport {
            throw UsageError.conflictingOptions("--changes -", "--report json")
        }
        allowsPartialPrune = arguments.isSet(ImportCommand.allowPartialPrune)
        if allowsPartialPrune && !options.prune {
            throw UsageError.optionRequires("--allow-partial-prune", "--prune")
        }
        self.options = options
    }
}

/// The formats `--report` prints an import's report in.
public enum ReportFormat: String, CaseIterable, Sendable {
    case json
}
