import RosterModel

/// A request target split into path and query and percent-decoded (RFC 3986; the query as HTML forms encode it,
/// `+` for a space).
///
/// `parse` is a pure function of the bytes a client sent, free of any HTTP library, so that tests and fuzzing can
/// call it directly. It refuses, with an `HTTPTargetError` a handler can answer 400 with, what it cannot decode
/// faithfully: a `%` without two hexadecimal digits after it, a control character or space, and bytes that are not
/// UTF-8 as sent or once decoded. Nothing is ever decoded twice, and the raw forms stay available.
package struct HTTPTarget: Sendable, Equatable {
    /// The authority of an absolute-form target as sent (`localhost:8080` in `http://localhost:8080/players`), which
    /// names the host the request is for in place of its Host header (RFC 9112 §3.2.2); nil for the origin form.
    package let authority: String?
    /// The path as sent, still percent-encoded (`/players/M%C3%BCller`); `/` for an absolute-form target without
    /// a path.
    package let rawPath: String
    /// The path decoded (`/players/Müller`). An encoded slash (`%2F`) is a slash here; `segments` keeps it apart.
    package let path: String
    /// The segments between the path's slashes, each decoded on its own: `/players/a%2Fb` gives `["players",
    /// "a/b"]`, `/` gives `[]`, and `/players/` gives `["players", ""]`.
    package let segments: [String]
    /// The query as sent, without its `?`; nil when the target has no `?`.
    package let rawQuery: String?
    /// The query's parameters in the order sent, decoded: `a=1&b=&c&a=2` gives `a`=`1`, `b`=``, `c`=``, `a`=`2`.
    /// Empty pieces (`a=1&&b=2`) are skipped.
    package let query: [HTTPQueryItem]

    /// The value of the first query parameter called `name` (exactly), or nil.
    package func value(of name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The values of every query parameter called `name`, in order.
    package func values(of name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    // MARK: - Parsing

    /// Splits and decodes `raw`, a request target exactly as the request line holds it: the origin form
    /// (`/path?query`), or the absolute form (`http://host:port/path?query`, RFC 9112 §3.2.2), whose scheme is left
    /// out and whose authority is kept apart.
    package static func parse(_ bytes: [UInt8]) -> Result<HTTPTarget, HTTPTargetError> {
        if let index = bytes.firstIndex(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return .failure(HTTPTargetError(.invalidCharacter(bytes[index]), at: index))
        }
        guard let (authorityStart, pathStart) = pathStart(in: bytes) else {
            return .failure(HTTPTargetError(.notAPath(String(decoding: bytes.prefix(64), as: UTF8.self)), at: 0))
        }
        let queryMark = bytes[pathStart...].firstIndex(of: UInt8(ascii: "?"))
        let pathEnd = queryMark ?? bytes.endIndex
        do {
            var segments: [String] = []
            var start = pathStart + 1
            while start <= pathEnd {
                let end = bytes[start..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
                segments.append(try decode(bytes, start..<end, plusIsSpace: false, component: .path))
                start = end + 1
            }
            var query: [HTTPQueryItem] = []
            if let queryMark {
                var start = queryMark + 1
                while start < bytes.endIndex {
                    let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
                    if start < end {
                        query.append(try queryItem(bytes, start..<end, number: query.count + 1))
                    }
                    start = end + 1
                }
            }
            let emptyPath = pathStart == pathEnd
            let rawPath = emptyPath ? "/" : String(decoding: bytes[pathStart..<pathEnd], as: UTF8.self)
            return .success(
                HTTPTarget(
                    authority: authorityStart.map { String(decoding: bytes[$0..<pathStart], as: UTF8.self) },
                    rawPath: rawPath,
                    path: emptyPath ? "/" : "/" + segments.joined(separator: "/"),
                    segments: emptyPath || segments == [""] ? [] : segments,
                    rawQuery: queryMark.map { String(decoding: bytes[($0 + 1)...], as: UTF8.self) },
                    query: query))
        } catch {
            return .failure(error)
        }
    }

    /// Where the path begins: at the target's first byte in the origin form, after the authority in the absolute
    /// form (the end, when it has no path), with where that authority begins; nil for any other form (`*`,
    /// `host:port`, nothing).
    private static func pathStart(in bytes: [UInt8]) -> (authority: Int?, path: Int)? {
        if bytes.first == UInt8(ascii: "/") { return (nil, 0) }
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then "://" and the authority.
        guard let first = bytes.first, isLetter(first) else { return nil }
        guard let colon = bytes.firstIndex(where: { !(isLetter($0) || isDigit($0) || "+-.".utf8.contains($0)) }),
            bytes[colon...].starts(with: "://".utf8)
        else { return nil }
        let authorityStart = colon + 3
        let path =
            bytes[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
            ?? bytes.endIndex
        return (authorityStart, path)
    }

    private static func queryItem(_ bytes: [UInt8], _ range: Range<Int>, number: Int) throws(HTTPTargetError)
        -> HTTPQueryItem
    {
        let equals = bytes[range].firstIndex(of: UInt8(ascii: "=")) ?? range.upperBound
        let name = try decode(bytes, range.lowerBound..<equals, plusIsSpace: true, component: .queryName(number))
        let valueStart = min(equals + 1, range.upperBound)
        let value = try decode(
            bytes, valueStart..<range.upperBound, plusIsSpace: true,
            component: .queryValue(number))
        return HTTPQueryItem(name: name, value: value)
    }

    /// The text of `bytes[range]` with its percent-escapes (and, in a query, its `+`) decoded.
    private static func decode(
        _ bytes: [UInt8], _ range: Range<Int>, plusIsSpace: Bool, component: HTTPTargetError.Component
    ) throws(HTTPTargetError) -> String {
        // Most components hold nothing to decode: their text is made straight from the bytes as sent.
        let plain = !bytes[range].contains { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }
        if plain {
            guard let text = bytes.withUnsafeBufferPointer({ UTF8Text.string(validating: .init(rebasing: $0[range])) })
            else {
                throw HTTPTargetError(.notUTF8(component), at: range.lowerBound)
            }
            return text
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else {
                    let escape = String(decoding: bytes[index..<min(index + 3, range.upperBound)], as: UTF8.self)
                    throw HTTPTargetError(.invalidPercentEscape(escape), at: index)
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        guard let text = UTF8Text.string(validating: decoded) else {
            throw HTTPTargetError(.notUTF8(component), at: range.lowerBound)
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
