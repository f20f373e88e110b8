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
            // The date alone, or followed by a time of day after `T` or a space.
            let bytes = Array(text.utf8)
            guard
                bytes.count == 10
                    || (bytes.count > 10 && [UInt8(ascii: "T"), UInt8(ascii: " ")].contains(bytes[10])
                        && DateFormat.isTimeOfDay(bytes[11...]))
            else { return nil }
            return CalendarDate.isoParts(text, prefix: true)
        case .dayMonthYear: return numbers(text, "/", widths: [2, 2, 4]).map { ($0[2], $0[1], $0[0]) }
        case .monthDayYear: return numbers(text, "/", widths: [2, 2, 4]).map { ($0[2], $0[0], $0[1]) }
        case .dayMonthYearDotted: return numbers(text, ".", widths: [2, 2, 4]).map { ($0[2], $0[1], $0[0]) }
        case .yearMonthDay: return numbers(text, "/", widths: [4, 2, 2]).map { ($0[0], $0[1], $0[2]) }
        }
    }

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

    /// The three numbers of `text` separated by `separator`, each of digits only, at most as many as `widths` says
    /// (a year exactly so many).
    private func numbers(_ text: String, _ separator: Character, widths: [Int]) -> [Int]? {
        let pieces = text.split(separator: separator, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return nil }
        var values: [Int] = []
        for (piece, width) in zip(pieces, widths) {
            guard piece.isDigits, piece.count <= width, width != 4 || piece.count == 4, let value = Int(piece) else {
                return nil
            }
            values.append(value)
        }
        return values
    }
}
