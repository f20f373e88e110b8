import RosterModel
import RosterService

/// `--format ndjson`: one JSON object per player and line, with the age; nothing else, not even paging facts.
struct NDJSONRenderer: PlayerListRenderer {
    mutating func begin(_ paging: PagingFacts) -> String { "" }

    mutating func row(_ player: Player, age: Int?) -> String {
        PlayerFormats.jsonObject(player, age: .included(age)) + "\n"
    }

    mutating func end(_ paging: PagingFacts) -> String { "" }
}
