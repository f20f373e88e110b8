import Testing

@testable import RosterCLI

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("", 0), ("Lionel Messi", 12),
        ("손흥민", 6),
        // The same name decomposed into conjoining jamo: the vowels and finals are drawn inside the syllable.
        ("\u{1109}\u{1169}\u{11AB}\u{1112}\u{1173}\u{11BC}\u{1106}\u{1175}\u{11AB}", 6),
        ("久保 建英", 9), ("カタカナ", 8), ("ｱ", 1), ("𠮷", 2),
        ("Ødegaard", 8), ("e\u{301}", 1), ("Jose\u{301} Mourinho", 13), ("a\u{301}\u{302}\u{303}", 1),
        ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("👩🏽‍💻", 2), ("🇯🇵", 2), ("🇯🇵🇰🇷", 4), ("⚽", 2),
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),
        ("❤", 1), ("❤\u{FE0F}", 2), ("👁\u{FE0F}\u{200D}🗨\u{FE0F}", 2), ("1\u{FE0F}\u{20E3}", 2), ("1\u{20E3}", 1),
        ("#", 1), ("\u{FE0F}", 0), ("a\u{FE0F}", 1), ("☺\u{FE0E}", 1),
        ("Ａ", 2), ("ＡＢＣ", 6), ("\u{3000}", 2),
        ("\u{200B}", 0), ("a\u{200D}b", 2), ("\u{AD}", 0), ("\u{2060}", 0),
        ("…", 1), ("─", 1), ("·", 1),
        // Controls take no column (and the table never prints them).
        ("\n", 0), ("\r\n", 0), ("\t", 0), ("\u{1B}", 0), ("\u{7F}", 0), ("\u{85}", 0), ("a\tb", 2),
        // Devanagari: the spacing vowel sign adds a column, as terminals that measure per code point draw it.
        ("कि", 2),
    ])
    func width(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test(arguments: [
        ("abc", 3, "abc"), ("abcd", 3, "ab…"), ("abcd", 4, "abcd"), ("abc", 1, "…"), ("abc", 0, ""), ("abc", -1, ""),
        ("abc", .min, ""), ("abc", .max, "abc"),
        ("", 0, ""),
        // A wide character that does not fit before the `…` is dropped whole.
        ("손흥민", 6, "손흥민"), ("손흥민", 5, "손흥…"), ("손흥민", 4, "손…"), ("손흥민", 2, "…"),
        ("久保 建英", 8, "久保 建…"), ("久保 建英", 7, "久保…"), ("久保 建英", 6, "久保…"),
        // Accents stay on their letter; the space before the cut goes.
        ("Jose\u{301} Mourinho", 6, "Jose\u{301}…"), ("Jose\u{301} Mourinho", 5, "Jose\u{301}…"),
        ("Jose\u{301} Mourinho", 4, "Jos…"),
        ("👨‍👩‍👧 Family", 2, "…"), ("👨‍👩‍👧 Family", 3, "👨‍👩‍👧…"), ("🇯🇵🇰🇷", 3, "🇯🇵…"),
    ])
    func truncation(_ text: String, _ width: Int, _ expected: String) {
        #expect(DisplayWidth.truncated(text, toWidth: width) == expected)
    }

    @Test func truncationNeverExceedsTheWidthAndCutsBetweenCharacters() {
        let texts = ["Lionel Messi", "손흥민", "久保 建英", "Jose\u{301} Mourinho", "Neymar 🇧🇷⚽", "a👨‍👩‍👧b", "Ａ１"]
        for text in texts {
            for width in 0...16 {
                let cut = DisplayWidth.truncated(text, toWidth: width)
                #expect(DisplayWidth.of(cut) <= width, "\(text) to \(width): \(cut)")
                if width == 0 {
                    #expect(cut.isEmpty)
                } else if cut != text {
                    #expect(cut.hasSuffix("…"))
                    let kept = Array(cut.dropLast())
                    #expect(Array(text.prefix(kept.count)) == kept, "\(text) to \(width): \(cut)")
                }
            }
        }
    }

    @Test(arguments: [
        ("abc", 5, false, "abc  "), ("abc", 5, true, "  abc"), ("손흥민", 8, false, "손흥민  "), ("손흥민", 8, true, "  손흥민"),
        ("e\u{301}", 3, false, "e\u{301}  "), ("👍", 3, true, " 👍"),
        ("abcdef", 3, false, "abcdef"), ("abc", 3, true, "abc"), ("abc", .min, true, "abc"), ("", 2, false, "  "),
    ])
    func padding(_ text: String, _ width: Int, _ alignRight: Bool, _ expected: String) {
        #expect(DisplayWidth.padded(text, toWidth: width, alignRight: alignRight) == expected)
    }

    @Test(arguments: [
        ("Lionel Messi", "Lionel Messi"), ("손흥민 👍", "손흥민 👍"), ("Jose\u{301}", "Jose\u{301}"),
        ("Two\nLines", "Two?Lines"), ("CR\r\nLF", "CR??LF"), ("tab\there", "tab?here"),
        ("\u{1B}[2Jclear", "?[2Jclear"), ("del\u{7F}", "del?"), ("c1\u{9B}", "c1?"),
        ("line\u{2028}para\u{2029}", "line?para?"), ("\u{202E}reversed\u{202C}", "?reversed?"), ("\u{2067}x", "?x"),
    ])
    func printable(_ text: String, _ expected: String) {
        #expect(DisplayWidth.printable(text) == expected)
    }
}
