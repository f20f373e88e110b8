import RosterFormats
import RosterModel
import RosterService

/// `--format csv`: a header row, then one row per player with the same fields as JSON.
struct CSVRenderer: PlayerListRenderer {
    /// Whether rows carry the age (query) or only the canonical import fields (export).
    var includesAge = true

    init(age: Bool = true) {
        includesAge = age
    }

    mutating func begin(_ paging: PageInfo) -> String { PlayerEncoding.csvHeader(age: includesAge) }

    mutating func row(_ player: Player, age: Int?) -> String {
        PlayerEncoding.csvRow(player, age: includesAge ? .included(age) : .omitted)
    }

    mutating func end(_ paging: PageInfo) -> String { "" }
}
