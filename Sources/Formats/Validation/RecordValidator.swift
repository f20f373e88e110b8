import RosterModel

/// Turns a raw record into a player, or into the list of everything wrong with it, by the rules of each field
/// (`PlayerField.rule`). Field names are matched ignoring case and surrounding spaces; aliases (`goal`, `assist`,
/// `age` holding the birth date) work as the canonical names do. JSON null, an absent field and an empty CSV cell all
/// mean unknown.
package struct RecordValidator: Sendable {
    /// Why a field the record gives more than once is refused; a column a mapping reads twice is refused so too.
    static let repeatedField = "the field appears more than once in the record"

    /// Birth dates after this day are refused as typing errors.
    package let latestBirthDate: CalendarDate
    /// The input as the user named it, for problems.
    package let file: String
    /// How the input writes birth dates.
    package let dateFormat: DateFormat
    /// Whether a record must give every field a player needs (name, position); not for an import that only updates
    /// some fields of players that exist (`--only`), where what a record lacks is left as it is.
    package let requiresWholePlayers: Bool
    /// The previous record's field names and what they resolved to, by position: most records of a file repeat them.
    private var previousNames: [(name: String, resolved: FieldNames.Resolution?)] = []

    package init(
        latestBirthDate: CalendarDate, file: String, dateFormat: DateFormat = .iso, requiresWholePlayers: Bool = true
    ) {
        self.latestBirthDate = latestBirthDate
        self.file = file
        self.dateFormat = dateFormat
        self.requiresWholePlayers = requiresWholePlayers
    }

    /// What is wrong with a CSV header for player records, or nil; for `makeRecordReader(_:source:headerCheck:)`.
    package static func headerProblem(_ columns: [String]) -> String? {
        FieldNames.headerProblem(columns)
    }

    /// Field names as records give them, each name once as rosterdb matches names (ignoring case and surrounding
    /// spaces: `shirt`, `shirt ` and `Shirt` are one), trimmed, the first spelling of each in sorted order; sorted.
    package static func distinct(fieldNames names: some Sequence<String>) -> [String] {
        var spelling: [String: String] = [:]
        for name in names {
            let trimmed = TextRule.trimmed(name)
            let key = FieldNames.key(trimmed)
            if let kept = spelling[key], kept <= trimmed { continue }
            spelling[key] = trimmed
        }
        return spelling.values.sorted()
    }

    /// The outcome for one record.
    package enum Validated: Sendable {
        /// The player, and the fields the record gave a value (the others are unknown, or 0 for a count).
        case valid(Player, given: PlayerFieldSet)
        case invalid([RecordProblem])
    }

    /// The player the record describes, or its problems; names of fields rosterdb does not know go to `unknown`.
    package mutating func validate(_ record: RawRecord, unknown: inout Set<String>) -> Validated {
        // Where each field of `FieldNames.rules` is in the record: positions, not copies of the fields, as this
        // runs for every record of every import; on the stack, since an array cost an allocation and a look-up of
        // its type's metadata, about 500 instructions a record (callgrind, a re-import).
        withUnsafeTemporaryAllocation(of: Slot.self, capacity: FieldNames.fields.count) { slots in
            slots.initialize(repeating: Slot())
            return validate(record, slots: slots, unknown: &unknown)
        }
    }

    /// Where a field of `FieldNames.rules` is in a record.
    private struct Slot {
        /// The field's position in the record; -1 when the record lacks it.
        var position = -1
        /// Whether its name may be one of the field's aliases: a name that resolved as one, or one a mapping
        /// assigned. Only then can a value be an alias's `numberHint`.
        var mayBeAlias = false
    }

    private mutating func validate(
        _ record: RawRecord, slots: UnsafeMutableBufferPointer<Slot>, unknown: inout Set<String>
    ) -> Validated {
        var problems: [RecordProblem] = []
        var unknownHere: [String] = []
        // The fields are read in place, not copied out: a copy retains and releases every text. The lookup of each
        // field's name goes through the array's buffer: through the array's subscript it cost about 430 more
        // instructions a record (callgrind, a re-import of 20,000 players).
        for position in record.fields.indices {
            // A mapping names the field it assigned; otherwise the name says.
            guard
                let resolved = record.fields.withUnsafeBufferPointer({ fields in
                    if let assigned = fields[position].field { return FieldNames.resolution(assigned) }
                    return resolve(fields[position].name, at: position)
                })
            else {
                let field = record.fields[position]
                if unknownHere.contains(field.name) {
                    problems.append(problem(record, field, RecordValidator.repeatedField))
                } else {
                    unknownHere.append(field.name)
                    unknown.insert(field.name)
                }
                continue
            }
            if slots[resolved.index].position >= 0 {
                let field = record.fields[position]
                let other = record.fields[slots[resolved.index].position]
                if other.name == field.name {
                    problems.append(problem(record, field, RecordValidator.repeatedField))
                } else {
                    let (first, second) = other.name < field.name ? (other.name, field.name) : (field.name, other.name)
                    problems.append(
                        problem(record, field, "the record names both \(first) and \(second), which mean the same"))
                }
                continue
            }
            slots[resolved.index] = Slot(
                position: position, mayBeAlias: resolved.isAlias || record.fields[position].field != nil)
        }

        var player = Player(name: "", position: .forward)
        var given = PlayerFieldSet()
        let requiresWholePlayers = requiresWholePlayers
        // Rules and fields borrowed from their arrays' buffers: a copy of each retains and releases its texts.
        FieldNames.rules.withUnsafeBufferPointer { rules in
            record.fields.withUnsafeBufferPointer { fields in
                for index in rules.indices {
                    let field = FieldNames.fields[index]
                    guard slots[index].position >= 0 else {
                        if rules[index].isRequired && requiresWholePlayers {
                            problems.append(
                                RecordProblem(
                                    file: file, record: record.number, location: record.location, field: field.name,
                                    message: "is required"))
                        }
                        continue
                    }
                    let slot = slots[index].position
                    // Only the birth date's `age` alias carries a hint: the name is compared only for a name that
                    // may be it (checking every birth date cost about 300 instructions a record).
                    if slots[index].mayBeAlias, rules[index].hasNumberHint,
                        let hint = RecordValidator.numberHint(fields[slot], by: rules[index])
                    {
                        problems.append(problem(record, fields[slot], hint))
                        continue
                    }
                    switch value(fields[slot].value, as: rules[index].kind) {
                    case .success(let value?):
                        player[field] = value
                        given.insert(fieldAt: index)
                    case .success(nil) where rules[index].isRequired && requiresWholePlayers:
                        // Reported where it is written, which for a record over several lines is not where the record
                        // starts.
                        problems.append(
                            fields[slot].value == .null
                                ? RecordProblem(
                                    file: file, record: record.number, location: record.location, field: field.name,
                                    message: "is required")
                                : problem(record, fields[slot], "is empty or only white space"))
                    case .success(nil): continue
                    case .failure(let message): problems.append(problem(record, fields[slot], message.text))
                    }
                }
            }
        }
        return problems.isEmpty ? .valid(player, given: given) : .invalid(problems)
    }

    /// The field `name` stands for, from the cache of the previous record's names when it is the same name.
    private mutating func resolve(_ name: String, at position: Int) -> FieldNames.Resolution? {
        if position < previousNames.count, previousNames[position].name == name {
            return previousNames[position].resolved
        }
        let resolved = FieldNames.resolve(name)
        if position < previousNames.count {
            previousNames[position] = (name, resolved)
        } else if position == previousNames.count, position < RawRecord.maximumFieldCount {
            previousNames.append((name, resolved))
        }
        return resolved
    }

    /// The player the record describes, or its problems: `validate(_:unknown:)` for one record of one's own making,
    /// such as the options of a command, where no field name is unknown.
    package mutating func validate(_ record: RawRecord) -> Validated {
        var unknown = Set<String>()
        return validate(record, unknown: &unknown)
    }

    // MARK: - Values

    /// What is wrong with a number given under an alias that means something else (`age` for the birth date), or
    /// nil. Only rules with such an alias (`hasNumberHint`) need asking.
    private static func numberHint(_ raw: RawField, by rule: FieldRule) -> String? {
        guard let number = numberText(raw.value),
            let hint = rule.aliases.first(where: {
                $0.numberHint != nil && FieldNames.key($0.name) == FieldNames.key(raw.name)
            })?.numberHint
        else { return nil }
        return "\(hint) (got \(number))"
    }

    /// The value checked as `kind` says: nil for unknown, or the message that says what is wrong. It takes the
    /// value and the kind, not the field and its rule: a call with those from their arrays' buffers copies them,
    /// retaining and releasing every text they hold.
    private func value(_ raw: RawValue, as kind: FieldRule.Kind) -> Result<FieldValue?, Message> {
        if case .refused(_, let reason) = raw { return .failure(Message(reason)) }
        switch kind {
        case .wholeNumber(let range): return wholeNumber(raw, in: range).map { $0.map(FieldValue.integer) }
        case .text(let maximumLength):
            return text(raw, maximumLength: maximumLength).map { $0.map(FieldValue.text) }
        case .position: return position(raw)
        case .date(let earliest): return date(raw, earliest: earliest).map { $0.map(FieldValue.date) }
        }
    }

    /// A whole number in `range`; nil for unknown. JSON needs a number, CSV a cell of digits.
    private func wholeNumber(_ value: RawValue, in range: ClosedRange<Int64>) -> Result<Int64?, Message> {
        let what = range.lowerBound > 0 ? "a positive whole number" : "a whole number"
        let literal: String
        switch value {
        case .null: return .success(nil)
        case .number(let text): literal = text
        case .cell(let text): literal = RecordValidator.trimmed(text)
        default: return .failure(Message("expected \(what), got \(RecordValidator.describe(value))"))
        }
        // Only for messages: most numbers are fine.
        func shown() -> String { RecordValidator.shown(value) }
        guard let number = RecordValidator.wholeNumber(literal) else {
            return .failure(Message("expected \(what), got \(shown())"))
        }
        switch number {
        case .negative: return .failure(Message("must not be negative, got \(shown())"))
        case .tooLarge:
            return .failure(Message("must be at most \(range.upperBound.groupedDigits), got \(shown())"))
        case .value(let number) where number < range.lowerBound:
            return .failure(Message("expected \(what), got \(shown())"))
        case .value(let number) where number > range.upperBound:
            return .failure(Message("must be at most \(range.upperBound.groupedDigits), got \(shown())"))
        case .value(let number): return .success(number)
        }
    }

    /// Text that follows `TextRule`, trimmed; nil for unknown (null, or empty once trimmed).
    private func text(_ value: RawValue, maximumLength: Int) -> Result<String?, Message> {
        let raw: String
        switch value {
        case .null: return .success(nil)
        case .string(let text), .cell(let text): raw = text
        // A provider's key written as a JSON number (`"player_id": 4521`) is its decimal text; a fraction or an
        // exponent is not a key anyone writes, so it stays a mismatch.
        case .number(let literal) where RecordValidator.wholeNumber(literal) != nil: raw = literal
        case .oversizedString(let bytes):
            return .failure(
                Message(
                    "is longer than \(maximumLength.groupedDigits) characters (a string of \(bytes.groupedDigits) "
                        + "bytes)"))
        default: return .failure(Message("expected a string, got \(RecordValidator.describe(value))"))
        }
        let trimmed: String
        if TextRule.isPlainASCII(raw) {
            // As most values are: it meets every rule but the length.
            trimmed = raw
        } else {
            switch RecordValidator.text(raw) {
            case .success(let text?): trimmed = text
            case .success(nil): return .success(nil)
            case .failure(let message): return .failure(message)
            }
        }
        // A string has at most as many characters as bytes, so most need no counting.
        if trimmed.utf8.count > maximumLength {
            let length = trimmed.unicodeScalars.count
            if length > maximumLength {
                return .failure(
                    Message("is longer than \(maximumLength.groupedDigits) characters (\(length.groupedDigits))"))
            }
        }
        return .success(trimmed)
    }

    /// `raw` as every text holds it, by `TextRule`: trimmed, nil when nothing is left; or what is wrong with it.
    /// Text fields and the parts of a mapping's template are read by this.
    static func text(_ raw: String) -> Result<String?, Message> {
        let trimmed = TextRule.trimmed(raw)
        if trimmed.isEmpty { return .success(nil) }
        if let forbidden = TextRule.firstForbidden(in: trimmed) {
            // Files joined together (`cat a.csv b.csv`) carry the second file's byte order mark into a value.
            if forbidden == "\u{FEFF}" {
                return .failure(
                    Message("contains U+FEFF, a byte order mark, which belongs only at the start of a file"))
            }
            return .failure(Message("contains the control character \(forbidden.codePoint)"))
        }
        if !TextRule.hasVisibleCharacter(trimmed) {
            var seen: [String] = []
            for scalar in trimmed.unicodeScalars where !seen.contains(scalar.codePoint) {
                seen.append(scalar.codePoint)
            }
            let listed = seen.prefix(3).joined(separator: ", ") + (seen.count > 3 ? ", …" : "")
            return .failure(Message("has no visible character, only invisible ones (\(listed))"))
        }
        return .success(trimmed)
    }

    private func position(_ value: RawValue) -> Result<FieldValue?, Message> {
        switch text(value, maximumLength: 40) {
        case .failure(let message): return .failure(message)
        case .success(nil): return .success(nil)
        case .success(let code?):
            guard let position = Position(parsing: code) else {
                return .failure(Message("unknown position \(RecordValidator.shown(value)); \(Position.accepted)"))
            }
            return .success(.position(position))
        }
    }

    private func date(_ value: RawValue, earliest: CalendarDate) -> Result<CalendarDate?, Message> {
        // Only for messages: most dates are fine.
        var shown: String { RecordValidator.shown(value) }
        let literal: String
        switch value {
        case .null: return .success(nil)
        case .string(let text), .cell(let text): literal = TextRule.trimmed(text)
        default:
            return .failure(
                Message("expected a date written \(dateFormat.pattern), got \(RecordValidator.describe(value))"))
        }
        if literal.isEmpty { return .success(nil) }
        guard let date = dateFormat.date(from: literal, notAfter: latestBirthDate) else {
            return .failure(
                Message(
                    dateFormat.isShaped(literal)
                        ? "\(shown) is not a real date" : "expected a date written \(dateFormat.pattern), got \(shown)")
            )
        }
        if date > latestBirthDate { return .failure(Message("\(shown) is in the future")) }
        if date < earliest { return .failure(Message("\(shown) is before \(earliest)")) }
        return .success(date)
    }

    // MARK: - Problems

    private func problem(_ record: RawRecord, _ field: RawField, _ message: String) -> RecordProblem {
        RecordProblem(
            file: file, record: record.number, location: field.location, field: field.name,
            value: RecordValidator.display(field.value), message: message)
    }

    /// A failure message; a distinct type so `Result` can carry it.
    package struct Message: Error, Sendable {
        package let text: String
        init(_ text: String) { self.text = text }
    }

    // MARK: - Helpers

    enum WholeNumber {
        case value(Int64)
        case negative
        case tooLarge
    }

    /// Reads `-?digits` with no sign of `+`, fraction or exponent; nil when it is not a whole number.
    static func wholeNumber(_ literal: String) -> WholeNumber? {
        // Read from the bytes: every count and id of every record comes through here.
        var literal = literal
        return literal.withUTF8 { bytes in
            let negative = bytes.first == .minus
            var index = negative ? 1 : 0
            guard index < bytes.count else { return nil }
            var value: Int64 = 0
            var tooLarge = false
            while index < bytes.count {
                let digit = bytes[index] &- .zero
                guard digit < 10 else { return nil }
                if !tooLarge {
                    let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
                    let (sum, carried) = tens.addingReportingOverflow(Int64(digit))
                    if overflowed || carried { tooLarge = true } else { value = sum }
                }
                index += 1
            }
            // `-0` is negative as well: a count is never written with a minus sign.
            if negative { return .negative }
            return tooLarge ? .tooLarge : .value(value)
        }
    }

    /// The digits of a value that is a number (a JSON number, or a CSV cell that reads as one), else nil.
    static func numberText(_ value: RawValue) -> String? {
        switch value {
        case .number(let text): text
        case .cell(let text), .string(let text): Int(TextRule.trimmed(text)) != nil ? TextRule.trimmed(text) : nil
        default: nil
        }
    }

    /// CSV cells are trimmed like every text value before they are read as numbers.
    private static func trimmed(_ text: String) -> String { TextRule.trimmed(text) }

    /// A value as messages quote it: a JSON string as its literal, a CSV cell between single quotes, so that
    /// spaces at either end can be seen.
    static func shown(_ value: RawValue) -> String {
        switch value {
        case .string(let text): JSONText.quoted(text.shortened(to: 60))
        case .cell(let text): "'\(text.shortened(to: 60))'"
        case .refused(let value, _): shown(value)
        default: display(value)
        }
    }

    /// A value with its type, for messages about a value of the wrong type.
    static func describe(_ value: RawValue) -> String {
        switch value {
        case .null: "null"
        case .string(let text): "a string (\(JSONText.quoted(text.shortened(to: 60))))"
        case .number(let text): "a number (\(text))"
        case .bool(let flag): "a boolean (\(flag))"
        case .array: "an array"
        case .object: "an object"
        case .cell(let text): "'\(text.shortened(to: 60))'"
        case .oversizedString(let bytes): "a string of \(bytes.groupedDigits) bytes"
        case .refused(let value, _): describe(value)
        }
    }

    /// A value as the JSON report's `value` gives it.
    package static func display(_ value: RawValue) -> String {
        switch value {
        case .null: "null"
        case .string(let text): JSONText.quoted(text.shortened(to: 60))
        case .number(let text): text
        case .bool(let flag): String(flag)
        case .array: "[…]"
        case .object: "{…}"
        case .cell(let text): text.shortened(to: 60)
        case .oversizedString(let bytes): "(\(bytes.groupedDigits) bytes)"
        case .refused(let value, _): display(value)
        }
    }
}
