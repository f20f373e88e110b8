import RosterModel

/// Turns a raw record into a player, or into the list of everything wrong with it.
///
/// Canonical fields: id, name, position, goals, assists, nationality, birth_date, image. Files from the original
/// app model also work: `goal`, `assist`, and `age` holding the birth date. JSON null, an absent field and an
/// empty CSV cell all mean unknown.
struct RecordValidator: Sendable {
    /// Births before this year are refused as typing errors.
    static let earliestBirthYear = 1850
    static let maximumCount = 1_000_000
    static let maximumNameLength = 200
    static let maximumTextLength = 2_048
    /// Fields every record needs; a CSV header without one of them is refused before any row is read.
    static let requiredFields = ["name", "position"]

    /// The day after which a birth date is in the future.
    let today: CalendarDate
    let file: String

    enum Field: Hashable {
        case id, name, position, goals, assists, nationality, birthDate, image
    }

    /// The record's field for each canonical field; a value on the stack, as it is filled for every record.
    struct FieldSlots {
        private var id, name, position, goals, assists, nationality, birthDate, image: RawField?

        subscript(field: Field) -> RawField? {
            get {
                switch field {
                case .id: id
                case .name: name
                case .position: position
                case .goals: goals
                case .assists: assists
                case .nationality: nationality
                case .birthDate: birthDate
                case .image: image
                }
            }
            set {
                switch field {
                case .id: id = newValue
                case .name: name = newValue
                case .position: position = newValue
                case .goals: goals = newValue
                case .assists: assists = newValue
                case .nationality: nationality = newValue
                case .birthDate: birthDate = newValue
                case .image: image = newValue
                }
            }
        }
    }

    /// The canonical field a name stands for, and whether the name is an alias of it.
    static func field(named name: String) -> (field: Field, isAlias: Bool)? {
        switch name {
        case "id": (.id, false)
        case "name": (.name, false)
        case "position": (.position, false)
        case "goals": (.goals, false)
        case "goal": (.goals, true)
        case "assists": (.assists, false)
        case "assist": (.assists, true)
        case "nationality": (.nationality, false)
        case "birth_date": (.birthDate, false)
        case "age": (.birthDate, true)
        case "image": (.image, false)
        default: nil
        }
    }

    /// The player the record describes, or its problems; names of fields rosterdb does not know go to `unknown`.
    func validate(_ record: RawRecord, unknown: inout Set<String>) -> Validated {
        var problems: [ImportProblem] = []
        var seen = FieldSlots()
        var unknownHere: [String] = []
        for field in record.fields {
            guard let (canonical, _) = RecordValidator.field(named: field.name) else {
                if unknownHere.contains(field.name) {
                    problems.append(problem(record, field, "the field appears more than once in the record"))
                } else {
                    unknownHere.append(field.name)
                    unknown.insert(field.name)
                }
                continue
            }
            if let other = seen[canonical] {
                if other.name == field.name {
                    problems.append(problem(record, field, "the field appears more than once in the record"))
                } else {
                    let (first, second) = other.name < field.name ? (other.name, field.name) : (field.name, other.name)
                    problems.append(
                        problem(record, field, "the record names both \(first) and \(second), which mean the same"))
                }
                continue
            }
            seen[canonical] = field
        }

        var player = Player(name: "", position: .forward)
        if let field = seen[.id] {
            switch count(field, in: 1...Int64.max, what: "a positive whole number") {
            case .success(let id): player.id = id
            case .failure(let message): problems.append(problem(record, field, message))
            }
        }
        switch text(seen[.name], limit: RecordValidator.maximumNameLength, required: true) {
        case .success(let name?): player.name = name
        case .success(nil): problems.append(missing(record, "name"))
        case .failure(let message): problems.append(problem(record, seen[.name]!, message))
        }
        switch text(seen[.position], limit: 40, required: true) {
        case .success(let code?):
            if let position = Position(parsing: code) {
                player.position = position
            } else {
                problems.append(
                    problem(record, seen[.position]!,
                            "unknown position; accepted: \(Position.acceptedCodes), or a synonym such as Striker, "
                                + "CDM or Defender"))
            }
        case .success(nil): problems.append(missing(record, "position"))
        case .failure(let message): problems.append(problem(record, seen[.position]!, message))
        }
        for (key, assign) in [(Field.goals, \Player.goals), (Field.assists, \Player.assists)] {
            guard let field = seen[key] else { continue }
            switch count(field, in: 0...Int64(RecordValidator.maximumCount), what: "a whole number") {
            case .success(let value): player[keyPath: assign] = Int(value ?? 0)
            case .failure(let message): problems.append(problem(record, field, message))
            }
        }
        switch text(seen[.nationality], limit: 100) {
        case .success(let nationality): player.nationality = nationality
        case .failure(let message): problems.append(problem(record, seen[.nationality]!, message))
        }
        if let field = seen[.birthDate] {
            switch birthDate(field) {
            case .success(let date): player.birthDate = date
            case .failure(let message): problems.append(problem(record, field, message))
            }
        }
        switch text(seen[.image], limit: RecordValidator.maximumTextLength) {
        case .success(let image): player.image = image
        case .failure(let message): problems.append(problem(record, seen[.image]!, message))
        }
        return problems.isEmpty ? .valid(player) : .invalid(problems)
    }

