import RosterModel
import RosterService

/// `rosterdb changes --since N|DATE`: the change feed, every change after a number or a time, in order.
package struct ChangesCommand: DeclaredCommand {
    package static let name = "changes"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "List every change after a change number or a time, in order: the feed a copy follows.",
        discussion: "Each change has its number, time (UTC) and what made it; a copy continues with --since the "
            + "last number it read (the table's last line says it, the JSON's `next`). --field club lists "
            + "transfers.",
        options: HistoryOptions.since, HistoryOptions.until,
        Option.text(
            "player", "player", refusingBlank: true, help: "Only this player's changes (an id, or a full name)."),
        Option.choice("field", of: PlayerField.self, help: "Only changes of this field; repeat it for several.")
            .repeated,
        Option.choice("kind", of: ChangeKind.self, help: "Only changes of this kind; repeat it for several.")
            .repeated,
        Option.number("limit", "n", in: 1...Int(Int32.max), help: "At most this many changes."),
        HistoryOptions.format
    ) { _, since, until, player, fields, kinds, limit, format in
        guard let since else { throw UsageError.missingOption("--since") }
        var criteria = HistoryOptions.criteria(since: since, until: until)
        criteria.fields = fields
        criteria.kinds = kinds
        return ChangesCommand(criteria: criteria, player: player, limit: limit, format: format ?? .ndjson)
    }

    package let criteria: HistoryCriteria
    package let player: String?
    package let limit: Int?
    package let format: HistoryFormat
}
