import RosterFormats
import RosterModel
import RosterService

extension ChangesCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRosterToRead()
        var criteria = criteria
        if let player {
            let found = try roster.historyID(of: player)
            try context.tell(found.prefix)
            criteria.playerID = found.id
        }
        var table: [HistoryEntry] = []
        var count = 0
        if format == .json { try context.output.write(ChangeEncoding.feedStart) }
        let next = try roster.forEachChange(matching: criteria, limit: limit) { entry in
            switch format {
            case .table: table.append(entry)
            case .ndjson: try context.output.write(ChangeEncoding.line(entry))
            case .json: try context.output.write(ChangeEncoding.feedItem(entry, first: count == 0))
            }
            count += 1
        }
        switch format {
        case .json: try context.output.write(ChangeEncoding.feedEnd(next: next))
        case .ndjson: break
        case .table:
            try context.output.write(
                (table.isEmpty ? "No changes.\n" : HistoryTableView.render(table, showsPlayer: true))
                    + "\nNext: rosterdb changes --since \(next)\n")
        }
        return .success
    }
}
