import RosterModel
import Testing

@Suite struct DateFormatTests {
    @Test(arguments: [
        "1990-01-02", "1990-01-02T00:00", "1990-01-02T23:59:60", "1990-01-02 10:30:00", "1990-01-02T10:30:00.123Z",
        "1990-01-02T10:30:00,5+01:00", "1990-01-02T10:30:00-0500", "1990-01-02T10:30+01",
    ])
    func isoDateTimesKeepTheirDate(text: String) {
        #expect(DateFormat.isoDateTime.date(from: text) == CalendarDate(year: 1990, month: 1, day: 2))
    }

    /// Anything after the date was taken for a time, and the date kept.
    @Test(arguments: [
        "1990-01-02Tgarbage", "1990-01-02T25:61:99Z", "1990-01-02 anything", "1990-01-02T", "1990-01-02T10",
        "1990-01-02T10:30:00.", "1990-01-02T10:30:00Zjunk", "1990-01-02T10:30:00+1", "1990-01-02T10:30:00+01:",
        "1990-01-02T24:00:00",
    ])
    func isoDateTimesWithAnythingElseAfterTheDateAreRefused(text: String) {
        #expect(DateFormat.isoDateTime.date(from: text) == nil)
        #expect(!DateFormat.isoDateTime.isShaped(text))
    }
}
