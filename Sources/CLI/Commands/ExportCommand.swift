import RosterModel
import RosterService

/// `rosterdb export`: the whole roster in id order, in a format `import` reads back exactly.
struct ExportCommand: Command {
    static let format = Option.choice("format", of: ExportFormat.self, help: "The output format (default: json).")
    static let output = Option.text(
        "output", "file", short: "o", help: "Write to this file instead of standard output.")

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export the whole roster as JSON, NDJSON or CSV.",
        discussion: "Rows come in id order with the canonical import fields, so importing the output into an empty "
            + "roster reproduces this one exactly, ids included; the filters export part of the roster. With "
            + "--output, the file is written under a temporary name and renamed when complete, so a failed export "
            + "never leaves half a file.",
        options: FilterOptions.filters + [format.spec, output.spec]
    )

    let query: PlayerQuery
    let format: ExportFormat
    let outputPath: String?

    init(_ arguments: ParsedArguments) throws {
        var query = PlayerQuery(asOf: .today())
        try FilterOptions.read(QueryParameter.filters, from: arguments, into: &query)
        query.sort = [SortOrder(.id)]
        query.paging = .all
        self.query = query
        format = try arguments.value(ExportCommand.format) ?? .json
        outputPath = try arguments.value(ExportCommand.output)
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRoster(.read)
        let file = try outputPath.map { try AtomicFileOutput(path: $0) }
        let output: TextOutput = file ?? context.output
        var renderer = format.makeRenderer()
        var paging = PageInfo.all(total: 0)
        try roster.run(
            query,
            begin: { facts in
                paging = facts
                output.write(renderer.begin(facts))
            },
            row: { output.write(renderer.row($0, age: nil)) })
        output.write(renderer.end(paging))
        try file?.commit()
        return .success
    }
}
