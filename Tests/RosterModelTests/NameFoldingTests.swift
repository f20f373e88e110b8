import RosterModel
import Testing

@Suite struct NameFoldingTests {
    @Test(arguments: [
        ("Kylian Mbappé", "kylian mbappe"), ("  Kylian   MBAPPÉ ", "kylian mbappe"),
        ("Martin Ødegaard", "martin odegaard"),
        ("Ángel Di María", "angel di maria"), ("Luka Modrić", "luka modric"), ("Thomas Müller", "thomas muller"),
        ("Jose\u{301} Mourinho", "jose mourinho"), ("Straße", "strasse"), ("Łukasz Piszczek", "lukasz piszczek"),
        ("손흥민", "손흥민"), ("久保 建英", "久保 建英"), ("Федор Смолов", "федор смолов"), ("Γιώργος", "γιωργος"),
        ("N'Golo Kanté", "n'golo kante"), ("Nguyễn Công Phượng", "nguyen cong phuong"),
    ])
    func folds(name: String, expected: String) {
        #expect(NameFolding.fold(name) == expected)
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
