/// Folds names for comparison and sorting: lower case, accents and strokes removed, runs of white space
/// collapsed to one space and trimmed. `  Kylian MBAPPÉ ` folds to `kylian mbappe`, `Ødegaard` to `odegaard`.
///
/// Letters of scripts without case or accents (Hangul, CJK) are kept as they are. Text is first composed the way
/// Unicode's NFC composes it, so that a name written with decomposed characters folds as the same name written
/// precomposed: Hangul as conjoining jamo (`ᄉ ᅩ ᆫ` is `손`; macOS file names and some feeds write it so), kana and
/// a separate voicing mark, a letter and a combining accent that has no base-letter fold of its own.
package enum NameFolding {
    package static func fold(_ text: String) -> String {
        let ascii = text.utf8.withContiguousStorageIfAvailable { isASCII($0) ? foldASCII($0) : nil }
        if let folded = ascii ?? nil { return folded }
        return WhiteSpace.collapsing(composed(text)) { scalar, folded in
            let value = scalar.value
            if value < 0x80 {
                folded.append((0x41...0x5A).contains(value) ? UInt8(value) + 0x20 : UInt8(value))
            } else if let replacement = replacement(for: value) {
                folded += replacement.utf8
            } else if isDropped(value) {
                return
            } else if scalar.properties.changesWhenLowercased {
                folded += scalar.properties.lowercaseMapping.utf8
            } else {
                UTF8.encode(scalar) { folded.append($0) }
            }
        }
    }

    /// The folded words of `text`, as the name search index splits them: letters and digits, with everything else
    /// (spaces, hyphens, apostrophes, dots) between words. `Son Heung-min` gives `son`, `heung`, `min`.
    package static func words(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// `text` in Unicode's canonical composition (NFC). Most text is NFC already, which a quick check over its
    /// bytes tells without building anything.
    private static func composed(_ text: String) -> String {
        var span = text.utf8Span
        if span.checkForNFC(quickCheck: true) { return text }
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var union: UInt8 = 0
        for byte in bytes { union |= byte }
        return union < 0x80
    }

    /// `fold` for text that is all ASCII, as most names are: byte by byte, into the string's own storage.
    private static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            var count = 0
            var spacePending = false
            for byte in bytes {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    spacePending = count > 0
                    continue
                }
                if spacePending {
                    buffer[count] = 0x20
                    count += 1
                    spacePending = false
                }
                buffer[count] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                count += 1
            }
            return count
        }
    }

    private static func replacement(for value: UInt32) -> String? {
        var low = 0
        var high = tableScalars.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let scalar = tableScalars[middle]
            if scalar == value { return table[middle].folded }
            if scalar < value { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// `table`'s scalars alone, searched without copying (and retaining) an entry's string at each step.
    private static let tableScalars = table.map(\.scalar)

    /// What folding drops: combining accents, as decomposed text carries them (`e` + U+0301); the vowel points of
    /// Hebrew and Arabic, which most names are written without (`שָׁלוֹם` is `שלום`, `مُحَمَّد` is `محمد`); and the
    /// invisible characters that only shape the text or its direction — the soft hyphen, the zero-width joiner and
    /// non-joiner (`علی‌رضا` is `علیرضا`, `ශ්‍රී` one word), direction marks. Dropped, they split no word, in the search
    /// index or out of it.
    private static func isDropped(_ value: UInt32) -> Bool {
        if value < 0xAD { return false }
        return droppedRanges.contains { $0.contains(value) }
    }

    private static let droppedRanges: [ClosedRange<UInt32>] = [
        0x00AD...0x00AD, 0x0300...0x036F, 0x0591...0x05BD, 0x05BF...0x05BF, 0x05C1...0x05C2, 0x05C4...0x05C5,
        0x05C7...0x05C7, 0x0610...0x061A, 0x061C...0x061C, 0x064B...0x065F, 0x0670...0x0670, 0x06D6...0x06DC,
        0x06DF...0x06E4, 0x06E7...0x06E8, 0x06EA...0x06ED, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200C...0x200F,
        0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0x20D0...0x20FF, 0xFE20...0xFE2F, 0xFEFF...0xFEFF,
    ]
}
