import RosterModel
import RosterService
import Testing

@testable import RosterCLI

@Suite struct CandidateListViewTests {
    @Test func idsOfDifferentLengthsLineUp() {
        let short = Player(
            id: 9384, name: "Aline", position: .striker,
            birthDate: CalendarDate(year: 1990, month: 5, day: 1))
        let long = Player(
            id: 84724, name: "Aline", position: .goalkeeper,
            birthDate: CalendarDate(year: 1990, month: 5, day: 1))
        #expect(
            CandidateListView.render(.ambiguous("Aline", candidates: [short, long])) == """
                   9384  Aline  ST  born 1990-05-01
                  84724  Aline  GK  born 1990-05-01
                Give one of these ids instead of the name.

                """)
    }

    /// Suggestions have different names: padded by display width, so Hangul and accents keep the columns.
    @Test func suggestionsLineUpByDisplayWidth() {
        #expect(
            CandidateListView.render(.notFound("x", suggestions: [Fixtures.son, Fixtures.sa, Fixtures.messi]))
                == """
                Players with similar names:
                   7  손흥민        LW  born 1992-07-08
                   1  José Sá       GK  born 1993-01-17
                  10  Lionel Messi  RW  born 1987-06-24

                """.replacingOccurrences(of: "José Sá", with: "Jose\u{301} Sa\u{301}"))
    }

    /// Many players whose names start so: the first are listed, the rest counted.
    @Test func manyStartsAreCountedBeyondTheList() {
        #expect(
            CandidateListView.render(.severalStart("s", candidates: [Fixtures.son, Fixtures.sa], total: 1_204))
                == """
                  7  손흥민   LW  born 1992-07-08
                  1  José Sá  GK  born 1993-01-17
                and 1,202 more
                Give more of the name, or one of these ids instead of it.

                """.replacingOccurrences(of: "José Sá", with: "Jose\u{301} Sa\u{301}"))
    }

    /// Another program may write the roster: a name with an escape sequence must not reach the terminal as one.
    @Test func controlCharactersInNamesAreNotPrinted() {
        let hostile = Player(id: 3, name: "Aline\u{1B}[2J", position: .striker)
        let text = CandidateListView.render(.ambiguous("Aline", candidates: [hostile]))
        #expect(!text.contains("\u{1B}"))
        #expect(text.hasPrefix("  3  Aline?[2J  ST  born unknown\n"))
    }
}
