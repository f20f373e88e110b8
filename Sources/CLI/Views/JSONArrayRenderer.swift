import RosterFormats
import RosterModel
import RosterService

/// `export --format json`: a JSON array of player objects with the canonical import fields, one per line, so the
/// file reads well and diffs well and `import` reads it back as it is.
struct JSONArrayRenderer: PlayerListRenderer {
    private var rowCount = 0

    mutating func begin(_ paging: PageInfo) -> String { "[" }

    mutating func row(_ player: Player, age: Int?) -> String {
        rowCount += 1
        return (rowCount == 1 ? "\n" : ",\n") + PlayerEncoding.jsonObject(player, age: .omitted)
    }

    mutating func end(_ paging: PageInfo) -> String { rowCount == 0 ? "]\n" : "\n]\n" }
}
