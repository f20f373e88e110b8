import RosterFormats
import RosterModel
import Testing

/// How `--map` and `--map-file` are read, and what a mapping makes of a provider's records.
struct RecordMappingTests {
    /// A map file's lines as `field source` texts, or the reason it is refused.
    private func sources(_ text: String) -> [String] {
        switch RecordMapping.sources(fromFile: text) {
        case .success(let sources): sources.map { "\($0.0.name) \(Self.describe($0.1))" }
        case .failure(let refused): ["refused: \(refused.reason)"]
        }
    }

    /// `code`, or `{first}·' '·{last}` for a template, or `nothing`.
    private static func describe(_ source: RecordMapping.Source) -> String {
        switch source {
        case .column(let name): name
        case .nothing: "nothing"
        case .template(let pieces):
            pieces.map { piece in
                switch piece {
                case .column(let name): "{\(name)}"
                case .text(let text): "'\(text)'"
                }
            }.joined(separator: "·")
        }
    }

    private static let expected = ["name {first}·' '·{last}", "ref code"]

    /// A file saved on Windows was one line (CRLF is one `Character`, which a split at "\n" never finds), and a
    /// byte order mark became part of the first field's name.
    @Test(arguments: [
        "name={first} {last}\nref=code\n", "name={first} {last}\r\nref=code\r\n", "name={first} {last}\rref=code",
        "\u{FEFF}name={first} {last}\nref=code", "\u{FEFF}name={first} {last}\r\n\r\n# keys\r\nref=code\r\n",
    ])
    func linesEndWithLFCRLFOrCRAndAByteOrderMarkMayStartTheFile(text: String) {
        #expect(sources(text) == Self.expected)
    }

    /// `# …` after a value was read as part of it: a template wrote it into every name.
    @Test func aCommentMayFollowAValue() {
        #expect(sources("name={first} {last}  # the full name\nref=code\t# the provider's key") == Self.expected)
        // Not after white space, or inside braces, `#` is part of a name.
        #expect(sources("ref=No#") == ["ref No#"])
        #expect(sources("ref={Shirt #}\nid=  # ignored") == ["ref {Shirt #}", "id nothing"])
    }

    @Test func aFieldMappedTwiceNamesBothLines() {
        #expect(sources("name=a\n# x\nref=b\nNAME = c") == ["refused: line 4: name is mapped on line 1 already."])
    }

    @Test func aControlCharacterIsRefusedNamingItsLine() {
        #expect(
            sources("ref=code\nname={a}\u{1B}[2J{b}") == ["refused: line 2: it holds the control character U+001B."])
        #expect(sources("ref=co\u{FEFF}de") == ["refused: line 1: it holds the control character U+FEFF."])
        guard case .failure(let refused) = RecordMapping.source(from: "name={first}\t{last}") else {
            Issue.record("a tab in a template was taken")
            return
        }
        #expect(refused.reason == "it holds the control character U+0009.")
    }

    @Test func aVeryLongLineIsQuotedShort() {
        let refused = sources(String(repeating: "x", count: 100_000) + "=y")
        #expect(refused.count == 1 && refused[0].count < 300, "\(refused)")
        #expect(refused[0].hasPrefix("refused: line 1: unknown field 'xxxx"))
    }
}
