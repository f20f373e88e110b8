import RosterModel
import Testing

@testable import RosterCLI

@Suite struct PlayerTableRendererTests {
    static let aubameyang = Player(
        id: 9, name: "Pierre-Emerick Aubameyang", position: .striker, goals: 12, assists: 3,
        nationality: "Bosnia and Herzegovina", birthDate: CalendarDate(year: 1989, month: 6, day: 18))

    @Test func alignsEveryScriptByDisplayWidth() {
        let table = render(Fixtures.all, PageInfo(page: 2, perPage: 6, total: 14))
        #expect(
            table == """
                ID  Name             Pos  Nationality  Club                     Age   G   A
                ──  ───────────────  ───  ───────────  ───────────────────────  ───  ──  ──
                10  Lionel Messi     RW   Argentina    Inter Miami               38  20  15
                 7  손흥민           LW   South Korea  Los Angeles FC            32  17  10
                20  久保 建英        RW   Japan        Real Sociedad             24   5   4
                 8  Martin Ødegaard  AM   Norway       Arsenal                   26   8  10
                 1  José Sá          GK   Portugal     Wolverhampton Wanderers   32   0   1
                11  Neymar 🇧🇷⚽      LW   -            -                          -   3   7

                Page 2 of 3 · 14 players

                """)
        checkLayout(table)
    }

    @Test func cutsTheClubColumnFirstToFitTheTerminal() {
        let table = render(Fixtures.all, PageInfo(page: 2, perPage: 6, total: 14), maxWidth: 65)
        #expect(
            table == """
                ID  Name             Pos  Nationality  Club           Age   G   A
                ──  ───────────────  ───  ───────────  ─────────────  ───  ──  ──
                10  Lionel Messi     RW   Argentina    Inter Miami     38  20  15
                 7  손흥민           LW   South Korea  Los Angeles…    32  17  10
                20  久保 建英        RW   Japan        Real Sociedad   24   5   4
                 8  Martin Ødegaard  AM   Norway       Arsenal         26   8  10
                 1  José Sá          GK   Portugal     Wolverhampto…   32   0   1
                11  Neymar 🇧🇷⚽      LW   -            -                -   3   7

                Page 2 of 3 · 14 players

                """)
        checkLayout(table)
    }

    @Test func thenCutsTheNameColumn() {
        let table = render(Fixtures.all, PageInfo(page: 2, perPage: 6, total: 14), maxWidth: 58)
        #expect(
            table == """
                ID  Name           Pos  Nationality  Club      Age   G   A
                ──  ─────────────  ───  ───────────  ────────  ───  ──  ──
                10  Lionel Messi   RW   Argentina    Inter M…   38  20  15
                 7  손흥민         LW   South Korea  Los Ang…   32  17  10
                20  久保 建英      RW   Japan        Real So…   24   5   4
                 8  Martin Ødega…  AM   Norway       Arsenal    26   8  10
                 1  José Sá        GK   Portugal     Wolverh…   32   0   1
                11  Neymar 🇧🇷⚽    LW   -            -           -   3   7

                Page 2 of 3 · 14 players

                """)
        checkLayout(table)
        #expect(table.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 58 })
    }

    @Test func thenCutsTheNationalityColumn() {
        let table = render([Fixtures.messi, Self.aubameyang], .all(total: 2), maxWidth: 58)
        #expect(
            table == """
                ID  Name          Pos  Nationality   Club      Age   G   A
                ──  ────────────  ───  ────────────  ────────  ───  ──  ──
                10  Lionel Messi  RW   Argentina     Inter M…   38  20  15
                 9  Pierre-Emer…  ST   Bosnia and…   -          36  12   3

                2 players

                """)
        checkLayout(table)
        #expect(table.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 58 })
    }

    @Test func neverCutsColumnsBelowTheirMinimum() {
        let table = render([Fixtures.messi, Self.aubameyang], .all(total: 2), maxWidth: 30)
        #expect(
            table == """
                ID  Name          Pos  Nationality  Club      Age   G   A
                ──  ────────────  ───  ───────────  ────────  ───  ──  ──
                10  Lionel Messi  RW   Argentina    Inter M…   38  20  15
                 9  Pierre-Emer…  ST   Bosnia and…  -          36  12   3

                2 players

                """)
        checkLayout(table)
    }

    @Test func anyMaximumWidthIsSafe() {
        let paging = PageInfo(page: 2, perPage: 6, total: 14)
        let narrowest = render(Fixtures.all, paging, maxWidth: 50)
        for maxWidth in [Int.min, -1, 0, 1, 40] {
            #expect(render(Fixtures.all, paging, maxWidth: maxWidth) == narrowest)
        }
        #expect(render(Fixtures.all, paging, maxWidth: .max) == render(Fixtures.all, paging))
    }

    @Test func aTableThatFitsIsNotCut() {
        let paging = PageInfo(page: 2, perPage: 6, total: 14)
        // The full table is exactly 75 columns wide.
        #expect(render(Fixtures.all, paging, maxWidth: 75) == render(Fixtures.all, paging))
        #expect(render(Fixtures.all, paging, maxWidth: 74) != render(Fixtures.all, paging))
    }

    @Test func footerForOnePlayer() {
        #expect(
            render([Fixtures.messi], PageInfo(page: 1, perPage: 20, total: 1)) == """
                ID  Name          Pos  Nationality  Club         Age   G   A
                ──  ────────────  ───  ───────────  ───────────  ───  ──  ──
                10  Lionel Messi  RW   Argentina    Inter Miami   38  20  15

                Page 1 of 1 · 1 player

                """)
        #expect(render([Fixtures.messi], .all(total: 1)).hasSuffix("\n\n1 player\n"))
    }

    @Test func noPlayers() {
        #expect(render([], PageInfo(page: 1, perPage: 20, total: 0)) == "No players match.\n")
        #expect(render([], .all(total: 0)) == "No players match.\n")
    }

    @Test func pagePastTheEnd() {
        #expect(
            render([], PageInfo(page: 20, perPage: 20, total: 271))
                == "No players on page 20 (271 players, 14 pages).\n")
        #expect(render([], PageInfo(page: 2, perPage: 20, total: 1)) == "No players on page 2 (1 player, 1 page).\n")
    }

    @Test func controlCharactersInValuesCannotBreakTheLayout() {
        let hostile = Player(
            id: 5, name: "Two\nLines\u{1B}[2J", position: .striker, goals: 1, assists: 2, nationality: "Tab\tLand")
        let table = render([hostile], PageInfo(page: 1, perPage: 20, total: 1))
        #expect(
            table == """
                ID  Name           Pos  Nationality  Club  Age  G  A
                ──  ─────────────  ───  ───────────  ────  ───  ─  ─
                 5  Two?Lines?[2J  ST   Tab?Land     -       -  1  2

                Page 1 of 1 · 1 player

                """)
        checkLayout(table)
    }

    @Test func allStreamsAfterItsFirstRowsWithTheirWidths() {
        var renderer = PlayerTableRenderer(maxWidth: nil)
        let count = PlayerTableRenderer.window + 2
        _ = renderer.begin(.all(total: count))
        var written: [String] = []
        for number in 1...count {
            // The last row has a longer name than any measured, and a longer id.
            let name = number == count ? "Maximilian Oberhuber-Grünwald" : "Player \(number % 10)"
            written.append(
                renderer.row(
                    Player(
                        id: Int64(number) * (number == count ? 100 : 1), name: name,
                        position: .goalkeeper), age: nil))
        }
        // Nothing until the window is full; then the header and the window at once; then a line per row.
        #expect(written.prefix(PlayerTableRenderer.window - 1).allSatisfy { $0.isEmpty })
        #expect(written[PlayerTableRenderer.window - 1].split(separator: "\n").count == PlayerTableRenderer.window + 2)
        // Text is cut to the measured width; a number never is.
        #expect(written.last == "100200  Maximil…  GK   -            -       -  0  0\n")
        #expect(renderer.end(.all(total: count)) == "\n1,002 players\n")
    }

    /// Sized by the first rows alone, a later wider id or count shifted the rest of its line.
    @Test func allSizesItsNumberColumnsForTheLargestOfAllRows() {
        var renderer = PlayerTableRenderer(maxWidth: nil)
        #expect(renderer.measuresAll)
        let count = PlayerTableRenderer.window + 2
        var paging = PageInfo.all(total: count)
        paging.largest = PageInfo.LargestCounts(id: 9_007_199_254_740_991, goals: 1_000_000, assists: 0)
        var table = renderer.begin(paging)
        for number in 1...count {
            let last = number == count
            table += renderer.row(
                Player(
                    id: last ? 9_007_199_254_740_991 : Int64(number), name: "Player \(number % 10)", position: .striker,
                    goals: last ? 1_000_000 : 3), age: nil)
        }
        table += renderer.end(paging)
        #expect(table.split(separator: "\n").last == "1,002 players")
        checkLayout(table)
    }

    private func render(_ players: [Player], _ paging: PageInfo, maxWidth: Int? = nil) -> String {
        RosterCLITests.render(players, paging, with: PlayerTableRenderer(maxWidth: maxWidth))
    }

    /// Checks, with widths worked out independently of `DisplayWidth`, that on the header and every row each
    /// cell lies exactly under its column's rule (starting there when left-aligned, ending there when
    /// right-aligned), that only spaces lie between columns, and that no line ends with a space.
    private func checkLayout(_ table: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "trailing space", sourceLocation: sourceLocation)
        guard lines.count > 2, let blank = lines.firstIndex(of: "") else {
            Issue.record("not a table: \(table)", sourceLocation: sourceLocation)
            return
        }
        var columns: [Range<Int>] = []
        for (offset, character) in lines[1].enumerated() where character == "─" {
            if let last = columns.last, last.upperBound == offset {
                columns[columns.count - 1] = last.lowerBound..<offset + 1
            } else {
                columns.append(offset..<offset + 1)
            }
        }
        #expect(columns.count == 8, sourceLocation: sourceLocation)
        let rightAligned: Set = [0, 5, 6, 7]
        for line in [lines[0]] + lines[2..<blank] {
            var start = 0
            var starts: Set<Int> = []
            var ends: Set<Int> = []
            for character in line {
                let end = start + Self.columns(character)
                let column = columns.firstIndex { $0.overlaps(start..<end) }
                if let column {
                    #expect(
                        columns[column].contains(start) && columns[column].contains(end - 1),
                        "\(character) straddles a column edge in \(line)", sourceLocation: sourceLocation)
                } else {
                    #expect(character == " ", "\(character) between columns in \(line)", sourceLocation: sourceLocation)
                }
                if character != " " {
                    starts.insert(start)
                    ends.insert(end)
                }
                start = end
            }
            for (index, column) in columns.enumerated() {
                let aligned =
                    rightAligned.contains(index)
                    ? ends.contains(column.upperBound) : starts.contains(column.lowerBound)
                #expect(aligned, "column \(index) out of line in \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Terminal columns of the fixtures' characters: Hangul syllables, CJK ideographs, flags and ⚽ take two.
    private static func columns(_ character: Character) -> Int {
        switch character.unicodeScalars.first!.value {
        case 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x1F1E6...0x1F1FF, 0x26BD: 2
        default: 1
        }
    }
}
