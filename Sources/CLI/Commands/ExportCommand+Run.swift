import RosterModel
import RosterService

extension ExportCommand: Command {
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
            if history {
                try roster.exportHistory { try output.write($0) }
                if SignalTrap.stop.isRaised { throw Interrupted() }
                try file?.commit()
                return .success
            }
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
