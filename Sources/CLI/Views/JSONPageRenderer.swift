import RosterFormats
import RosterModel
import RosterService

/// `--format json`: one object with the paging facts and the page's players,
/// `{"page":2,"per_page":20,"total":271,"pages":14,"players":[{…},{…}]}`, then a newline.
struct JSONPageRenderer: PlayerListRenderer {
    private var rowCount = 0

    mutating func begin(_ paging: PageInfo) -> String {
        "{\"page\":\(paging.page),\"per_page\":\(paging.perPage),\"total\":\(paging.total),"
            + "\"pages\":\(paging.pages),\"players\":["
    }

    mutating func row(_ player: Player, age: Int?) -> String {
        rowCount += 1
        let object = PlayerEncoding.jsonObject(player, age: .included(age))
        return rowCount == 1 ? object : "," + object
    }

    mutating func end(_ paging: PageInfo) -> String { "]}\n" }
}
