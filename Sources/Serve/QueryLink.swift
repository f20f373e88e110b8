import RosterHTTP

/// Links to the server's own pages: a path and query parameters, each name and value percent-encoded (RFC 3986),
/// so that no text a user typed changes what a link means.
enum QueryLink {
    /// `path` with `items` as its query; a name in `replacing` is taken out of `items` and set to its value at the
    /// end (left out when nil).
    static func url(_ path: String, _ items: [HTTPQueryItem], replacing: [(String, String?)] = []) -> String {
        var kept = items.filter { item in !replacing.contains { $0.0 == item.name } }
        for case let (name, value?) in replacing { kept.append(HTTPQueryItem(name: name, value: value)) }
        guard !kept.isEmpty else { return path }
        return path + "?" + kept.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    /// `text` with every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) written `%XX`; a space is `%20`.
    static func encode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: ","):
                // `:` and `,` are allowed in a query (RFC 3986 §3.4) and keep sort keys readable.
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
