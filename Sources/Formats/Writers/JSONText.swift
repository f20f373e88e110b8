/// JSON string literals (RFC 8259), written for every text field of an export, so the common case is fast.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    ///
    /// Escapes `"`, `\` and every control character (`\n`, `\r`, `\t`, `\b`, `\f`, else `\u00XX`), and also
    /// U+007F and U+2028/U+2029, which some JavaScript parsers and log viewers take for line breaks. Other
    /// non-ASCII text is kept as UTF-8.
    public static func quoted(_ text: String) -> String {
        let needsEscaping = text.utf8.withContiguousStorageIfAvailable(firstEscape(in:))
            ?? Array(text.utf8).withUnsafeBufferPointer(firstEscape(in:))
        guard let start = needsEscaping else {
            var literal = "\""
            literal.reserveCapacity(text.utf8.count + 2)
            literal += text
            literal += "\""
            return literal
        }
        return text.utf8.withContiguousStorageIfAvailable { escaped($0, from: start) }
            ?? Array(text.utf8).withUnsafeBufferPointer { escaped($0, from: start) }
    }

    /// The offset of the first byte that must be escaped, or nil.
    private static func firstEscape(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == .quote || byte == .backslash || byte == 0x7F { return index }
            if byte == 0xE2, isLineOrParagraphSeparator(bytes, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Appends `text` as a JSON string literal, quotes included, to `out`: `quoted(_:)` without making a String,
    /// for writers that build their output as bytes.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            guard let start = firstEscape(in: bytes) else {
                out.append(.quote)
                out.append(contentsOf: bytes)
                out.append(.quote)
                return
            }
            appendEscaped(bytes, from: start, to: &out)
        }
    }

    private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        appendEscaped(bytes, from: start, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The literal of `bytes`, whose first byte to escape is at `start`, appended to `out`.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to out: inout [UInt8]) {
        out.append(.quote)
        out.append(contentsOf: bytes[0..<start])
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case .quote, .backslash: out.append(contentsOf: [.backslash, byte])
            case 0x0A: out.append(contentsOf: [.backslash, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [.backslash, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [.backslash, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [.backslash, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [.backslash, UInt8(ascii: "f")])
            case 0x00..<0x20, 0x7F: appendUnicodeEscape(UInt16(byte), to: &out)
            case 0xE2 where isLineOrParagraphSeparator(bytes, at: index - 1):
                appendUnicodeEscape(bytes[index + 1] == 0xA8 ? 0x2028 : 0x2029, to: &out)
                index += 2
            default: out.append(byte)
            }
        }
        out.append(.quote)
    }

    /// Whether the bytes at `index` are U+2028 or U+2029 (E2 80 A8, E2 80 A9).
    private static func isLineOrParagraphSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80
            && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
    }

    private static func appendUnicodeEscape(_ value: UInt16, to out: inout [UInt8]) {
        out.append(contentsOf: [.backslash, UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(hexDigits[Int((value >> UInt16(shift)) & 0xF)])
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
