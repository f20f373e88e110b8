import RosterModel

/// A point of the history a user names: a change number (`1042`), a day (`2026-12-01`, UTC), or a moment in UTC
/// (`2026-12-01T18:30:00Z`, seconds and their fraction optional). `changes --since`/`--until`, `history --since`,
/// and the API's `since` read it.
package enum ChangePoint: Sendable, Hashable {
    case number(Int64)
    case day(CalendarDate)
    /// A moment, spelt as the history spells its times: `2026-12-01T18:30:00.000Z`.
    case moment(String)

    /// The point `text` names, or nil.
    package init?(parsing text: String) {
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            guard let number = Int64(text) else { return nil }
            self = .number(number)
        } else if let day = CalendarDate(iso: text) {
            self = .day(day)
        } else if let moment = ChangePoint.moment(text) {
            self = .moment(moment)
        } else {
            return nil
        }
    }

    /// What a refused point is told: the forms it may take.
    package static let expected =
        "expected a change number, a day (yyyy-MM-dd) or a moment in UTC (yyyy-MM-ddTHH:mm:ssZ)"

    /// `yyyy-MM-ddTHH:mm[:ss[.f…]]Z` as the history spells a time, to the millisecond; nil for anything else.
    private static func moment(_ text: String) -> String? {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let day = CalendarDate(iso: String(parts[0])), parts[1].hasSuffix("Z") else {
            return nil
        }
        let clock = parts[1].dropLast().split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3 else { return nil }
        let seconds = clock.count == 3 ? clock[2].split(separator: ".", omittingEmptySubsequences: false) : ["00"]
        guard seconds.count <= 2, let hour = twoDigits(clock[0]), hour < 24, let minute = twoDigits(clock[1]),
            minute < 60, let second = twoDigits(seconds[0]), second < 60
        else { return nil }
        var fraction = seconds.count == 2 ? String(seconds[1]) : ""
        guard seconds.count == 1 || (!fraction.isEmpty && fraction.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }) else {
            return nil
        }
        fraction = String((fraction + "000").prefix(3))
        return "\(day)T\(clock[0]):\(clock[1]):\(seconds[0]).\(fraction)Z"
    }

    private static func twoDigits(_ text: Substring) -> Int? {
        text.utf8.count == 2 && text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) ? Int(text) : nil
    }

    /// Changes after this point: after the number, or from the day's first moment, or from the moment on.
    package func since(_ criteria: inout HistoryCriteria) {
        switch self {
        case .number(let number): criteria.afterNumber = number
        case .day(let day): criteria.since = day.description
        case .moment(let moment): criteria.since = moment
        }
    }

    /// Changes up to this point: through the number, or to the end of the day (UTC), or up to the moment.
    package func until(_ criteria: inout HistoryCriteria) {
        switch self {
        case .number(let number): criteria.throughNumber = number
        case .day(let day): criteria.before = day.nextDay?.description ?? "9999-12-32"
        case .moment(let moment): criteria.through = moment
        }
    }
}
