import RosterModel
import Testing

@Suite struct CalendarDateTests {
    @Test(arguments: ["1987-06-24", "2000-02-29", "1850-01-01", "2024-12-31"])
    func validDatesRoundTrip(text: String) throws {
        let date = try #require(CalendarDate(iso: text))
        #expect(date.description == text)
    }

    @Test(arguments: [
        "2023-02-29", "2023-02-30", "1900-02-29", "2023-13-01", "2023-00-10", "2023-04-31", "87-06-24",
        "1987-6-24", "1987/06/24", "1987-06-24T00:00", "", "abcd-ef-gh", "１９８７-06-24",
    ])
    func invalidDatesAreRejected(text: String) {
        #expect(CalendarDate(iso: text) == nil)
    }

    @Test func ageCountsWholeYearsAcrossTheBirthday() throws {
        let born = try #require(CalendarDate(iso: "1987-06-24"))
        #expect(born.age(on: CalendarDate(iso: "2025-06-23")!) == 37)
        #expect(born.age(on: CalendarDate(iso: "2025-06-24")!) == 38)
        #expect(born.age(on: CalendarDate(iso: "1987-06-24")!) == 0)
    }

    @Test func bornOnLeapDayTurnsOlderOnFirstOfMarchInCommonYears() throws {
        let born = try #require(CalendarDate(iso: "2000-02-29"))
        #expect(born.age(on: CalendarDate(iso: "2023-02-28")!) == 22)
        #expect(born.age(on: CalendarDate(iso: "2023-03-01")!) == 23)
        #expect(born.age(on: CalendarDate(iso: "2024-02-28")!) == 23)
        #expect(born.age(on: CalendarDate(iso: "2024-02-29")!) == 24)
    }

    @Test func latestBirthDateBoundsAgreeWithAge() throws {
        // Whoever is born on or before the bound is at least that old, and whoever is born after is not.
        let asOf = try #require(CalendarDate(iso: "2024-02-29"))
        let bound = asOf.latestBirthDate(forAge: 21)
        #expect(bound == "2003-02-29")
        #expect(CalendarDate(iso: "2003-02-28")!.age(on: asOf) == 21)
        #expect(CalendarDate(iso: "2003-03-01")!.age(on: asOf) == 20)
        #expect("2003-02-28" <= bound && "2003-03-01" > bound)
    }

    /// Read from bytes and written to bytes as the String forms read and write it.
    @Test(arguments: ["1987-06-24", "2000-02-29", "0001-01-01", "9999-12-31", "2023-02-29", "1987-6-24", "1987-06-24 "])
    func bytesReadAndWriteAsTheText(_ text: String) {
        let date = Array(text.utf8).withUnsafeBufferPointer(CalendarDate.init(iso:))
        #expect(date == CalendarDate(iso: text))
        if let date {
            var bytes: [UInt8] = []
            date.appendISO(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == date.description)
            #expect(date.description == text)
        }
    }
}
