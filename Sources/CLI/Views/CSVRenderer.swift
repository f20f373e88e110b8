import RosterModel
import RosterService

/// `--format csv`: a header row, then one row per player with the same fields as JSON, age included.
struct CSVRenderer: PlayerListRenderer {
    mutating func begin(_ paging: PagingFacts) -> String { PlayerFormats.csvHeader(age: true) }

    mutating func row(_ player: Player, age: Int?) -> String {
        PlayerFormats.csvRow(player, age: .included(age))
    }

    mutating func end(_ paging: PagingFacts) -> String { "" }
}
