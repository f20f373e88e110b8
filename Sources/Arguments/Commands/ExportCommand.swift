import RosterModel
import RosterQuery

/// `rosterdb export`: the whole roster in id order, in a format `import` reads back exactly.
public struct ExportCommand: DeclaredCommand {
    public static let format = Option.choice(
        "format", of: ExportFormat.self, help: "The output format (default: json).")
    public static let output = Option.text(
        "output", "file", short: "o",
        help: "Write to this file instead of standard output ('-': standard output); never to the roster or its "
            + "-wal, -shm and -journal files.")

    public static let spec = CommandSpec(
        name: name,
        abstract: "Export the whole roster as JSON, NDJSON or CSV.",
        discussion: "Rows come in id order with the canonical import fields, so importing the output into an empty "
            + "roster reproduces this one exactly, ids included; the filters export part of the roster. With "
            + "--output, the file is written under a temporary name and renamed when complete, so a failed or "
            + "interrupted export never leaves half a file; a FIFO or a device is written directly.",
        options: FilterOptions.filters + [format.spec, output.spec]
    )
    public static let name = "export"

    public let query: PlayerQuery
    public let format: ExportFormat
    /// `--output`; nil for standard output.
    public let outputPath: String?

    public init(_ arguments: ParsedArguments) throws {
        var query = PlayerQuery(asOf: .today())
        try FilterOptions.read(QueryParameter.filters, from: arguments, into: &query)
        query.sort = [SortOrder(.id)]
        query.paging = .all
        self.query = query
        format = try arguments.value(ExportCommand.format) ?? .json
        outputPath = try arguments.value(ExportCommand.output).flatMap { $0 == "-" ? nil : $0 }
    }
}