    enum Validated {
        case valid(Player)
        case invalid([ImportProblem])
    }

    // MARK: - Fields

    /// A whole number in `range`; nil for unknown. JSON needs a number, CSV a cell of digits.
    private func count(_ field: RawField, in range: ClosedRange<Int64>, what: String) -> Result<Int64?, Message> {
        let literal: String
        switch field.value {
        case .null: return .success(nil)
        case .number(let text), .cell(let text): literal = text
        default: return .failure(Message("expected \(what), got \(RecordValidator.describe(field.value))"))
        }
        guard let value = RecordValidator.wholeNumber(literal) else {
            return .failure(Message("expected \(what), got \(literal)"))
        }
        switch value {
        case .negative: return .failure(Message("must not be negative, got \(literal)"))
        case .tooLarge:
            return .failure(Message("must be at most \(range.upperBound.groupedDigits), got \(literal)"))
        case .value(let number) where number < range.lowerBound:
            return .failure(Message("expected \(what), got \(literal)"))
        case .value(let number) where number > range.upperBound:
            return .failure(Message("must be at most \(range.upperBound.groupedDigits), got \(literal)"))
        case .value(let number): return .success(number)
        }
    }

    /// Text with surrounding white space trimmed; nil for unknown (absent, null, or empty when not `required`).
    private func text(_ field: RawField?, limit: Int, required: Bool = false) -> Result<String?, Message> {
        guard let field else { return .success(nil) }
        let raw: String
        switch field.value {
        case .null: return .success(nil)
        case .string(let text), .cell(let text): raw = text
        case .oversizedString(let bytes):
            return .failure(
                Message("is longer than \(limit.groupedDigits) characters (a string of \(bytes.groupedDigits) bytes)"))
        default: return .failure(Message("expected a string, got \(RecordValidator.describe(field.value))"))
        }
        let trimmed = RecordValidator.trimmed(raw)
        if trimmed.isEmpty {
            // An empty optional field is unknown; an empty required one is reported where it is written, which for a
            // record over several lines is not where the record starts.
            return required ? .failure(Message("is empty or only white space")) : .success(nil)
        }
        if let control = RecordValidator.firstControlCharacter(in: trimmed) {
            return .failure(Message("contains the control character \(RecordValidator.codePoint(control))"))
        }
        // Files joined together (`cat a.csv b.csv`) carry the second file's byte order mark into a value, where it
        // would be an invisible part of a name that no search finds.
        if RecordValidator.containsByteOrderMark(trimmed) {
            return .failure(Message("contains U+FEFF, a byte order mark, which belongs only at the start of a file"))
        }
        // A string has at most as many characters as bytes, so most need no counting.
        if trimmed.utf8.count > limit {
            let length = trimmed.unicodeScalars.count
            if length > limit {
                return .failure(Message("is longer than \(limit.groupedDigits) characters (\(length.groupedDigits))"))
            }
        }
        return .success(trimmed)
    }

