import RosterModel
import Testing

@Suite struct NameFoldingTests {
    @Test(arguments: [
        ("Kylian Mbappé", "kylian mbappe"), ("  Kylian   MBAPPÉ ", "kylian mbappe"),
        ("Martin Ødegaard", "martin odegaard"),
        ("Ángel Di María", "angel di maria"), ("Luka Modrić", "luka modric"), ("Thomas Müller", "thomas muller"),
        ("Jose\u{301} Mourinho", "jose mourinho"), ("Straße", "strasse"), ("Łukasz Piszczek", "lukasz piszczek"),
        ("손흥민", "손흥민"), ("久保 建英", "久保 建英"), ("Федор Смолов", "федор смолов"), ("Γιώργος", "γιωργοσ"),
        ("N'Golo Kanté", "n'golo kante"), ("Nguyễn Công Phượng", "nguyen cong phuong"),
    ])
    func folds(name: String, expected: String) {
        #expect(NameFolding.fold(name) == expected)
    }

    /// Text written decomposed folds to the same bytes as the same text written precomposed (Swift's `==` would
    /// call the two equal anyway, so bytes are compared).
    @Test(arguments: [
        ("\u{1109}\u{1169}\u{11AB}\u{1112}\u{1173}\u{11BC}\u{1106}\u{1175}\u{11AB}", "\u{C190}\u{D765}\u{BBFC}"),
        ("\u{30AB}\u{3099}\u{30AF}", "\u{30AC}\u{30AF}"), ("\u{304B}\u{3099}", "\u{304C}"),
        ("\u{0418}\u{0306}\u{0432}\u{0430}\u{043D}", "\u{0419}\u{0432}\u{0430}\u{043D}"),
        ("Nguye\u{0302}\u{0303}n", "Nguy\u{1EC5}n"), ("Jose\u{0301}", "Jos\u{00E9}"),
        ("\u{0391}\u{0313}\u{03B8}\u{03B7}\u{03BD}\u{03B1}\u{0342}", "\u{1F08}\u{03B8}\u{03B7}\u{03BD}\u{1FB6}"),
    ])
    func decomposedTextFoldsAsPrecomposed(decomposed: String, precomposed: String) {
        #expect(Array(NameFolding.fold(decomposed).utf8) == Array(NameFolding.fold(precomposed).utf8))
    }

    /// Hebrew and Arabic vowel points are folded away like accents: a vocalized name finds the name written without.
    @Test(arguments: [
        ("\u{05E9}\u{05C1}\u{05B8}\u{05DC}\u{05D5}\u{05B9}\u{05DD}", "\u{05E9}\u{05DC}\u{05D5}\u{05DD}"),
        ("\u{0645}\u{064F}\u{062D}\u{064E}\u{0645}\u{0651}\u{064E}\u{062F}", "\u{0645}\u{062D}\u{0645}\u{062F}"),
    ])
    func vowelPointsFoldAway(vocalized: String, plain: String) {
        #expect(Array(NameFolding.fold(vocalized).utf8) == Array(plain.utf8))
    }

    /// Invisible characters that only shape the text are dropped, and split no word; Greek's final sigma is σ.
    @Test(arguments: [
        (
            "\u{0639}\u{0644}\u{06CC}\u{200C}\u{0631}\u{0636}\u{0627}",
            "\u{0639}\u{0644}\u{06CC}\u{0631}\u{0636}\u{0627}"
        ),
        ("\u{0DC1}\u{0DCA}\u{200D}\u{0DBB}\u{0DD3}", "\u{0DC1}\u{0DCA}\u{0DBB}\u{0DD3}"),
        ("Schwein\u{AD}steiger", "schweinsteiger"),
        ("\u{039F}\u{0394}\u{03A5}\u{03A3}\u{03A3}\u{0395}\u{0391}\u{03A3}", "οδυσσεασ"),
        ("\u{039F}\u{03B4}\u{03C5}\u{03C3}\u{03C3}\u{03AD}\u{03B1}\u{03C2}", "οδυσσεασ"),
    ])
    func invisibleShapingIsDroppedAndFinalSigmaIsSigma(text: String, folded: String) {
        #expect(Array(NameFolding.fold(text).utf8) == Array(folded.utf8))
        #expect(NameFolding.words(text).count == NameFolding.words(folded).count)
    }

    /// Polytonic Greek, which NFC composes into the Greek Extended block, folds to its base letters like the
    /// monotonic accents do.
    @Test func polytonicGreekFoldsToItsBaseLetters() {
        #expect(Array(NameFolding.fold("\u{1F08}\u{03B8}\u{03B7}\u{03BD}\u{1FB6}").utf8) == Array("αθηνα".utf8))
        #expect(
            Array(NameFolding.fold("\u{0391}\u{0313}\u{03B8}\u{03B7}\u{03BD}\u{03B1}\u{0342}").utf8)
                == Array("αθηνα".utf8))
    }

    @Test func conjoiningJamoFoldToSyllables() {
        let folded = NameFolding.fold("\u{1109}\u{1169}\u{11AB} \u{1112}\u{1173}\u{11BC}\u{1106}\u{1175}\u{11AB}")
        #expect(Array(folded.utf8) == Array("\u{C190} \u{D765}\u{BBFC}".utf8))
    }

    @Test func accentedNamesSortWithTheirBaseLetter() {
        let names = ["Zinedine Zidane", "Ángel Di María", "Alisson Becker", "Érling"].sorted {
            NameFolding.fold($0) < NameFolding.fold($1)
        }
        #expect(names == ["Alisson Becker", "Ángel Di María", "Érling", "Zinedine Zidane"])
    }
}

@Suite struct WhiteSpaceTests {
    @Test func agreesWithTheStandardLibraryOnEveryScalarOfTheBasicPlane() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(WhiteSpace.contains(scalar) == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }
}
