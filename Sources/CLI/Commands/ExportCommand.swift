import RosterModel
import RosterService

/// `rosterdb export`: the whole roster in id order, in a format `import` reads back exactly.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Export the whole roster as JSON, NDJSON or CSV.",
        discussion: "Rows come in id order with the canonical import fields, so importing the output into an empty "
            + "roster reproduces this one exactly, ids included. With --output, the file is written under a "
            + "temporary name and renamed when complete, so a failed export never leaves half a file.",
        options: [
            .value("format", "format", help: "json, ndjson or csv (default: json)."),
            .value("output", "file", short: "o", help: "Write to this file instead of standard output."),
        ]
    )

    let format: ExportFormat
    let outputPath: String?

    init(_ arguments: ParsedArguments) throws {
        format = try arguments.parsed("format", expecting: "one of json, ndjson, csv") { ExportFormat(rawValue: $0) }
            ?? .json
        outputPath = arguments.value("output")
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRoster(.read)
        let file = try outputPath.map { try AtomicFileOutput(path: $0) }
        let output: TextOutput = file ?? context.output
        var renderer = format.makeRenderer()
        let facts = PageInfo.all(total: 0)
        output.write(renderer.begin(facts))
        try roster.forEachPlayer { output.write(renderer.row($0, age: nil)) }
        output.write(renderer.end(facts))
        try file?.commit()
        return .success
    }
}
