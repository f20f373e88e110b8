/// How a feed writes its dates. rosterdb stores and writes `yyyy-MM-dd`; `import --date-format` reads the others:
/// a pattern of a year (`yyyy`, or `yy`), a month (`MM` or `M` in digits, `MMM` or `MMMM` by its English name) and a
/// day (`dd` or `d`) between separators (`dd.MM.yyyy`, `yyyy.MM.dd`, `MMM d, yyyy`), or `iso-datetime`.
package struct DateFormat: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written (`dd/MM/yyyy`, `iso-datetime`).
    package let name: String
    private let kind: Kind

    private enum Kind: Sendable, Equatable {
        /// `yyyy-MM-dd` exactly, read in place: the default, and what rosterdb writes.
        case iso
        /// An ISO 8601 date and time (`1990-01-02T00:00:00Z`): the date part is kept, whatever the time or zone.
        case isoDateTime
        case pattern([Part])
    }

    /// One part of a pattern.
    private enum Part: Sendable, Equatable {
        case literal([UInt8])
        /// `yyyy`: four digits. `yy`: two, the latest such year not after the latest year a date may have.
        case year(digits: Int)
        /// `M`, `MM`, `d`, `dd`: one or two digits, or exactly two where another number follows with nothing
        /// between (`yyyyMMdd`).
        case month(digits: ClosedRange<Int>)
        case day(digits: ClosedRange<Int>)
        /// `MMM`, `MMMM`: the month's English name, in full or in three letters, in any case (`Sep`, `SEPTEMBER`).
        case monthName
    }

    package static let iso = DateFormat(name: "yyyy-MM-dd", kind: .iso)
    package static let isoDateTime = DateFormat(name: "iso-datetime", kind: .isoDateTime)

    private init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// Why a pattern cannot be used: the part that is wrong, and what a pattern is made of.
    package struct Refused: Error, Sendable, Equatable {
        package let reason: String
    }

    /// What a pattern may hold, for help and messages.
    package static let vocabulary =
        "yyyy or yy, MM or M (or MMM, the month's English name), dd or d, and separators such as . / - or a space"

    /// The format `text` names or writes; `yyyy-MM-dd` and `iso-datetime` are the ISO forms.
    package init(parsing text: String) throws(Refused) {
        if text == DateFormat.iso.name {
            self = .iso
            return
        }
        if text.lowercased() == DateFormat.isoDateTime.name {
            self = .isoDateTime
            return
        }
        func refused(_ reason: String) -> Refused {
            Refused(reason: "\(reason) in the date pattern '\(text)'; a pattern is made of \(DateFormat.vocabulary).")
        }
        // Runs of one letter are parts; anything else is a separator written as it is.
        var parts: [Part] = []
        var rest = Substring(text)
        while let first = rest.first {
            guard first.isLetter else {
                let literal = rest.prefix { !$0.isLetter }
                parts.append(.literal(Array(literal.utf8)))
                rest = rest.dropFirst(literal.count)
                continue
            }
            let run = rest.prefix { $0 == first }
            rest = rest.dropFirst(run.count)
            // Two numbers with nothing between them: the first must have its full width to tell where it ends.
            let isFollowedByNumber = rest.first.map { "yMd".contains($0) } == true && !rest.hasPrefix("MMM")
            switch (first, run.count) {
            case ("y", 4): parts.append(.year(digits: 4))
            case ("y", 2): parts.append(.year(digits: 2))
            case ("y", _): throw refused("'\(run)' is no year (write yyyy or yy)")
            case ("M", 1...2), ("d", 1...2):
                if isFollowedByNumber && run.count == 1 {
                    throw refused("'\(run)' needs a separator after it, or two letters")
                }
                let digits = isFollowedByNumber ? 2...2 : 1...2
                parts.append(first == "M" ? .month(digits: digits) : .day(digits: digits))
            case ("M", 3...4): parts.append(.monthName)
            case ("M", _): throw refused("'\(run)' is no month (write MM, M or MMM)")
            case ("d", _): throw refused("'\(run)' is no day (write dd or d)")
            default: throw refused("'\(run)' is not a part of a date")
            }
        }
        for (name, count) in [
            ("year", parts.count { if case .year = $0 { true } else { false } }),
            ("month", parts.count { $0 == .monthName || $0 == .month(digits: 1...2) || $0 == .month(digits: 2...2) }),
            ("day", parts.count { if case .day = $0 { true } else { false } }),
        ] where count != 1 {
            throw refused(count == 0 ? "there is no \(name)" : "there are \(count) \(name)s")
        }
        self.init(name: text, kind: .pattern(parts))
    }

    /// How messages write the format: `dd/MM/yyyy`, `yyyy-MM-ddTHH:mm:ss`.
    package var pattern: String {
        kind == .isoDateTime ? "yyyy-MM-ddTHH:mm:ss" : name
    }

    package var description: String { name }

    /// The day `text` writes in this format; nil when it is not written so or is not a real day. A two-digit year
    /// is the latest year ending in those digits that puts the day not after `latest` (a birth date is never in the
    /// future: `31/12/26` on 2026-12-05 is 1926).
    package func date(from text: String, notAfter latest: CalendarDate) -> CalendarDate? {
        guard let (year, month, day) = parts(of: text, latestYear: latest.year),
            let date = CalendarDate(year: year, month: month, day: day)
        else { return nil }
        if date > latest, case .pattern(let parts) = kind, parts.contains(.year(digits: 2)) {
            return CalendarDate(year: year - 100, month: month, day: day)
        }
        return date
    }

    /// Whether `text` is written in this format, whether or not its day exists (`30/02/2023`).
    package func isShaped(_ text: String) -> Bool {
        parts(of: text, latestYear: 9999) != nil
    }

    private func parts(of text: String, latestYear: Int) -> (year: Int, month: Int, day: Int)? {
        switch kind {
        case .iso: return CalendarDate.isoParts(text)
        case .isoDateTime:
            // The date alone, or followed by a time of day after `T` or a space.
            let bytes = Array(text.utf8)
            guard
                bytes.count == 10
                    || (bytes.count > 10 && [UInt8(ascii: "T"), UInt8(ascii: " ")].contains(bytes[10])
                        && DateFormat.isTimeOfDay(bytes[11...]))
            else { return nil }
            return CalendarDate.isoParts(text, prefix: true)
        case .pattern(let parts):
            var text = text
            return text.withUTF8 { DateFormat.read(parts, from: $0[...], latestYear: latestYear) }
        }
    }

    /// The year, month and day `bytes` give, part by part; nil when a part is missing or anything is left over.
    private static func read(_ parts: [Part], from bytes: Slice<UnsafeBufferPointer<UInt8>>, latestYear: Int)
        -> (year: Int, month: Int, day: Int)?
    {
        var rest = bytes
        var (year, month, day) = (0, 0, 0)
        func number(_ digits: ClosedRange<Int>) -> Int? {
            let run = rest.prefix(digits.upperBound).prefix { $0 &- UInt8(ascii: "0") < 10 }
            guard digits.contains(run.count) else { return nil }
            rest = rest.dropFirst(run.count)
            return run.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        for part in parts {
            switch part {
            case .literal(let literal):
                guard rest.starts(with: literal) else { return nil }
                rest = rest.dropFirst(literal.count)
            case .year(let digits):
                guard let value = number(digits...digits) else { return nil }
                year = digits == 4 ? value : latestYear - (latestYear - value) % 100
            case .month(let digits):
                guard let value = number(digits) else { return nil }
                month = value
            case .day(let digits):
                guard let value = number(digits) else { return nil }
                day = value
            case .monthName:
                let letters = rest.prefix(while: \.isLetter)
                let name = String(decoding: letters.map { $0 | 0x20 }, as: UTF8.self)
                guard
                    let index = monthNames.firstIndex(where: { $0 == name || ($0.prefix(3) == name) })
                        ?? (name == "sept" ? 8 : nil)
                else { return nil }
                month = index + 1
                rest = rest.dropFirst(letters.count)
            }
        }
        return rest.isEmpty ? (year, month, day) : nil
    }

    private static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// Whether `bytes` are an ISO 8601 time of day: `HH:mm`, then perhaps `:ss` and a fraction, then perhaps a zone
    /// (`Z`, `+01:00`, `-0500`, `+01`). The time itself is not kept, but a date followed by anything else is not
    /// written in this format.
    private static func isTimeOfDay(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes[...]
        // Two digits, whose number is under `limit`.
        func number(below limit: Int) -> Bool {
            let digits = rest.prefix(2).map { Int($0) - Int(UInt8(ascii: "0")) }
            guard digits.count == 2, digits.allSatisfy((0...9).contains) else { return false }
            rest = rest.dropFirst(2)
            return digits[0] * 10 + digits[1] < limit
        }
        func skip(_ byte: Character) -> Bool {
            guard rest.first == byte.asciiValue else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard number(below: 24), skip(":"), number(below: 60) else { return false }
        if skip(":") {
            guard number(below: 61) else { return false }  // 60: a leap second
            if skip(".") || skip(",") {
                let digits = rest.prefix { $0 &- UInt8(ascii: "0") < 10 }
                guard !digits.isEmpty else { return false }
                rest = rest.dropFirst(digits.count)
            }
        }
        if skip("Z") { return rest.isEmpty }
        guard skip("+") || skip("-") else { return rest.isEmpty }
        guard number(below: 24) else { return false }
        if rest.isEmpty { return true }
        _ = skip(":")
        return number(below: 60) && rest.isEmpty
    }
}
