import RosterModel

/// The text of a page token (`after=…`): a `PagePosition` written in URL-safe base64, opaque to clients.
///
/// Inside: `2;` (the format), the order (`goals:desc,name:asc`), `;`, then each value: `n` for unknown, `i` and a
/// whole number ended by `.`, or `t`, the text's length in UTF-8 bytes, `:` and the text. Decoding is strict: any
/// other text is no token. Format 1 held the values of orders whose ties ended on the id alone; its tokens are
/// refused (`isEarlierFormat`), as a position in the order of today's ties cannot be made of them.
package enum PageToken {
    /// The format this build writes and reads, first in a token's text.
    private static let format = "2;"

    /// The token for `position`.
    package static func token(for position: PagePosition) -> String {
        var text = format + sortText(position.sort) + ";"
        for value in position.values {
            switch value {
            case .null: text += "n"
            case .integer(let number): text += "i\(number)."
            case .text(let string): text += "t\(string.utf8.count):" + string
            }
        }
        return Base64URL.encode(Array(text.utf8))
    }

    /// The position `token` stands for, or nil when it is no token this build wrote.
    package static func position(_ token: String) -> PagePosition? {
        guard let bytes = Base64URL.decode(token), let text = UTF8Text.string(validating: bytes) else {
            return nil
        }
        var rest = Substring(text)
        guard rest.hasPrefix(format) else { return nil }
        rest = rest.dropFirst(format.utf8.count)
        guard let end = rest.firstIndex(of: ";"), let sort = sortOrders(rest[..<end]) else { return nil }
        rest = rest[rest.index(after: end)...]
        var values: [PagePosition.Value] = []
        let utf8 = Array(rest.utf8)
        var index = 0
        /// The number written from `index` up to `end`, moving past `end`.
        func number(endingAt end: UInt8) -> Int64? {
            guard let stop = utf8[index...].firstIndex(of: end),
                let value = Int64(String(decoding: utf8[index..<stop], as: UTF8.self))
            else { return nil }
            index = stop + 1
            return value
        }
        while index < utf8.count {
            let kind = utf8[index]
            index += 1
            switch kind {
            case UInt8(ascii: "n"):
                values.append(.null)
            case UInt8(ascii: "i"):
                guard let value = number(endingAt: UInt8(ascii: ".")) else { return nil }
                values.append(.integer(value))
            case UInt8(ascii: "t"):
                guard let length = number(endingAt: UInt8(ascii: ":")), length >= 0, length <= utf8.count - index,
                    let string = utf8.withUnsafeBufferPointer({
                        UTF8Text.string(validating: .init(rebasing: $0[index..<(index + Int(length))]))
                    })
                else { return nil }
                values.append(.text(string))
                index += Int(length)
            default:
                return nil
            }
        }
        guard values.count == PagePosition.valueCount(sort) else { return nil }
        return PagePosition(sort: sort, values: values)
    }

    /// Whether `token` is one an earlier rosterdb wrote (format 1, whose orders ended ties on the id alone), which
    /// this one refuses with its own message rather than as no token at all.
    package static func isEarlierFormat(_ token: String) -> Bool {
        guard let bytes = Base64URL.decode(token) else { return false }
        return bytes.starts(with: "1;".utf8)
    }

    /// `goals:desc,name:asc`: the order as `sort=` writes it, with every direction.
    package static func sortText(_ sort: [SortOrder]) -> String {
        sort.map { "\($0.key.rawValue):\($0.descending ? "desc" : "asc")" }.joined(separator: ",")
    }

    private static func sortOrders(_ text: Substring) -> [SortOrder]? {
        guard !text.isEmpty else { return nil }
        var orders: [SortOrder] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let key = SortKey(rawValue: String(parts[0])),
                parts[1] == "asc" || parts[1] == "desc"
            else { return nil }
            orders.append(SortOrder(key, descending: parts[1] == "desc"))
        }
        return orders
    }
}

/// Base64 with the URL-safe alphabet (`-` and `_`) and no padding (RFC 4648 §5), so that a token needs no escaping
/// in a query string.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0...count {
                out.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes, or nil for a character outside the alphabet or a length no encoding has (one character left).
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt32] = []
        values.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            values.append(UInt32(value))
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var index = 0
        while index < values.count {
            let count = min(4, values.count - index)
            var group: UInt32 = 0
            for position in 0..<4 {
                group |= (position < count ? values[index + position] : 0) << UInt32(18 - 6 * position)
            }
            for position in 0..<(count - 1) {
                out.append(UInt8((group >> UInt32(16 - 8 * position)) & 0xFF))
            }
            index += 4
        }
        // Only one encoding per byte string: leftover bits must be zero.
        guard encode(out) == text else { return nil }
        return out
    }
}
