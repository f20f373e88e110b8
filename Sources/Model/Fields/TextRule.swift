/// What every text field of a player must be, whoever writes it: rosterdb's validator applies these sets, and the
/// schema's CHECK constraints list the same characters (Migrations/0009_shorter_text_rules.sql), which a test proves
/// character by character.
///
/// A value is trimmed of white space at both ends, holds no control character and no byte order mark, and has at
/// least one visible character: a name of zero-width spaces or Hangul fillers would print as nothing.
package enum TextRule {
    /// Characters no text may hold: C0 and C1 controls, DEL, and U+FEFF, which inside a value is a byte order mark
    /// carried in by joined files (`cat a.csv b.csv`), an invisible part of a name that no search finds.
    package static let forbidden: [ClosedRange<UInt32>] = [0x00...0x1F, 0x7F...0x9F, 0xFEFF...0xFEFF]

    /// Characters that show nothing: white space, Unicode's Default_Ignorable_Code_Point (zero-width spaces and
    /// joiners, the Hangul fillers, variation selectors, tags, …) and U+2800, the blank Braille pattern.
    package static let invisible: [ClosedRange<UInt32>] =
        WhiteSpace.ranges + [
            0xAD...0xAD, 0x34F...0x34F, 0x61C...0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F,
            0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x2800...0x2800, 0x3164...0x3164, 0xFE00...0xFE0F,
            0xFEFF...0xFEFF, 0xFFA0...0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF,
        ]

    /// Whether `scalar` falls in one of `ranges`.
    package static func contains(_ ranges: [ClosedRange<UInt32>], _ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
    }

    /// `text` without the white space at both ends.
    package static func trimmed(_ text: String) -> String {
        // Printable ASCII at both ends, as almost every value has, cannot be white space.
        let printableEnds = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return first &- 0x21 < 0x5E && last &- 0x21 < 0x5E
        }
        if printableEnds == true { return text }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !WhiteSpace.contains($0) }),
            let last = scalars.lastIndex(where: { !WhiteSpace.contains($0) })
        else { return "" }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    /// `text` trimmed, with each run of white space inside it made one space.
    package static func collapsingWhiteSpace(_ text: String) -> String {
        WhiteSpace.collapsing(text) { scalar, bytes in UTF8.encode(scalar) { bytes.append($0) } }
    }

    /// The first forbidden character of `text`, found by bytes first: C1 controls are encoded C2 80 – C2 9F and the
    /// byte order mark EF BB BF, so text without those lead bytes needs no decoding.
    package static func firstForbidden(in text: String) -> Unicode.Scalar? {
        let mayHoldOne = text.utf8.withContiguousStorageIfAvailable { bytes in
            // Printable ASCII holds nothing forbidden.
            var index = printableASCIIWords(bytes)
            // The byte before `index`, if any, is printable ASCII: no C2 lead byte is pending.
            var previous: UInt8 = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte & 0xE0 == 0x80) || byte == 0xEF {
                    return true
                }
                previous = byte
                index &+= 1
            }
            return false
        }
        guard mayHoldOne ?? true else { return nil }
        return text.unicodeScalars.first { contains(forbidden, $0) }
    }

    /// Whether `text` is printable ASCII (U+0020 to U+007E) that neither starts nor ends with a space, as almost
    /// every value is: such text is trimmed, holds nothing forbidden and shows something, which one pass over its
    /// bytes tells.
    package static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last, first != .space, last != .space else { return false }
            var index = printableASCIIWords(bytes)
            while index < bytes.count {
                guard bytes[index] &- .space < 0x5F else { return false }
                index &+= 1
            }
            return true
        } ?? false
    }

    /// How many of `bytes`' first bytes are printable ASCII (0x20 to 0x7E), counted eight at a time: a multiple of
    /// eight, at most the count of the run.
    private static func printableASCIIWords(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
        var index = 0
        while index &+ 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let belowSpace = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
            let deleteOrAbove = ((word &+ 0x0101_0101_0101_0101) | word) & 0x8080_8080_8080_8080
            if belowSpace | deleteOrAbove != 0 { break }
            index &+= 8
        }
        return index
    }

    /// Whether `text` has a character that shows something.
    package static func hasVisibleCharacter(_ text: String) -> Bool {
        // Any printable ASCII character other than the space is visible.
        let printable = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 &- 0x21 < 0x5E }
        }
        if printable ?? text.utf8.contains(where: { $0 &- 0x21 < 0x5E }) { return true }
        return text.unicodeScalars.contains { !contains(invisible, $0) && !contains(forbidden, $0) }
    }
}
