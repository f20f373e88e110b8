import Glibc

/// Text made of UTF-8 bytes that must be well-formed: request targets, page tokens, rows another tool wrote.
///
/// The standard library's `String(validating:as:)` is generic over the encoding and, called from another module,
/// looks up generic metadata under a lock on every call; a server that reads a few texts per request from two
/// threads spends more on that lookup than on the bytes. These are the same checks, concrete.
package enum UTF8Text {
    /// The bytes as a String, or nil when they are not well-formed UTF-8 (what `String(decoding:)` would repair).
    package static func string(validating bytes: UnsafeBufferPointer<UInt8>) -> String? {
        isWellFormed(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// `string(validating:)` of an array's bytes.
    package static func string(validating bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { string(validating: $0) }
    }

    /// Whether the two hold the same bytes: text compared byte for byte, where Swift's `==` holds canonically
    /// equivalent strings equal (`é` and `e` + U+0301).
    package static func sameBytes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        first.count == second.count
            && (first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
    }

    /// The bytes as text for a message, with each byte that is not part of well-formed UTF-8 written `\xC3`:
    /// `String(decoding:)` would show every such byte as U+FFFD, which hides what is stored.
    package static func showingInvalidBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var rest = bytes.makeIterator()
        var text = ""
        // Where the next scalar or error starts: the parser reads ahead, so the iterator's place does not say.
        var start = 0
        while true {
            switch parser.parseScalar(from: &rest) {
            case .valid(let encoded):
                text.unicodeScalars.append(UTF8.decode(encoded))
                start += encoded.count
            case .error(let length):
                for byte in bytes[start..<(start + length)] {
                    let hex = String(byte, radix: 16, uppercase: true)
                    text += "\\x" + (hex.count == 1 ? "0" : "") + hex
                }
                start += length
            case .emptyInput:
                return text
            }
        }
    }

    /// Whether `bytes` are well-formed UTF-8: ASCII eight bytes at a time (most text is), the rest scalar by scalar
    /// through the standard library's own decoder, which refuses what `String(decoding:)` repairs.
    package static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index + 8 <= bytes.count,
            UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            index += 8
        }
        while index < bytes.count, bytes[index] < 0x80 { index += 1 }
        guard index < bytes.count else { return true }
        var parser = Unicode.UTF8.ForwardParser()
        var rest = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        while true {
            switch parser.parseScalar(from: &rest) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
