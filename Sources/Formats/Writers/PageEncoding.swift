import RosterModel

/// A page of players as JSON, the one shape `query --format json` and the HTTP API's `/api/players` both write:
/// `{"page":2,"per_page":20,"total":271,"pages":14,"players":[{…},{…}]}`, each player as `PlayerEncoding` writes it
/// with its age. The API adds `"next"` and `"prev"` after the players. Written in three parts, so that a list of any
/// length streams.
package enum PageEncoding {
    /// Everything up to the first player: the paging facts and the opening of the list. A page asked for by a page
    /// token has no known number: `page` is null then.
    package static func opening(_ paging: PageInfo, numbered: Bool = true) -> String {
        var bytes: [UInt8] = []
        appendOpening(paging, numbered: numbered, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `opening(_:numbered:)` appended to `out` as UTF-8.
    package static func appendOpening(_ paging: PageInfo, numbered: Bool = true, to out: inout [UInt8]) {
        func number(_ key: String, _ value: Int) {
            out += key.utf8
            JSONText.appendInteger(Int64(value), to: &out)
        }
        out += "{\"page\":".utf8
        if numbered { JSONText.appendInteger(Int64(paging.page), to: &out) } else { out += "null".utf8 }
        number(",\"per_page\":", paging.perPage)
        number(",\"total\":", paging.total)
        number(",\"pages\":", paging.pages)
        out += ",\"players\":[".utf8
    }

    /// The player at `index` (from 0) of the list, with the comma that separates it from the one before.
    package static func player(_ player: Player, age: Int?, index: Int) -> String {
        let object = PlayerEncoding.jsonObject(player, age: .included(age))
        return index == 0 ? object : "," + object
    }

    /// `player(_:age:index:)` appended to `out` as UTF-8, with the age on `asOf`; `player` may be a row of the
    /// roster read where it lies (see `PlayerValues`).
    package static func appendPlayer<Values: PlayerValues>(
        _ player: Values, asOf: CalendarDate, index: Int, to out: inout [UInt8]
    ) throws(Values.ReadError) {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        try PlayerEncoding.appendJSONObject(player, age: .asOf(asOf), to: &out)
    }

    /// The end of the list and of the object, with `links` (name and URL, null when there is none) in between.
    package static func closing(links: [(name: String, url: String?)] = []) -> String {
        var bytes: [UInt8] = []
        appendClosing(links: links, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `closing(links:)` appended to `out` as UTF-8.
    package static func appendClosing(links: [(name: String, url: String?)] = [], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "]"))
        for (name, url) in links {
            out.append(UInt8(ascii: ","))
            JSONText.appendQuoted(name, to: &out)
            out.append(UInt8(ascii: ":"))
            if let url { JSONText.appendQuoted(url, to: &out) } else { out += "null".utf8 }
        }
        out.append(UInt8(ascii: "}"))
    }
}
