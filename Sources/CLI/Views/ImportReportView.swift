import RosterFormats
import RosterModel
import RosterService

/// The text an import prints: its summary, its problems, and its report as JSON.
enum ImportReportView {
    /// `Imported players.json: 1,204 records — 37 added, 12 updated, 1,155 unchanged, 0 removed (0.41 s)`, then
    /// notes on unknown fields and a skipped prune.
    static func summary(_ report: ImportReport) -> String {
        let files = report.files.joined(separator: ", ")
        let records = "\(report.records.groupedDigits) record\(report.records == 1 ? "" : "s")"
        let counts: String
        var text: String
        if report.dryRun {
            counts =
                "\(report.added.groupedDigits) to add, \(report.updated.groupedDigits) to update, "
                + "\(report.unchanged.groupedDigits) unchanged, \(report.removed.groupedDigits) to remove"
            text = "Checked \(files) (dry run, nothing written): \(records) — \(counts)"
            if !report.pendingMigrations.isEmpty {
                text += "; the roster would first be migrated (\(report.pendingMigrations.joined(separator: ", ")))"
            }
        } else {
            counts =
                "\(report.added.groupedDigits) added, \(report.updated.groupedDigits) updated, "
                + "\(report.unchanged.groupedDigits) unchanged, \(report.removed.groupedDigits) removed"
            text = "Imported \(files): \(records) — \(counts)"
        }
        if report.rejectedRecords > 0 { text += ", \(report.rejectedRecords.groupedDigits) rejected" }
        if report.samePlayerRecords > 0 {
            let again = report.samePlayerRecords
            text += "; \(again.groupedDigits) later record\(again == 1 ? "" : "s") of players named earlier"
        }
        if report.skippedRecords > 0 {
            let skipped = report.skippedRecords
            text += "; \(skipped.groupedDigits) row\(skipped == 1 ? "" : "s") skipped by the row filters"
        }
        text += " (\(seconds(report.seconds)))\n"
        if !report.unknownFields.isEmpty {
            let unknown = report.unknownFields
            // A provider's feed may have a hundred columns rosterdb does not read; --report json lists them all.
            let listed =
                unknown.prefix(12).joined(separator: ", ")
                + (unknown.count > 12 ? " and \((unknown.count - 12).groupedDigits) more" : "")
            text += "Ignored unknown fields: \(DisplayWidth.printable(listed))\n"
        }
        if report.prune.skippedReason == .rejectedRecords {
            let rejected = report.rejectedRecords
            text +=
                "Did not prune \(report.prune.wouldRemove.groupedDigits) "
                + "\(report.prune.wouldRemove == 1 ? "player" : "players") absent from the input: "
                + "\(rejected.groupedDigits) \(rejected == 1 ? "record was" : "records were") rejected, so it is "
                + "not a complete snapshot.\n"
        }
        return text
    }

    /// One line per problem, the first `ImportReport.problemLimit` of them, then how many more there were. A
    /// problem quotes the file's text (a CSV cell, a key): its control characters are shown as `?`, so that an
    /// escape sequence in a feed never reaches the terminal.
    static func problems(_ report: ImportReport) -> String {
        var text = report.problems.map { "\(DisplayWidth.printable($0.description))\n" }.joined()
        let unlisted = report.problemCount - report.problems.count
        if unlisted > 0 { text += "… and \(unlisted.groupedDigits) more problem\(unlisted == 1 ? "" : "s")\n" }
        return text
    }

    /// Writes the report as one JSON object on one line (`ImportReport.writeJSON`).
    static func writeJSON(_ report: ImportReport, to output: TextOutput) throws {
        try report.writeJSON { try output.write($0) }
    }

    /// `0.41 s`.
    static func seconds(_ value: Double) -> String {
        ImportReport.seconds(value) + " s"
    }
}
