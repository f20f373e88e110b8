/// JSON string literals (RFC 8259), written for every text field of an export, so the common case is fast.
package enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    ///
    /// Escapes `"`, `\` and every control character (`\n`, `\r`, `\t`, `\b`, `\f`, else `\u00XX`), and also
    /// U+007F and U+2028/U+2029, which some JavaScript parsers and log viewers take for line breaks. Other
    /// non-ASCII text is kept as UTF-8.
    package static func quoted(_ text: String) -> String {
        let needsEscaping =
            text.utf8.withContiguousStorageIfAvailable(firstEscape(in:))
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

    /// The offset of the first byte that must be escaped, or nil. Eight bytes at a time: names and clubs rarely hold
    /// a byte to escape, and every text field of every row written goes through here.
    static func firstEscape(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count, !mayHoldEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            // A word that may hold one (or the last few bytes): byte by byte.
            let end = min(index + 8, bytes.count)
            while index < end {
                let byte = bytes[index]
                if byte < 0x20 || byte == .quote || byte == .backslash || byte == 0x7F { return index }
                if byte == 0xE2, isLineOrParagraphSeparator(bytes, at: index) { return index }
                index += 1
            }
        }
        return nil
    }

    /// Whether any of the eight bytes of `word` is below 0x20, a quote, a backslash, 0x7F, or 0xE2 (which starts
    /// U+2028 and U+2029): never false when one is. Bit tricks on the whole word: a byte is zero after the XOR
    /// exactly when it equals the byte looked for, and `x - 0x01…` borrows into the top bit of a byte that was zero
    /// (or, for `x - 0x20…`, below 0x20) and had it clear.
    private static func mayHoldEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highBits != 0 }
        let control = (word &- ones &* 0x20) & ~word & highBits != 0
        return control || hasZeroByte(word ^ (ones &* UInt64(UInt8.quote)))
            || hasZeroByte(word ^ (ones &* UInt64(UInt8.backslash))) || hasZeroByte(word ^ (ones &* 0x7F))
            || hasZeroByte(word ^ (ones &* 0xE2))
    }

    /// Appends `text` as a JSON string literal, quotes included, to `out`: `quoted(_:)` without making a String,
    /// for writers that build their output as bytes.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted($0, to: &out) }
    }

    /// Appends the text whose well-formed UTF-8 is `bytes` as a JSON string literal, quotes included, to `out`.
    package static func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let start = firstEscape(in: bytes) else {
            out.append(.quote)
            out.append(contentsOf: bytes)
            out.append(.quote)
            return
        }
        appendEscaped(bytes, from: start, to: &out)
    }

    /// Appends the decimal digits of `value`, a JSON number, to `out`, without making a String.
    package static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Twenty digits hold any magnitude of an Int64; written from the last.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
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
