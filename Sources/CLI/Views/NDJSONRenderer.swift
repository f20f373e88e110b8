import RosterFormats
import RosterModel
import RosterService

/// `--format ndjson`: one JSON object per player and line; nothing else, not even paging facts.
struct NDJSONRenderer: PlayerListRenderer {
    /// Whether each object carries the age (query) or only the canonical import fields (export).
    var includesAge = true

    init(age: Bool = true) {
        includesAge = age
    }

    mutating func begin(_ paging: PageInfo) -> String { "" }

    mutating func row(_ player: Player, age: Int?) -> String {
        PlayerEncoding.jsonObject(player, age: includesAge ? .included(age) : .omitted) + "\n"
    }

    mutating func end(_ paging: PageInfo) -> String { "" }
}
