/// How a feed writes its dates. rosterdb stores and writes `yyyy-MM-dd`; `import --date-format` reads the others.
public enum DateFormat: String, CaseIterable, Sendable {
    case iso = "yyyy-MM-dd"
    case dayMonthYear = "dd/MM/yyyy"
    case monthDayYear = "MM/dd/yyyy"
    case dayMonthYearDotted = "dd.MM.yyyy"
    case yearMonthDay = "yyyy/MM/dd"
    /// An ISO 8601 date and time (`1990-01-02T00:00:00Z`): the date part is kept, whatever the time or zone.
    case isoDateTime = "iso-datetime"

    /// How messages write the format: `dd/MM/yyyy`, `yyyy-MM-ddTHH:mm:ss`.
    public var pattern: String {
        self == .isoDateTime ? "yyyy-MM-ddTHH:mm:ss" : rawValue
    }

    /// The day `text` writes in this format; nil when it is not written so or is not a real day. Days and months
    /// may have one digit in the formats with separators other than ISO's (`1/2/1990`).
    public func date(from text: String) -> CalendarDate? {
        guard let (year, month, day) = parts(of: text) else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// Whether `text` is written in this format, whether or not its day exists (`30/02/2023`).
    public func isShaped(_ text: String) -> Bool {
        parts(of: text) != nil
    }

    private func parts(of text: String) -> (year: Int, month: Int, day: Int)? {
        switch self {
        case .iso: return CalendarDate.isoParts(text)
        case .isoDateTime:
            // The date alone, or followed by the time after `T` or a space.
            let utf8 = text.utf8
            guard
                utf8.count == 10
                    || (utf8.count > 10
                        && [UInt8(ascii: "T"), UInt8(ascii: " ")]
                            .contains(utf8[utf8.index(utf8.startIndex, offsetBy: 10)]))
            else { return nil }
            return CalendarDate.isoParts(text, prefix: true)
        case .dayMonthYear: return numbers(text, "/", widths: [2, 2, 4]).map { ($0[2], $0[1], $0[0]) }
        case .monthDayYear: return numbers(text, "/", widths: [2, 2, 4]).map { ($0[2], $0[0], $0[1]) }
        case .dayMonthYearDotted: return numbers(text, ".", widths: [2, 2, 4]).map { ($0[2], $0[1], $0[0]) }
        case .yearMonthDay: return numbers(text, "/", widths: [4, 2, 2]).map { ($0[0], $0[1], $0[2]) }
        }
    }

    /// The three numbers of `text` separated by `separator`, each of digits only, at most as many as `widths` says
    /// (a year exactly so many).
    private func numbers(_ text: String, _ separator: Character, widths: [Int]) -> [Int]? {
        let pieces = text.split(separator: separator, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return nil }
        var values: [Int] = []
        for (piece, width) in zip(pieces, widths) {
            guard !piece.isEmpty, piece.count <= width, width != 4 || piece.count == 4,
                piece.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let value = Int(piece)
            else { return nil }
            values.append(value)
        }
        return values
    }
}
