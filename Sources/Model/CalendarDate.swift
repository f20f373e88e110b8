import Glibc

/// A day in the proleptic Gregorian calendar, written `yyyy-MM-dd`; ordered by time.
package struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let year: Int
    package let month: Int
    package let day: Int

    /// A valid date, or nil (`2023-02-30` is not a date).
    package init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// Parses exactly `yyyy-MM-dd`: four-digit year, two-digit month and day, and a day that exists.
    package init?(iso text: String) {
        var text = text
        guard let date = text.withUTF8(CalendarDate.init(iso:)) else { return nil }
        self = date
    }

    /// Parses exactly `yyyy-MM-dd` from UTF-8 bytes, read where they lie (a row of the roster).
    package init?(iso bytes: UnsafeBufferPointer<UInt8>) {
        guard let (year, month, day) = CalendarDate.isoParts(bytes) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The numbers of a `dddd-dd-dd` text (whether or not the day exists), or of the first ten bytes of a longer one
    /// with `prefix`; nil for any other text.
    package static func isoParts(_ text: String, prefix: Bool = false) -> (year: Int, month: Int, day: Int)? {
        var text = text
        return text.withUTF8 { isoParts($0, prefix: prefix) }
    }

    /// `isoParts` of UTF-8 bytes, read in place: every birth date of every row read or imported goes through here.
    package static func isoParts(_ bytes: UnsafeBufferPointer<UInt8>, prefix: Bool = false)
        -> (year: Int, month: Int, day: Int)?
    {
        guard bytes.count == 10 || (prefix && bytes.count > 10), bytes[4] == UInt8(ascii: "-"),
            bytes[7] == UInt8(ascii: "-")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    /// Whether `text` is written `dddd-dd-dd`, whether or not the day exists.
    package static func hasISOShape(_ text: String) -> Bool {
        isoParts(text) != nil
    }

    /// `yyyy-MM-dd`.
    package var description: String {
        CalendarDate.iso(year: year, month: month, day: day)
    }

    /// Whole years from `self` (a birth date) to `date`; nil when `date` is before `self`, as no one has an age
    /// before being born. Someone born on 29 February is a year older on 1 March in common years.
    package func age(on date: CalendarDate) -> Int? {
        guard date >= self else { return nil }
        let hadBirthday = (date.month, date.day) >= (month, day)
        return date.year - year - (hadBirthday ? 0 : 1)
    }

    /// The `yyyy-MM-dd` text that bounds birth dates of people at least `years` old on `self`: someone is
    /// that old exactly when their birth date is at most this text. The text keeps this date's month and day,
    /// so it need not be a real date (`2003-02-29`); it is only compared as text with stored dates.
    package func latestBirthDate(forAge years: Int) -> String {
        CalendarDate.iso(year: year - years, month: month, day: day)
    }

    /// The day after; nil after 9999-12-31.
    package var nextDay: CalendarDate? {
        CalendarDate(year: year, month: month, day: day + 1) ?? CalendarDate(year: year, month: month + 1, day: 1)
            ?? CalendarDate(year: year + 1, month: 1, day: 1)
    }

    /// Today in the local time zone.
    package static func today() -> CalendarDate {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }

    /// Today in UTC, the history's time zone.
    package static func todayUTC() -> CalendarDate {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }

    /// The date in the easternmost time zone (UTC+14): no clock on Earth is past it yet. A birth date after it is in
    /// the future for everyone, which is a rule a roster can hold to whoever writes it, in whatever time zone.
    package static func latestToday() -> CalendarDate {
        var now = time(nil) + 14 * 3600
        var parts = tm()
        gmtime_r(&now, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }

    package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Appends `description` to `out` as UTF-8, for writers that build their output as bytes.
    package func appendISO(to out: inout [UInt8]) {
        withISO { out.append(contentsOf: $0) }
    }

    /// Calls `body` with `description` as UTF-8, written on the stack, valid during the call only. Not generic, so
    /// that other modules call it without looking up generic metadata.
    package func withISO(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        CalendarDate.withISO(year: year, month: month, day: day, body)
    }

    private static func iso(year: Int, month: Int, day: Int) -> String {
        var text = ""
        withISO(year: year, month: month, day: day) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// Calls `body` with `yyyy-MM-dd` written in a buffer on the stack (ten ASCII bytes; years are 1...9999), valid
    /// during the call only.
    private static func withISO(year: Int, month: Int, day: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
            func digits(_ value: Int, count: Int, endingAt last: Int) {
                var value = value
                for index in stride(from: last, to: last - count, by: -1) {
                    text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            digits(year, count: 4, endingAt: 3)
            text[4] = UInt8(ascii: "-")
            digits(month, count: 2, endingAt: 6)
            text[7] = UInt8(ascii: "-")
            digits(day, count: 2, endingAt: 9)
            body(UnsafeBufferPointer(text))
        }
    }
}