    private func birthDate(_ field: RawField) -> Result<CalendarDate?, Message> {
        let isAgeAlias = field.name == "age"
        if case .number(let literal) = field.value, isAgeAlias {
            return .failure(Message("age holds the birth date (yyyy-MM-dd), not an age in years (got \(literal))"))
        }
        switch text(field, limit: 10) {
        case .failure(let message):
            if case .cell(let literal) = field.value, isAgeAlias, Int(literal) != nil {
                return .failure(Message("age holds the birth date (yyyy-MM-dd), not an age in years (got \(literal))"))
            }
            return .failure(message)
        case .success(nil): return .success(nil)
        case .success(let literal?):
            guard let date = CalendarDate(iso: literal) else {
                if isAgeAlias, Int(literal) != nil {
                    return .failure(
                        Message("age holds the birth date (yyyy-MM-dd), not an age in years (got \(literal))"))
                }
                let shaped = CalendarDate.hasISOShape(literal)
                return .failure(Message(
                    shaped ? "\(literal) is not a real date" : "expected a date written yyyy-MM-dd, got \(literal)"))
            }
            if date > today { return .failure(Message("\(literal) is in the future")) }
            if date.year < RecordValidator.earliestBirthYear {
                return .failure(Message("\(literal) is before \(RecordValidator.earliestBirthYear)"))
            }
            return .success(date)
        }
    }

    // MARK: - Problems

    private func problem(_ record: RawRecord, _ field: RawField, _ message: Message) -> ImportProblem {
        problem(record, field, message.text)
    }

    private func problem(_ record: RawRecord, _ field: RawField, _ message: String) -> ImportProblem {
        ImportProblem(
            file: file, record: record.number, location: field.location, field: field.name,
            value: RecordValidator.display(field.value), message: message)
    }

    private func missing(_ record: RawRecord, _ name: String) -> ImportProblem {
        ImportProblem(file: file, record: record.number, location: record.location, field: name, message: "is required")
    }

    /// A failure message; a distinct type so `Result` can carry it.
    struct Message: Error {
        let text: String
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
        var digits = Substring(literal)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        if negative { return .negative }  // `-0` as well: a count is never written with a minus sign.
        guard let value = Int64(digits) else { return .tooLarge }
        return .value(value)
    }

    static func describe(_ value: RawValue) -> String {
        switch value {
        case .null: "null"
        case .string(let text): "a string (\(JSONText.quoted(shortened(text))))"
        case .number(let text): "a number (\(text))"
        case .bool(let flag): "a boolean (\(flag))"
        case .array: "an array"
        case .object: "an object"
        case .cell(let text): "'\(shortened(text))'"
        case .oversizedString(let bytes): "a string of \(bytes.groupedDigits) bytes"
        }
    }

    static func display(_ value: RawValue) -> String {
        switch value {
        case .null: "null"
        case .string(let text): JSONText.quoted(shortened(text))
        case .number(let text): text
        case .bool(let flag): String(flag)
        case .array: "[…]"
        case .object: "{…}"
        case .cell(let text): shortened(text)
        case .oversizedString(let bytes): "(\(bytes.groupedDigits) bytes)"
        }
    }

    static func shortened(_ text: String) -> String {
        let scalars = text.unicodeScalars
        return scalars.count <= 60 ? text : String(String.UnicodeScalarView(scalars.prefix(59))) + "…"
    }

    static func trimmed(_ text: String) -> String {
        // Printable ASCII at both ends, as almost every value has, cannot be white space.
        if let first = text.utf8.first, let last = text.utf8.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !WhiteSpace.contains($0) }),
            let last = scalars.lastIndex(where: { !WhiteSpace.contains($0) })
        else { return "" }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    /// The first C0 or C1 control character, or DEL; found by bytes, as C1 controls are encoded C2 80 – C2 9F.
    static func firstControlCharacter(in text: String) -> Unicode.Scalar? {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) {
                return text.unicodeScalars.first(where: isControl)
            }
            previous = byte
        }
        return nil
    }

    /// Whether `text` holds U+FEFF (encoded EF BB BF); found by bytes, as it is rare.
    static func containsByteOrderMark(_ text: String) -> Bool {
        text.utf8.contains(0xEF) && text.unicodeScalars.contains("\u{FEFF}")
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
