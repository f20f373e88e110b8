import RosterModel
import RosterService

/// `rosterdb export`: the whole roster in id order, in a format `import` reads back exactly.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Export the whole roster as JSON, NDJSON or CSV.",
        discussion: "Rows come in id order with the canonical import fields, so importing the output into an empty "
            + "roster reproduces this one exactly, ids included. With --output, the file is written under a "
            + "temporary name and renamed when complete, so a failed or interrupted export never leaves half a "
            + "file; a FIFO or a device is written directly.",
        options: [
            .value("format", "format", help: "json, ndjson or csv (default: json)."),
            .value("output", "file", short: "o", help: "Write to this file instead of standard output ('-': "
                + "standard output); never to the roster or its -wal, -shm and -journal files."),
        ]
    )

    let format: ExportFormat
    /// `--output`; nil for standard output.
    let outputPath: String?
    /// `--output <file>`, for errors.
    let outputOption: String

    init(_ arguments: ParsedArguments) throws {
        format = try arguments.parsed("format", expecting: "one of json, ndjson, csv") { ExportFormat(rawValue: $0) }
            ?? .json
        outputOption = arguments.synopsis(of: "output")
        outputPath = try arguments.parsed("output", expecting: "a file path") { $0.isEmpty ? nil : $0 }
            .flatMap { $0 == "-" ? nil : $0 }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        // First of all: a signal must stop the export and remove its temporary file, not kill rosterdb and leave it.
        SignalTrap.install()
        let shouldStop = { SignalTrap.received != 0 }
        if let outputPath, let named = OutputFile.rosterFile(named: outputPath, databasePath: context.databasePath) {
            let what = named.isDatabase ? "the roster being exported (\(named.path))"
                : "\(named.path), which SQLite keeps beside the roster being exported"
            throw UsageError.invalidValue(value: outputPath, option: outputOption,
                                          reason: "it is \(what); choose another file.")
        }
        // What a stop leaves, for its message.
        var outcome = "nothing was written"
        do {
            let roster = try context.openRoster(.read, shouldStop: shouldStop)
            let file = try outputPath.map { try OutputFile(path: $0, shouldStop: shouldStop) }
            outcome = file.map { $0.isReplacing ? "\($0.path) was left as it was" : "\($0.path) is incomplete" }
                ?? "the output is incomplete"
            let output: TextOutput = file ?? context.output
            var renderer = format.makeRenderer()
            let facts = PageInfo.all(total: 0)
            try output.write(renderer.begin(facts))
            try roster.forEachPlayer { player in
                if shouldStop() { throw Interrupted() }
                try output.write(renderer.row(player, age: nil))
            }
            try output.write(renderer.end(facts))
            // The last moment a stop leaves an existing file as it was.
            if shouldStop() { throw Interrupted() }
            try file?.commit()
        } catch let error as CategorizedError where error.category == .interrupted {
            throw Interrupted(outcome: outcome)
        }
        return .success
    }
}
