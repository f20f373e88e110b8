import Glibc
import RosterFormats
import RosterModel

/// Why an import wrote nothing.
package enum ImportError: CategorizedError {
    /// Some records are invalid and `--skip-invalid` was not given; the report lists them.
    case invalidRecords(ImportReport)
    /// `--prune` would remove more of the roster than `--max-prune` allows.
    case pruneLimitExceeded(ImportReport)
    /// An input file is missing, a folder, or unreadable.
    case cannotOpen(file: String, reason: String)
    /// Reading an input failed part-way (an I/O error, not bad content).
    case unreadable(file: String, reason: String)
    /// The import's `options` (`--map`, a row filter, `--lookup club`) name columns or keys the input does not
    /// have; `found` are those it has.
    case missingColumns(file: String, missing: [String], found: [String], options: String)
    /// A CSV header has no column for fields every record needs, and the mapping gives none: a provider's own
    /// layout, before its `--map`. `suggestions` are `--map` arguments its columns' names suggest.
    case unmappedFields(file: String, fields: [PlayerField], columns: [String], suggestions: [String])
    /// A lookup's file (`--lookup`) gives one key two meanings; the reason names the record.
    case lookupRefused(file: String, reason: String)
    /// An input could not be opened for want of file descriptors or memory (`ulimit -n`), not for its own sake.
    case outOfResources(file: String, reason: String)
    /// The roster refused a valid record's write (another program's trigger, say); `problem` names the record.
    case recordNotWritten(RecordProblem, category: ErrorCategory)

    package var category: ErrorCategory {
        switch self {
        case .invalidRecords, .lookupRefused: .invalidData
        case .pruneLimitExceeded: .pruneRefused
        case .cannotOpen, .unreadable: .unreadableInput
        case .missingColumns, .unmappedFields: .usage
        case .outOfResources: .unavailable
        case .recordNotWritten(_, let category): category
        }
    }

    package var description: String {
        switch self {
        case .invalidRecords(let report):
            if let file = report.malformedFiles.first {
                // --skip-invalid would not help: the records after the problem were never read.
                return "nothing was imported: \(file) is malformed and could not be read past the problem above; "
                    + "fix the file and import it again"
            }
            let invalid = report.rejectedRecords.groupedDigits
            return "nothing was imported: \(invalid) of \(report.records.groupedDigits) records "
                + "\(report.rejectedRecords == 1 ? "is" : "are") invalid (use --skip-invalid to import the valid ones)"
        case .pruneLimitExceeded(let report):
            let (wouldRemove, rosterSize, limit) =
                (report.prune.wouldRemove, report.prune.rosterBefore, report.prune.limitPercent)
            let percent = rosterSize == 0 ? 0 : Double(wouldRemove) * 100 / Double(rosterSize)
            return "nothing was imported: --prune would remove \(wouldRemove.groupedDigits) of "
                + "\(rosterSize.groupedDigits) players (\(ImportError.percent(percent))), more than --max-prune "
                + "\(ImportError.percent(limit)); a short or empty feed would wipe the roster. Raise --max-prune "
                + "if this is intended"
        case .cannotOpen(let file, let reason), .outOfResources(let file, let reason):
            return "cannot open \(file): \(reason)"
        case .unreadable(let file, let reason):
            return "cannot read \(file): \(reason)"
        case .lookupRefused(let file, let reason):
            return "nothing was imported: \(file), a lookup, is no table of keys: \(reason)"
        case .recordNotWritten(let problem, _):
            return "nothing was imported: \(problem)"
        case .unmappedFields(let file, let fields, let columns, let suggestions):
            let shown = columns.map { "'\($0.shortened(to: 40))'" }.joined(separator: ", ")
            return "nothing was imported: \(file) has no \(fields.count == 1 ? "column" : "columns") "
                + fields.map { "'\($0.name)'" }.joined(separator: " and ")
                + ", which every record needs: it is in its provider's layout, not rosterdb's. Take the fields "
                + "from its columns with --map FIELD=COLUMN (see rosterdb import --help)"
                + (suggestions.isEmpty ? "" : ", such as \(suggestions.joined(separator: " "))")
                + ". Its columns: \(shown)"
        case .missingColumns(let file, let missing, let found, let options):
            let shown =
                found.prefix(40).map { "'\($0.shortened(to: 40))'" }.joined(separator: ", ")
                + (found.count > 40 ? ", …" : "")
            return
                "nothing was imported: \(options) \(options.contains(" and ") ? "name" : "names") \(missing.map { "'\($0)'" }.joined(separator: ", ")), which "
                + "\(file) does not have; its \(found.isEmpty ? "records have no fields" : "fields are \(shown)")"
        }
    }

    /// The report of an import that was refused, when there is one.
    package var report: ImportReport? {
        switch self {
        case .invalidRecords(let report), .pruneLimitExceeded(let report): report
        case .cannotOpen, .unreadable, .missingColumns, .unmappedFields, .lookupRefused, .outOfResources,
            .recordNotWritten:
            nil
        }
    }

    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
    }
}
