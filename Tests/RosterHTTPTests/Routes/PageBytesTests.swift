import RosterFormats
import RosterModel
import RosterService
import Testing

@testable import RosterRepository

/// `/api/players` writes each row as it lies in the roster, never making a `Player` of it: the page is still the
/// one `query --format json` writes from `Player` values, byte for byte, whatever the rows hold.
@Suite struct PageBytesTests {
    /// Names with a character to escape at every offset around the eight bytes the writer scans at a time, unknown
    /// values, and the age of a birthday tomorrow.
    static func awkwardRoster() throws -> ServeFixture {
        var players: [Player] = []
        for (offset, character) in ["\"", "\\", "\u{2028}", "é", "’", "😀"].enumerated() {
            for length in 0...17 {
                players.append(
                    Player(
                        ref: length.isMultiple(of: 3) ? "ref\(character)\(length)" : nil,
                        name: "N" + String(repeating: "a", count: length) + character + "z", position: .striker,
                        goals: 40 - length, assists: offset,
                        nationality: length.isMultiple(of: 2) ? "Côte d'Ivoire" : nil,
                        club: "Club \\ \(length)", birthDate: CalendarDate(year: 1990 + length, month: 6, day: 2),
                        image: length.isMultiple(of: 4) ? nil : "img/\(character).png"))
            }
        }
        return try ServeFixture(players: players)
    }

    /// The page as the command line writes it, from `Player` values.
    static func expected(_ fixture: ServeFixture, _ query: PlayerQuery) throws -> String {
        let roster = try Roster(path: fixture.path, access: .read)
        var text = ""
        var index = 0
        try roster.run(
            query, begin: { text = PageEncoding.opening($0) },
            row: { player in
                text += PageEncoding.player(player, age: player.age(on: ServeFixture.day), index: index)
                index += 1
            })
        return text
    }

    @Test func aPageOfAwkwardRowsIsTheQueryObjectByteForByte() throws {
        let fixture = try Self.awkwardRoster()
        var query = PlayerQuery(asOf: ServeFixture.day)
        query.filters.append(.positions([.striker]))
        query.sort = [SortOrder(.goals, descending: true)]
        for page in 1...4 {
            query.paging = .page(page, perPage: 30)
            let response = fixture.get("/api/players?position=ST&sort=goals:desc&per_page=30&page=\(page)")
            guard case .bytes(let bytes) = response.body else {
                Issue.record("a page is written whole")
                return
            }
            let expected = Array((try Self.expected(fixture, query) + "]").utf8)
            let same = bytes.starts(with: expected)
            #expect(same, "page \(page): \(String(decoding: bytes.prefix(200), as: UTF8.self))…")
            #expect(String(decoding: bytes, as: UTF8.self).contains(#"\u2028"#))
        }
    }

    @Test func aPageByTokenIsTheSameRowsAsThePageByNumber() throws {
        let fixture = try Self.awkwardRoster()
        let first = try ServeFixture.json(fixture.get("/api/players?sort=name&per_page=25&after="))
        let next = try #require(first["next"] as? String)
        let byToken = ServeFixture.text(fixture.get(next))
        let byNumber = ServeFixture.text(fixture.get("/api/players?sort=name&per_page=25&page=2"))
        func players(_ text: String) -> Substring {
            text[text.range(of: "\"players\":")!.upperBound..<text.range(of: "],\"next\"")!.lowerBound]
        }
        #expect(players(byToken) == players(byNumber))
        #expect(!players(byToken).isEmpty)
    }
}
