/// Unicode's White_Space characters (the list is fixed by the standard: 25 characters), tested by value:
/// `Unicode.Scalar.Properties.isWhitespace` looks the property up in the standard library's tables, which shows in
/// profiles when every character of a million names is asked.
package enum WhiteSpace {
    /// Every White_Space character, as ranges of scalar values.
    package static let ranges: [ClosedRange<UInt32>] = [
        0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ]

    /// Whether `scalar` has the Unicode White_Space property.
    @inline(__always)
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        if value < 0x85 { return false }
        return ranges.contains { $0.contains(value) }
    }

    /// `text` trimmed, with each run of white space inside it made one space; `append` adds each other scalar's
    /// UTF-8 bytes, as it is or changed. Built as bytes and made a string once: appending scalar by scalar to a
    /// String costs several times more. The space of a run goes in before the scalar after it, even when that one
    /// adds nothing.
    @inline(__always)
    package static func collapsing(_ text: String, _ append: (Unicode.Scalar, inout [UInt8]) -> Void) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 8)
        var spacePending = false
        for scalar in text.unicodeScalars {
            if contains(scalar) {
                spacePending = !result.isEmpty
                continue
            }
            if spacePending {
                result.append(0x20)
                spacePending = false
            }
            append(scalar, &result)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
