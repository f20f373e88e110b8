import RosterModel
import RosterService

extension QueryCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRosterToRead(at: at)
        let maxWidth = context.terminal.stdoutIsTerminal ? context.terminal.width : nil
        var renderer = format.makeListRenderer(maxWidth: maxWidth)
        var paging = PageInfo.all(total: 0)
        try roster.run(
            query, measuringAll: renderer.measuresAll,
            begin: { facts in
                paging = facts
                try context.output.write(renderer.begin(facts))
            },
            row: { player in
                try context.output.write(renderer.row(player, age: player.age(on: query.asOf)))
            })
        // An empty list whose nationality or club is no player's: the values it could have meant.
        let suggestions = paging.total == 0 ? try roster.suggestions(for: query) : []
        renderer.suggest(suggestions)
        try context.output.write(renderer.end(paging))
        for suggestion in suggestions { try context.errors.write(suggestion.message + "\n") }
        return .success
    }
}
