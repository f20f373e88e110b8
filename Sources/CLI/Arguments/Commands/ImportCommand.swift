import RosterFormats
import RosterModel
import RosterService

/// `rosterdb import FILE...`: loads players from JSON, NDJSON or CSV in one all-or-nothing transaction.
package struct ImportCommand: DeclaredCommand {
    package static let name = "import"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Import players from JSON, NDJSON or CSV files.",
        discussion: "All files are imported in one transaction: if any record is invalid, nothing is written and "
            + "every problem is listed (exit 65). A record with an id updates that player or is added with that id; "
            + "one without is matched on its ref, then on name (ignoring case and accents) and birth date. A "
            + "provider's file imports as it comes with --records, --map, --value-map, --lookup, --null, the row filters "
            + "(--skip-where, --keep-where), --delimiter and --date-format. "
            + "The summary goes to standard error.",
        arguments: [ArgumentSpec(name: "file", help: "Input files; '-' reads standard input.", isRepeating: true)],
        options: Option.profile(
            help: "Read the import's options from this file, as a provider's feed needs them: one a line, "
                + "OPTION = VALUE or a flag's name alone, by the long names without dashes (map = ref=code, prune); "
                + "# starts a comment line. The command line's options come after the profile's: one taken once "
                + "replaces the profile's, one given several times adds to them."),
        Option.choice(
            "format", of: InputFormat.self,
            help: "The input format (default: from the file extension, else the first byte)."),
        Option<[String]>(
            "records", "path",
            help: "The records are the array at this path in the input's JSON object, keys separated by dots: "
                + "--records squad for {\"squad\": [...]}; a map's source may be a path inside a record too: --map "
                + "name=player.name, --map goals=statistics.0.goals.total."
        ) { text in JSONPaths.recordsPath(from: text).mapError { Option.ValueRefused(reason: $0.reason) } },
        mapping,
        Option.choice(
            "same-player", of: SamePlayerPolicy.self,
            help: "What a second record of a player this import already read does (the same id, ref, or name and "
                + "birth date): refuse makes it invalid (the default), first ignores it, last writes it over the one "
                + "before; first and last count it."),
        Option.choice(
            "match", of: PlayerMatch.self,
            help: "Find players by the provider's key alone: a record without a ref is invalid, its id is not read, "
                + "and no name is matched."),
        Option<[PlayerField]>(
            "only", "field,…",
            help: "Update only these fields of the players that exist, as a second source does (--only birth_date "
                + "--match ref); a field a record leaves unknown is kept, never cleared. A record that is no stored "
                + "player is added if it gives a name and a position. Not with --prune."
        ) { text in RecordMapping.fieldList(from: text).mapError { Option.ValueRefused(reason: $0.reason) } },
        pruning,
        Flag(
            "history",
            help: "Restore a history that export --history wrote (one FILE) into an empty roster: its players made "
                + "change by change, and its changes kept with their numbers, times and makers, so that export, "
                + "changes and history give what they gave there. Refused (exit 6) unless the roster has no player "
                + "and no history; a wrong line is refused naming it (exit 65). Only with --dry-run and --quiet."),
        Flag("dry-run", help: "Validate and report what would change; write nothing."),
        Flag("skip-invalid", help: "Import the valid records, list the invalid ones, and exit 0."), changes,
        SharedOptions.quiet,
        Option.choice("report", of: ReportFormat.self, help: "Print the report on standard output in this format.")
    ) {
        files, _, format, records, mapping, samePlayer, match, only, pruning, history, dryRun, skipInvalid,
        changesPath, quiet, report in
        if history {
            if files.count > 1 { throw UsageError.unexpectedArgument(files[1]) }
            let given: [(String, Bool)] = [
                ("--format", format != nil), ("--records", records != nil),
                ("--map", !mapping.mapping.sources.isEmpty), ("--map-file", mapping.file != nil),
                ("--value-map", !mapping.mapping.valueMaps.isEmpty), ("--lookup", !mapping.lookups.isEmpty),
                ("--null", !mapping.mapping.nullTokens.isEmpty),
                ("--skip-where/--keep-where", !mapping.mapping.rowFilters.isEmpty),
                ("--delimiter", mapping.delimiter != nil), ("--date-format", mapping.dateFormat != .iso),
                ("--same-player", samePlayer != nil), ("--match", match != nil), ("--only", only != nil),
                ("--prune", pruning.prune), ("--skip-invalid", skipInvalid), ("--changes", changesPath != nil),
                ("--report", report != nil),
            ]
            if let other = given.first(where: \.1) { throw UsageError.conflictingOptions("--history", other.0) }
        }
        if only != nil && pruning.prune { throw UsageError.conflictingOptions("--only", "--prune") }
        if files.count(where: { $0 == "-" }) > 1 { throw UsageError.standardInputTwice }
        if records != nil, let format, format != .json {
            throw UsageError.conflictingOptions("--records", "--format \(format.rawValue)")
        }
        let jsonReport = report == .json
        if changesPath == "-" && jsonReport {
            throw UsageError.conflictingOptions("--changes -", "--report json")
        }
        var options = ImportOptions()
        options.format = format
        options.records = records ?? []
        options.mapping = mapping.mapping
        options.lookups = mapping.lookups
        options.samePlayer = samePlayer ?? .refuse
        options.match = match
        options.only = only
        options.delimiter = mapping.delimiter
        options.dateFormat = mapping.dateFormat
        (options.prune, options.maxPrunePercent) = (pruning.prune, pruning.maxPercent)
        options.dryRun = dryRun
        options.skipInvalid = skipInvalid
        return ImportCommand(
            files: files, options: options, history: history, quiet: quiet, jsonReport: jsonReport,
            mapFile: mapping.file,
            changesPath: changesPath, allowsPartialPrune: pruning.allowsPartial)
    }

    /// How a provider's file is read: `--map`, `--map-file`, `--value-map`, `--lookup`, `--null`, the row filters,
    /// `--delimiter`, `--date-format`.
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
        Option<Lookup>(
            "lookup", "field=file:key:value",
            help: "Translate a field's values through a second file (CSV, JSON or NDJSON): --lookup "
                + "club=teams.csv:id:name takes each club value as an id of teams.csv and the name on that row; a "
                + "value the file lacks is a problem of its record. Repeat for each field."
        ) { text in Lookup.parse(text).mapError { Option.ValueRefused(reason: $0.reason) } }.repeated,
        Option.text(
            "null", "token",
            help: "A text that means unknown, such as None or 'not available' (ignoring case); repeat for several."
        ).repeated,
        Option<RowFilter>(
            "skip-where", "column=value,…",
            help: "Skip the rows whose column holds one of the values (ignoring case): --skip-where element_type=5. "
                + "Skipped rows are no records: they are counted apart and do not make --prune partial. Repeatable."
        ) { text in RowFilter.parse(text, keepsMatches: false).mapError { Option.ValueRefused(reason: $0.reason) } }
        .repeated,
        Option<RowFilter>(
            "keep-where", "column=value,…",
            help: "Skip the rows whose column holds none of the values: --keep-where element_type=1,2,3,4. "
                + "Repeatable."
        ) { text in RowFilter.parse(text, keepsMatches: true).mapError { Option.ValueRefused(reason: $0.reason) } }
        .repeated,
        Option.choice(
            "delimiter", of: CSVDelimiter.self,
            help: "What separates CSV cells (default: a tab for .tsv, else a comma)."
        ),
        Option<DateFormat>(
            "date-format", "pattern",
            help: "How birth dates are written (default: yyyy-MM-dd): a pattern of \(DateFormat.vocabulary), such "
                + "as dd.MM.yyyy, yyyy.MM.dd or 'MMM d, yyyy'; a two-digit year is the latest such year that puts "
                + "the birth date not in the future; iso-datetime keeps the date of 1990-01-02T00:00:00."
        ) { text in
            do throws(DateFormat.Refused) {
                return .success(try DateFormat(parsing: text))
            } catch {
                return .failure(Option.ValueRefused(reason: error.reason))
            }
        }
    ) { sources, file, valueMaps, lookups, nullTokens, skipWhere, keepWhere, delimiter, dateFormat in
        var mapping = RecordMapping()
        for (field, source) in sources {
            if mapping.sources[field] != nil { throw UsageError.repeatedMapping(field.name) }
            mapping.sources[field] = source
        }
        for (field, values) in valueMaps {
            if mapping.valueMaps[field] != nil { throw UsageError.repeatedMapping(field.name) }
            mapping.valueMaps[field] = values
        }
        for lookup in lookups {
            if mapping.valueMaps[lookup.field] != nil {
                throw UsageError.conflictingOptions("--lookup \(lookup.field.name)", "--value-map \(lookup.field.name)")
            }
            if lookups.count(where: { $0.field == lookup.field }) > 1 {
                throw UsageError.repeatedMapping(lookup.field.name)
            }
        }
        mapping.nullTokens = nullTokens
        mapping.rowFilters = skipWhere + keepWhere
        return (
            mapping: mapping, lookups: lookups, file: file, delimiter: delimiter, dateFormat: dateFormat ?? .iso
        )
    }
    /// Named also by the error about the file's lines.
    package static let mapFile = Option.text(
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
    package static let changes = Option.text(
        "changes", "file",
        help: "Write one JSON line per player added, updated or removed to this file ('-': standard output) once the "
            + "import is committed; with --dry-run, the changes it would make.")

    package let files: [String]
    /// What the service is handed; the map file's lines are added to its mapping when the command runs.
    package let options: ImportOptions
    /// `--history`: the one file is a history to restore (`Roster.importHistory`), not players.
    package let history: Bool
    package let quiet: Bool
    package let jsonReport: Bool
    package let mapFile: String?
    package let changesPath: String?
    package let allowsPartialPrune: Bool
}

/// The formats `--report` prints an import's report in.
package enum ReportFormat: String, CaseIterable, Sendable {
    case json
}
