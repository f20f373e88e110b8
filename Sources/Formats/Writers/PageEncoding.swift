import RosterModel

/// A page of players as JSON, the one shape `query --format json` and the HTTP API's `/api/players` both write:
/// `{"page":2,"per_page":20,"total":271,"pages":14,"players":[{…},{…}]}`, each player as `PlayerEncoding` writes it
/// with its age. The API adds `"next"` and `"prev"` after the players. An empty list whose nationality or club is no
/// player's ends with `"suggestions":[{"field":"club","given":"manchester united","values":["Man Utd"]}]`. Written in
/// three parts, so that a list of any length streams.
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

    /// The end of the list and of the object, with `links` (name and URL, null when there is none) and then the
    /// `suggestions` (left out when there are none) in between.
    package static func closing(
        links: [(name: String, url: String?)] = [], suggestions: [ValueSuggestion] = []
    ) -> String {
        var bytes: [UInt8] = []
        appendClosing(links: links, suggestions: suggestions, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `closing(links:suggestions:)` appended to `out` as UTF-8.
    package static func appendClosing(
        links: [(name: String, url: String?)] = [], suggestions: [ValueSuggestion] = [], to out: inout [UInt8]
    ) {
        out.append(UInt8(ascii: "]"))
        for (name, url) in links {
            out.append(UInt8(ascii: ","))
            JSONText.appendQuoted(name, to: &out)
            out.append(UInt8(ascii: ":"))
            if let url { JSONText.appendQuoted(url, to: &out) } else { out += "null".utf8 }
        }
        if !suggestions.isEmpty {
            out += ",\"suggestions\":[".utf8
            for (index, suggestion) in suggestions.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out += "{\"field\":".utf8
                JSONText.appendQuoted(suggestion.field.name, to: &out)
                out += ",\"given\":".utf8
                JSONText.appendQuoted(suggestion.given, to: &out)
                out += ",\"values\":[".utf8
                for (number, value) in suggestion.values.enumerated() {
                    if number > 0 { out.append(UInt8(ascii: ",")) }
                    JSONText.appendQuoted(value, to: &out)
                }
                out += "]}".utf8
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }
}
