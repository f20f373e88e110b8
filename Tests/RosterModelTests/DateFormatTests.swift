import RosterModel
import Testing

@Suite struct DateFormatTests {
    static let today = CalendarDate(year: 2026, month: 12, day: 5)!

    @Test(arguments: [
        "1990-01-02", "1990-01-02T00:00", "1990-01-02T23:59:60", "1990-01-02 10:30:00", "1990-01-02T10:30:00.123Z",
        "1990-01-02T10:30:00,5+01:00", "1990-01-02T10:30:00-0500", "1990-01-02T10:30+01",
    ])
    func isoDateTimesKeepTheirDate(text: String) {
        #expect(
            DateFormat.isoDateTime.date(from: text, notAfter: DateFormatTests.today)
                == CalendarDate(year: 1990, month: 1, day: 2))
    }

    /// Anything after the date was taken for a time, and the date kept.
    @Test(arguments: [
        "1990-01-02Tgarbage", "1990-01-02T25:61:99Z", "1990-01-02 anything", "1990-01-02T", "1990-01-02T10",
        "1990-01-02T10:30:00.", "1990-01-02T10:30:00Zjunk", "1990-01-02T10:30:00+1", "1990-01-02T10:30:00+01:",
        "1990-01-02T24:00:00",
    ])
    func isoDateTimesWithAnythingElseAfterTheDateAreRefused(text: String) {
        #expect(DateFormat.isoDateTime.date(from: text, notAfter: DateFormatTests.today) == nil)
        #expect(!DateFormat.isoDateTime.isShaped(text))
    }

    private func date(_ text: String, _ pattern: String) throws -> CalendarDate? {
        try DateFormat(parsing: pattern).date(from: text, notAfter: DateFormatTests.today)
    }

    @Test(arguments: [
        ("1976.09.26", "yyyy.MM.dd", "1976-09-26"), ("1976.9.26", "yyyy.MM.dd", "1976-09-26"),
        ("1/2/1990", "dd/MM/yyyy", "1990-02-01"), ("01/02/1990", "MM/dd/yyyy", "1990-01-02"),
        ("19760926", "yyyyMMdd", "1976-09-26"), ("26.09.1976", "dd.MM.yyyy", "1976-09-26"),
        // A two-digit year is the latest one that puts the day not after today (2026-12-05).
        ("5/3/08", "d/M/yy", "2008-03-05"), ("5/3/26", "d/M/yy", "2026-03-05"), ("5/3/27", "d/M/yy", "1927-03-05"),
        ("5/12/26", "d/M/yy", "2026-12-05"), ("31/12/26", "dd/MM/yy", "1926-12-31"),
        ("Sep 26, 1976", "MMM d, yyyy", "1976-09-26"), ("september 26, 1976", "MMM d, yyyy", "1976-09-26"),
        ("SEPT 26, 1976", "MMMM d, yyyy", "1976-09-26"), ("26-Jan-1990", "dd-MMM-yyyy", "1990-01-26"),
        ("26Jan1990", "ddMMMyyyy", "1990-01-26"),
    ])
    func patternsReadTheirDates(text: String, pattern: String, iso: String) throws {
        #expect(try date(text, pattern) == CalendarDate(iso: iso))
    }

    @Test(arguments: [
        ("1976-09-26", "yyyy.MM.dd"), ("1976.09.26.", "yyyy.MM.dd"), ("76.09.26", "yyyy.MM.dd"),
        ("197609x6", "yyyyMMdd"), ("197609260", "yyyyMMdd"), ("Sep. 26, 1976", "MMM d, yyyy"),
        ("Sepx 26, 1976", "MMM d, yyyy"), ("1990-1-2", "yyyy-MM-dd"), ("123/1/1990", "dd/MM/yyyy"),
    ])
    func textWrittenOtherwiseIsNoDate(text: String, pattern: String) throws {
        #expect(try date(text, pattern) == nil)
        #expect(try !DateFormat(parsing: pattern).isShaped(text))
    }

    @Test func aDayThatDoesNotExistIsShapedButNoDate() throws {
        let format = try DateFormat(parsing: "dd/MM/yyyy")
        #expect(format.date(from: "30/02/2023", notAfter: DateFormatTests.today) == nil)
        #expect(format.isShaped("30/02/2023"))
    }

    @Test(arguments: [
        ("yyyy.MM.dx", "'x' is not a part of a date"), ("yyyy-MM", "there is no day"),
        ("dd/MM/yyyy/yy", "there are 2 years"), ("dMyyyy", "'d' needs a separator after it, or two letters"),
        ("yyy.MM.dd", "'yyy' is no year (write yyyy or yy)"), ("", "there is no year"),
        ("dd.MMMMM.yyyy", "'MMMMM' is no month (write MM, M or MMM)"),
        ("ddd.MM.yyyy", "'ddd' is no day (write dd or d)"),
    ])
    func aWrongPatternNamesItsWrongPart(pattern: String, reason: String) {
        let error = #expect(throws: DateFormat.Refused.self) { try DateFormat(parsing: pattern) }
        #expect(
            error?.reason
                == "\(reason) in the date pattern '\(pattern)'; a pattern is made of \(DateFormat.vocabulary).")
    }

    @Test func theNamedFormsAreTheISOOnes() throws {
        #expect(try DateFormat(parsing: "yyyy-MM-dd") == .iso)
        #expect(try DateFormat(parsing: "ISO-DateTime") == .isoDateTime)
        #expect(DateFormat.isoDateTime.pattern == "yyyy-MM-ddTHH:mm:ss")
    }
}
