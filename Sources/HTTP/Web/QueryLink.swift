/// Links to the server's own pages: a path and query parameters, each name and value percent-encoded (RFC 3986),
/// so that no text a user typed changes what a link means.
package enum QueryLink {
    /// `path` with `items` as its query; a name in `replacing` is taken out of `items` and set to its value at the
    /// end (left out when nil).
    package static func url(_ path: String, _ items: [HTTPQueryItem], replacing: [(String, String?)] = []) -> String {
        var kept = items.filter { item in !replacing.contains { $0.0 == item.name } }
        for case let (name, value?) in replacing { kept.append(HTTPQueryItem(name: name, value: value)) }
        guard !kept.isEmpty else { return path }
        // Written as bytes and made a String once: every page links to the next, on every request.
        // Room for the whole link at once (a reservation per piece would reallocate for each: reserveCapacity
        // does not grow geometrically).
        var out: [UInt8] = []
        out.reserveCapacity(kept.reduce(path.utf8.count) { $0 + 2 + 3 * ($1.name.utf8.count + $1.value.utf8.count) })
        out += path.utf8
        for (index, item) in kept.enumerated() {
            out.append(UInt8(ascii: index == 0 ? "?" : "&"))
            append(item.name, to: &out)
            out.append(UInt8(ascii: "="))
            append(item.value, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` percent-encoded as a link's parameters are: a value placed in a URL that cannot change its meaning
    /// (a `/`, `?`, `#` or `@` in it is encoded).
    package static func encoded(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` with every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) written `%XX`; a space is
    /// `%20`.
    private static func append(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: ","):
                // `:` and `,` are allowed in a query (RFC 3986 §3.4) and keep sort keys readable.
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
