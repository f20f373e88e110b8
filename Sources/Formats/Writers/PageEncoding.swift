import RosterModel

/// A page of players as JSON, the one shape `query --format json` and the HTTP API's `/api/players` both write:
/// `{"page":2,"per_page":20,"total":271,"pages":14,"players":[{…},{…}]}`, each player as `PlayerEncoding` writes it
/// with its age. The API adds `"next"` and `"prev"` after the players. Written in three parts, so that a list of any
/// length streams.
public enum PageEncoding {
    /// Everything up to the first player: the paging facts and the opening of the list. A page asked for by a page
    /// token has no known number: `page` is null then.
    public static func opening(_ paging: PageInfo, numbered: Bool = true) -> String {
        "{\"page\":\(numbered ? String(paging.page) : "null"),\"per_page\":\(paging.perPage),"
            + "\"total\":\(paging.total),\"pages\":\(paging.pages),\"players\":["
    }

    /// The player at `index` (from 0) of the list, with the comma that separates it from the one before.
    public static func player(_ player: Player, age: Int?, index: Int) -> String {
        let object = PlayerEncoding.jsonObject(player, age: .included(age))
        return index == 0 ? object : "," + object
    }

    /// `player(_:age:index:)` appended to `out` as UTF-8.
    public static func appendPlayer(_ player: Player, age: Int?, index: Int, to out: inout [UInt8]) {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        PlayerEncoding.appendJSONObject(player, age: .included(age), to: &out)
    }

    /// The end of the list and of the object, with `links` (name and URL, null when there is none) in between.
    public static func closing(links: [(name: String, url: String?)] = []) -> String {
        "]" + links.map { ",\(JSONText.quoted($0.name)):\($0.url.map(JSONText.quoted) ?? "null")" }.joined() + "}"
    }
}
