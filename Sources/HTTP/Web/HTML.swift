/// A piece of HTML. The one place text becomes markup: markup can only be written as a literal in the source
/// (`HTML("<p>")`), while every value — a name, a URL, a number — goes through `text(_:)` or an attribute, which
/// escape it. A view builds its page from these and nothing else, so no value reaches the page unescaped.
package struct HTML: Sendable, Equatable {
    package private(set) var rendered: String

    /// Markup written in the source itself; never a value.
    package init(_ literal: StaticString) {
        rendered = literal.description
    }

    private init(escaped: String) {
        rendered = escaped
    }

    package static let empty = HTML("")

    /// `value` as text: `&`, `<`, `>`, `"` and `'` escaped.
    package static func text(_ value: String) -> HTML {
        HTML(escaped: escape(value))
    }

    /// An element with attributes (each value escaped; a nil value leaves the attribute out; names are always
    /// literals of the source) and content.
    package static func element(
        _ tag: StaticString, _ attributes: [(String, String?)] = [], _ content: HTML = .empty
    ) -> HTML {
        var html = "<\(tag)"
        for case let (name, value?) in attributes {
            html += " \(name)=\"\(escape(value))\""
        }
        html += ">" + content.rendered + "</\(tag)>"
        return HTML(escaped: html)
    }

    /// An element that has no end tag (`<input>`, `<meta>`, `<img>`).
    package static func void(_ tag: StaticString, _ attributes: [(String, String?)]) -> HTML {
        var html = "<\(tag)"
        for case let (name, value?) in attributes {
            html += " \(name)=\"\(escape(value))\""
        }
        return HTML(escaped: html + ">")
    }

    package static func + (left: HTML, right: HTML) -> HTML {
        HTML(escaped: left.rendered + right.rendered)
    }

    package static func += (left: inout HTML, right: HTML) {
        left.rendered += right.rendered
    }

    /// The pieces one after another.
    package static func joined(_ pieces: [HTML]) -> HTML {
        HTML(escaped: pieces.map(\.rendered).joined())
    }

    /// The escaped form of `value`, for text and for attribute values in double quotes. Control characters (which
    /// rosterdb never stores, but another program may have: NUL, ESC, U+009B) become U+FFFD, as a browser shows a
    /// NUL: HTML allows none of them.
    package static func escape(_ value: String) -> String {
        guard
            value.utf8.contains(where: {
                // 0xC2 leads U+0080 to U+00BF, among them the C1 controls.
                $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0xC2 || isControl($0)
            })
        else { return value }
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count + 16)
        for character in value.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case _
            where (character.isASCII && isControl(UInt8(character.value))) || (0x80...0x9F).contains(character.value):
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// An ASCII control character other than tab, line feed and carriage return (white space in HTML).
    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }
}
