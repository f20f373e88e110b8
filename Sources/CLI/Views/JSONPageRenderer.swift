import RosterFormats
import RosterModel
import RosterService

/// `--format json`: one object with the paging facts and the page's players, as `PageEncoding` writes it,
/// `{"page":2,"per_page":20,"total":271,"pages":14,"players":[{…},{…}]}`, then a newline; an empty list may end with
/// its `"suggestions"`.
struct JSONPageRenderer: PlayerListRenderer {
    private var rowCount = 0
    private var suggestions: [ValueSuggestion] = []

    mutating func begin(_ paging: PageInfo) -> String { PageEncoding.opening(paging) }

    mutating func row(_ player: Player, age: Int?) -> String {
        defer { rowCount += 1 }
        return PageEncoding.player(player, age: age, index: rowCount)
    }

    mutating func suggest(_ suggestions: [ValueSuggestion]) { self.suggestions = suggestions }

    mutating func end(_ paging: PageInfo) -> String { PageEncoding.closing(suggestions: suggestions) + "\n" }
}
