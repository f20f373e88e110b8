import RosterModel
import RosterService

/// `rosterdb export`: the whole roster in id order, in a format `import` reads back exactly.
struct ExportCommand: Command {
    static let format = Option.choice("format", of: ExportFormat.self, help: "The output format (default: json).")
    static let output = Option.text(
        "output", "file", short: "o",
        help: "Write to this file instead of standard output ('-': standard output); never to the roster or its "
            + "-wal, -shm and -journal files.")

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export the whole roster as JSON, NDJSON or CSV.",
        discussion: "Rows come in id order with the canonical import fields, so importing the output into an empty "
            + "roster reproduces this one exactly, ids included; the filters export part of the roster. With "
            + "--output, the file is written under a temporary name and renamed when complete, so a failed or "
            + "interrupted export never leaves half a file; a FIFO or a device is written directly.",
        options: FilterOptions.filters + [format.spec, output.spec]
    )

    let query: PlayerQuery
    let format: ExportFormat
    /// `--output`; nil for standard output.
    let outputPath: String?

    init(_ arguments: ParsedArguments) throws {
        var query = PlayerQuery(asOf: .today())
        try FilterOptions.read(QueryParameter.filters, from: arguments, into: &query)
        query.sort = [SortOrder(.id)]
        query.paging = .all
        self.query = query
        format = try arguments.value(ExportCommand.format) ?? .json
        outputPath = try arguments.value(ExportCommand.output).flatMap { $0 == "-" ? nil : $0 }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        // First of all: a signal must stop the export and remove its temporary file, not kill rosterdb and leave it.
        SignalTrap.install()
        // What a stop leaves, for its message.
        var outcome = "nothing was written"
        do {
            let roster = try context.openRoster(.read, stop: SignalTrap.stop)
            let file = try outputPath.map {
                try context.outputFile($0, for: ExportCommand.output, stop: SignalTrap.stop)
            }
            outcome =
                file.map { $0.isReplacing ? "\($0.path) was left as it was" : "\($0.path) is incomplete" }
                ?? "the output is incomplete"
            let output: TextOutput = file ?? context.output
            var renderer = format.makeRenderer()
            var paging = PageInfo.all(total: 0)
            try roster.run(
                query,
                begin: { facts in
                    paging = facts
                    try output.write(renderer.begin(facts))
                },
                row: { player in
                    if SignalTrap.stop.isRaised { throw Interrupted() }
                    try output.write(renderer.row(player, age: nil))
                })
            try output.write(renderer.end(paging))
            // The last moment a stop leaves an existing file as it was.
            if SignalTrap.stop.isRaised { throw Interrupted() }
            try file?.commit()
        } catch let error as CategorizedError where error.category == .interrupted {
            throw Interrupted(outcome: outcome)
        }
        return .success
    }
}
