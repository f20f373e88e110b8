/// Terminal columns that text takes, and cutting and padding by them, so that tables stay aligned in any script.
///
/// Widths follow what terminals draw, one grapheme cluster (`Character`) at a time:
/// - an emoji is 2 columns: a character with default emoji presentation (`👍`, `⚽`), one made emoji by VS16
///   (`❤️`), a ZWJ sequence (`👨‍👩‍👧`), a flag (`🇯🇵`) or a keycap (`1️⃣`);
/// - otherwise each scalar adds its own width: 2 for East Asian Wide and Fullwidth (Hangul, CJK ideographs, kana,
///   `Ａ`), 0 for combining marks, format characters (ZWJ, U+200B), variation selectors, the Hangul vowels and
///   finals that join a syllable, and control characters, 1 for everything else. East Asian Ambiguous characters
///   (`…`, `·`, `─`) are 1, as every terminal outside a CJK locale draws them.
///
/// Control characters must not reach the terminal at all; `printable(_:)` replaces them.
enum DisplayWidth {
    /// Terminal columns `text` takes.
    static func of(_ text: String) -> Int {
        // Most names and every number are printable ASCII: one column per byte.
        var isPrintableASCII = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            isPrintableASCII = false
            break
        }
        if isPrintableASCII { return text.utf8.count }
        var width = 0
        for character in text { width += columns(character) }
        return width
    }

    /// The longest prefix of `text` that, followed by `…`, fits in `width` columns, or `text` itself when it
    /// fits. Cuts only between grapheme clusters; a wide character that does not fit is dropped whole.
    static func truncated(_ text: String, toWidth width: Int) -> String {
        if of(text) <= width { return text }
        guard width > 0 else { return "" }
        let room = width - 1  // for the `…`
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            used += columns(text[index])
            if used > room { break }
            end = text.index(after: index)
        }
        // `Lionel…` reads better than `Lionel …`.
        var kept = text[..<end]
        while kept.last == " " { kept = kept.dropLast() }
        return String(kept) + "…"
    }

    /// `text` with spaces added on the left (`alignRight`) or right up to `width` columns; never cut.
    static func padded(_ text: String, toWidth width: Int, alignRight: Bool) -> String {
        padded(text, measuring: of(text), toWidth: width, alignRight: alignRight)
    }

    /// `padded(_:toWidth:alignRight:)` for text whose width is known already.
    static func padded(_ text: String, measuring textWidth: Int, toWidth width: Int, alignRight: Bool) -> String {
        // Compared before subtracting, so that no width can overflow.
        guard width > textWidth else { return text }
        let spaces = String(repeating: " ", count: width - textWidth)
        return alignRight ? spaces + text : text + spaces
    }

    /// `text` with each character that would move the cursor or change how the rest of the line is drawn
    /// replaced by `?`: control characters (a newline, a tab, an escape sequence's ESC), line and paragraph
    /// separators, and the bidirectional embeddings, overrides and isolates that could reverse later columns.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isUnprintable(scalar) ? "?" : scalar)
        }
        return String(result)
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func columns(_ character: Character) -> Int {
        if isEmoji(character) { return 2 }
        var width = 0
        for scalar in character.unicodeScalars { width += columns(scalar) }
        return width
    }

    /// Whether a terminal draws the cluster as one emoji, whatever follows its first scalar.
    private static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.value < 0xA9 {
            // Below `©` only the bases of keycaps (`1️⃣`) are emoji, and only with VS16.
            let isKeycapBase = first == "#" || first == "*" || ("0"..."9").contains(first)
            return isKeycapBase && scalars.contains("\u{FE0F}")
        }
        let properties = first.properties
        // Regional indicators (flags) have emoji presentation too.
        if properties.isEmojiPresentation { return true }
        guard properties.isEmoji else { return false }
        // Text-style emoji (`❤`, `©`) become emoji with VS16; a ZWJ joins them with others into one.
        return scalars.contains { $0 == "\u{FE0F}" || $0 == "\u{200D}" }
    }

    private static func columns(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 {
            // Below the combining diacritics only controls and the soft hyphen (a format character) are not 1.
            return value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0xAD ? 0 : 1
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator: return 0
        default: break
        }
        // Conjoining Hangul vowels and finals are drawn inside the syllable their initial consonant starts.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return isWide(value) ? 2 : 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        let ranges = wideRanges
        guard let firstRange = ranges.first, value >= firstRange.first else { return false }
        var low = 0
        var high = ranges.count
        // The last range whose first code point is at most `value`.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if ranges[middle].first <= value { low = middle } else { high = middle }
        }
        return value <= ranges[low].last
    }
}
