import RosterModel
import RosterService

/// `rosterdb export`: the whole roster in id order, in a format `import` reads back exactly.
package struct ExportCommand: DeclaredCommand {
    package static let name = "export"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Export the whole roster as JSON, NDJSON or CSV.",
        discussion: "Rows come in id order with the canonical import fields, so importing the output into an empty "
            + "roster reproduces this one exactly, ids included; the filters export part of the roster. With "
            + "--output, the file is written under a temporary name and renamed when complete, so a failed or "
            + "interrupted export never leaves half a file; a FIFO or a device is written directly.",
        options: FilterOptions.filters,
        Option.choice("format", of: ExportFormat.self, help: "The output format (default: json)."),
        Flag(
            "history",
            help: "Export the history instead of the players: a first line with its start (history_since, "
                + "first_change, last_change), then every change kept as its line of `changes --format ndjson`; "
                + "import --history restores it into an empty roster. Not with the filters or --format."),
        output
    ) { _, filters, format, history, output in
        if history, let filter = filters.given.first {
            throw UsageError.conflictingOptions("--history", "--" + FilterOptions.optionName(filter))
        }
        if history, let format { throw UsageError.conflictingOptions("--history", "--format \(format.rawValue)") }
        var query = filters.query
        query.sort = [SortOrder(.id)]
        query.paging = .all
        return ExportCommand(
            query: query, format: format ?? .json, history: history,
            outputPath: output.flatMap { $0 == "-" ? nil : $0 })
    }
    /// Named also by the error that refuses to write over the roster.
    package static let output = Option.text(
        "output", "file", short: "o",
        help: "Write to this file instead of standard output ('-': standard output); never to the roster or its "
            + "-wal, -shm and -journal files.")

    package let query: PlayerQuery
    package let format: ExportFormat
    /// `--history`: the history as NDJSON (`Roster.exportHistory`), not the players.
    package let history: Bool
    /// `--output`; nil for standard output.
    package let outputPath: String?
}
