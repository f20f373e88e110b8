import RosterModel

/// How a provider's records become rosterdb's, as `import --map`, `--null` and `--value-map` say: which column or
/// key gives each field (or a template joining several: `{first_name} {second_name}`), which texts mean unknown
/// (`None`, `not available`), and how a field's values translate (`element_type` 1 → GK). Column and key names are
/// matched ignoring case and surrounding spaces, as rosterdb's own names are.
package struct RecordMapping: Sendable {
    /// Where a field's value comes from.
    package enum Source: Sendable, Equatable {
        /// A CSV column or JSON key.
        case column(String)
        /// Text and columns joined: `{first_name} {second_name}`. Unknown columns are left out; all unknown, the
        /// field is unknown.
        case template([Piece])
        /// Nowhere: the file's own column of that name is ignored (`--map id=`).
        case nothing

        package enum Piece: Sendable, Equatable {
            case text(String)
            case column(String)
        }

        /// The columns the source reads.
        var columns: [String] {
            switch self {
            case .column(let name): [name]
            case .template(let pieces):
                pieces.compactMap { if case .column(let name) = $0 { name } else { nil } }
            case .nothing: []
            }
        }
    }

    /// The field each explicitly mapped field comes from.
    package var sources: [PlayerField: Source] = [:]
    /// Texts that mean unknown, compared ignoring case and surrounding spaces.
    package var nullTokens: [String] = [] {
        didSet { nullKeys = TextKeys(nullTokens) }
    }
    /// Per field, a provider's values and what they stand for.
    package var valueMaps: [PlayerField: [String: String]] = [:]
    private var nullKeys = TextKeys([])
    /// Rows that are no records (`--skip-where`, `--keep-where`).
    package var rowFilters: [RowFilter] = []
    /// Per field, the second file its values are keys into (`--lookup`).
    package var lookups: [PlayerField: LookupTable] = [:]

    package init() {}

    /// Whether the mapping changes nothing, so that records need not go through it.
    package var isIdentity: Bool {
        sources.isEmpty && nullTokens.isEmpty && valueMaps.isEmpty && rowFilters.isEmpty && lookups.isEmpty
    }

    /// Whether `record` is a row that is no record, by `rowFilters`.
    package func skips(_ record: RawRecord) -> Bool {
        var plan = MappingPlan()
        return skips(record, plan: &plan)
    }

    /// `skips(_:)`, the columns found through `plan`, made again when the record's names are not its own.
    package func skips(_ record: RawRecord, plan: inout MappingPlan) -> Bool {
        if rowFilters.isEmpty { return false }
        if !plan.fits(record) { plan = MappingPlan(record, mapping: self) }
        for (filter, place) in zip(rowFilters, plan.filters)
        where filter.skips(place.map { record.fields[$0.index].value }) {
            return true
        }
        return false
    }

    // MARK: - Reading the options

    /// A mapping option's text that cannot be used, and why.
    package struct Refused: Error, Sendable, Equatable {
        package let reason: String
    }

    /// `FIELD=SOURCE`: `name={first_name} {second_name}`, `ref=code`, `id=` (nothing).
    package static func source(from text: String) -> Result<(PlayerField, Source), Refused> {
        guard let equals = text.firstIndex(of: "=") else {
            return .failure(Refused(reason: "expected FIELD=SOURCE, as in name={first_name} {second_name}."))
        }
        // Names and the text of templates are text as any value is: a control character is a mistake (a file
        // saved with another encoding, a tab pasted into a template), which no record could be right with.
        if let forbidden = TextRule.firstForbidden(in: text) {
            return .failure(Refused(reason: "it holds the control character \(forbidden.codePoint)."))
        }
        let fieldName = String(text[..<equals])
        guard let field = field(named: fieldName) else { return .failure(unknownField(fieldName)) }
        let sourceText = TextRule.trimmed(String(text[text.index(after: equals)...]))
        guard sourceText.contains("{") || sourceText.contains("}") else {
            return .success((field, sourceText.isEmpty ? .nothing : .column(sourceText)))
        }
        var pieces: [Source.Piece] = []
        var rest = Substring(sourceText)
        while !rest.isEmpty {
            if rest.first == "{" {
                guard let close = rest.firstIndex(of: "}") else {
                    return .failure(Refused(reason: "a '{' is not closed by '}'."))
                }
                let column = TextRule.trimmed(String(rest[rest.index(after: rest.startIndex)..<close]))
                guard !column.isEmpty, !column.contains("{") else {
                    return .failure(Refused(reason: "expected a column name between '{' and '}'."))
                }
                pieces.append(.column(column))
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex { $0 == "{" || $0 == "}" } ?? rest.endIndex
                if end < rest.endIndex, rest[end] == "}" {
                    return .failure(Refused(reason: "a '}' has no '{' before it."))
                }
                pieces.append(.text(String(rest[..<end])))
                rest = rest[end...]
            }
        }
        return .success((field, .template(pieces)))
    }

    /// The lines of a map file: `FIELD=SOURCE` each, blank lines and comments skipped. Lines end with LF, CRLF or
    /// CR, and a byte order mark may start the file, as editors on every system save it. A comment starts with `#`
    /// at the start of a line or after white space outside `{…}` (`ref=code  # the provider's key`), so that it is
    /// never read as part of the source. A bad line's reason starts with its number, and a field mapped twice names
    /// both lines.
    package static func sources(fromFile text: String) -> Result<[(PlayerField, Source)], Refused> {
        var sources: [(PlayerField, Source)] = []
        var lineOfField: [PlayerField: Int] = [:]
        for (offset, line) in lines(of: text).enumerated() {
            let number = offset + 1
            let line = TextRule.trimmed(withoutComment(line))
            if line.isEmpty { continue }
            // Quotes as a shell takes them would be read as part of the source, and written into every value.
            if let equals = line.firstIndex(of: "="),
                case let source = TextRule.trimmed(String(line[line.index(after: equals)...])), source.count > 1,
                let quote = source.first, quote == "\"" || quote == "'", source.last == quote
            {
                return .failure(
                    Refused(reason: "line \(number): the source is in quotes; write it without them, as it is meant."))
            }
            switch source(from: line) {
            case .success(let mapped):
                if let earlier = lineOfField[mapped.0] {
                    return .failure(
                        Refused(reason: "line \(number): \(mapped.0.name) is mapped on line \(earlier) already."))
                }
                lineOfField[mapped.0] = number
                sources.append(mapped)
            case .failure(let refused): return .failure(Refused(reason: "line \(number): \(refused.reason)"))
            }
        }
        return .success(sources)
    }

    /// The lines of `text` without their ends (LF, CRLF or CR) and without a byte order mark at the start. Split by
    /// scalars: CRLF is one `Character`, which no split at `"\n"` finds.
    private static func lines(of text: String) -> [Substring] {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var lines: [Substring] = []
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard scalar == "\n" || scalar == "\r" else {
                scalars.formIndex(after: &index)
                continue
            }
            lines.append(Substring(scalars[start..<index]))
            scalars.formIndex(after: &index)
            if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { scalars.formIndex(after: &index) }
            start = index
        }
        lines.append(Substring(scalars[start...]))
        return lines
    }

    /// `line` up to its comment: a `#` that starts the line or follows white space, outside `{…}`.
    private static func withoutComment(_ line: Substring) -> String {
        var inBraces = false
        var previous: Unicode.Scalar?
        for index in line.unicodeScalars.indices {
            let scalar = line.unicodeScalars[index]
            switch scalar {
            case "{": inBraces = true
            case "}": inBraces = false
            case "#" where !inBraces && (previous.map(WhiteSpace.contains) ?? true):
                return String(line.unicodeScalars[..<index])
            default: break
            }
            previous = scalar
        }
        return String(line)
    }

    /// `FIELD:FROM=TO,FROM=TO`: `position:1=GK,2=DF,3=MF,4=FW`.
    package static func valueMap(from text: String) -> Result<(PlayerField, [String: String]), Refused> {
        guard let colon = text.firstIndex(of: ":") else {
            return .failure(Refused(reason: "expected FIELD:FROM=TO,FROM=TO, as in position:1=GK,2=DF."))
        }
        let fieldName = String(text[..<colon])
        guard let field = field(named: fieldName) else { return .failure(unknownField(fieldName)) }
        var map: [String: String] = [:]
        for pair in text[text.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let from = parts.first.map { FieldNames.key(String($0)) } ?? ""
            guard parts.count == 2, !from.isEmpty else {
                return .failure(Refused(reason: "expected FROM=TO, got '\(String(pair).shortened(to: 60))'."))
            }
            let to = TextRule.trimmed(String(parts[1]))
            // Two meanings for one value is a typo, never a choice: the last one silently won.
            if let earlier = map[from], FieldNames.key(earlier) != FieldNames.key(to) {
                let value = String(parts[0]).shortened(to: 60)
                return .failure(
                    Refused(
                        reason: "'\(value)' is mapped twice, to '\(earlier.shortened(to: 60))' and to "
                            + "'\(to.shortened(to: 60))'."))
            }
            map[from] = to
        }
        return .success((field, map))
    }

    /// `FIELD,FIELD…`: fields an import updates alone (`--only`); the id, which finds players, is none of them.
    package static func fieldList(from text: String) -> Result<[PlayerField], Refused> {
        var fields: [PlayerField] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let field = field(named: name) else { return .failure(unknownField(name)) }
            guard field != .id else {
                return .failure(Refused(reason: "the id finds players; it is not a field to update."))
            }
            if !fields.contains(field) { fields.append(field) }
        }
        return .success(fields)
    }

    static func field(named name: String) -> PlayerField? {
        let key = FieldNames.key(name).map { $0 == "-" ? "_" : $0 }
        return PlayerField.allCases.first { $0.name == String(key) }
    }

    static func unknownField(_ name: String) -> Refused {
        Refused(
            reason: "unknown field '\(name.shortened(to: 60))'; the fields are "
                + PlayerField.allCases.map(\.name).joined(separator: ", ")
                + ".")
    }

    // MARK: - Columns

    /// The columns the mapping and its row filters read that are not among `columns` (names compared as rosterdb
    /// compares them).
    package func missingColumns(in columns: [String]) -> [String] {
        let present = Set(columns.map(FieldNames.key))
        var missing: [String] = []
        for column in self.columns + rowFilters.map(\.column) where !present.contains(FieldNames.key(column)) {
            if !missing.contains(column) { missing.append(column) }
        }
        return missing
    }

    /// The options that name `columns` (`--map`, `--skip-where`, `--keep-where`), for a message about them.
    package func options(naming columns: [String]) -> String {
        let keys = Set(columns.map(FieldNames.key))
        var options: [String] = []
        if self.columns.contains(where: { keys.contains(FieldNames.key($0)) }) { options.append("--map") }
        for filter in rowFilters where keys.contains(FieldNames.key(filter.column)) {
            let option = filter.keepsMatches ? "--keep-where" : "--skip-where"
            if !options.contains(option) { options.append(option) }
        }
        return options.joined(separator: " and ")
    }

    /// Every column the mapping reads.
    package var columns: [String] {
        PlayerField.allCases.flatMap { sources[$0]?.columns ?? [] }
    }

    /// What is wrong with a CSV header read through this mapping, as `RecordValidator.headerProblem` says: two
    /// columns for one field, or no column for a field every record needs. Columns the mapping reads, and columns
    /// of fields the mapping gives otherwise, do not count as the fields their names say; the message lists the
    /// header's columns as they are.
    /// Without `requiresWholePlayers` (`--only`), a header needs no column for the fields every player has.
    package func headerProblem(_ columns: [String], requiresWholePlayers: Bool = true) -> String? {
        var (meanings, given) = reading(columns)
        if !requiresWholePlayers {
            given.formUnion(FieldNames.rules.indices.filter { FieldNames.rules[$0].isRequired })
        }
        return FieldNames.headerProblem(columns, fields: meanings, given: given)
    }

    /// The fields every record needs that a header read through this mapping gives no column for.
    package func absentRequiredFields(_ columns: [String]) -> [PlayerField] {
        let (meanings, given) = reading(columns)
        return FieldNames.absentRequiredFields(fields: meanings, given: given)
    }

    /// What each column of a header means through this mapping (a field's place in `FieldNames.fields`, or nil),
    /// and the fields the mapping gives from elsewhere.
    private func reading(_ columns: [String]) -> (meanings: [Int?], given: Set<Int>) {
        let used = Set(self.columns.map(FieldNames.key))
        let meanings = columns.map { column -> Int? in
            if used.contains(FieldNames.key(column)) { return nil }
            guard let resolved = FieldNames.resolve(column) else { return nil }
            return sources[FieldNames.fields[resolved.index]] == nil ? resolved.index : nil
        }
        let given = FieldNames.fields.indices.filter { index in
            guard let source = sources[FieldNames.fields[index]] else { return false }
            return source != .nothing
        }
        return (meanings, Set(given))
    }

    /// The `--map` arguments that would take fields from a header that has no column of their own names, as a
    /// shell reads them (`--map 'name={first_name} {second_name}'`, `--map position=element_type`): for each field
    /// neither mapped nor named by a column, its first likely source (`FieldDescriptor.likelySources`) whose
    /// columns the header has and no earlier suggestion took.
    package func suggestions(for columns: [String]) -> [String] {
        let (meanings, _) = reading(columns)
        let named = Set(meanings.compactMap { $0 })
        // Each column as the header spells it, by the form names are compared in.
        var spelling: [String: String] = [:]
        for column in columns where spelling[FieldNames.key(column)] == nil {
            spelling[FieldNames.key(column)] = TextRule.trimmed(column)
        }
        var taken = Set(self.columns.map(FieldNames.key))
        var arguments: [String] = []
        for (index, field) in FieldNames.fields.enumerated() where sources[field] == nil && !named.contains(index) {
            for likely in field.descriptor.likelySources {
                guard case .success(let (_, source)) = RecordMapping.source(from: "\(field.name)=\(likely)") else {
                    continue
                }
                let keys = source.columns.map(FieldNames.key)
                guard keys.allSatisfy({ spelling[$0] != nil && !taken.contains($0) }) else { continue }
                taken.formUnion(keys)
                let spelt: String
                switch source {
                case .column(let column): spelt = spelling[FieldNames.key(column)] ?? column
                case .template(let pieces):
                    spelt = pieces.map { piece in
                        switch piece {
                        case .text(let text): text
                        case .column(let column): "{\(spelling[FieldNames.key(column)] ?? column)}"
                        }
                    }.joined()
                case .nothing: spelt = ""
                }
                let argument = "\(field.name)=\(spelt)"
                let isPlain = argument.utf8.allSatisfy { $0.isWordByte || $0 == UInt8(ascii: "=") }
                // A template's braces and spaces need quotes; no likely source holds a quote.
                arguments.append("--map " + (isPlain ? argument : "'\(argument)'"))
                break
            }
        }
        return arguments
    }

    // MARK: - Applying

    /// The record as rosterdb reads it: mapped fields named for the fields they give, the file's own columns for
    /// those fields dropped, unknown texts made null, and values translated.
    package func apply(_ record: RawRecord) -> RawRecord {
        var plan = MappingPlan()
        return apply(record, plan: &plan)
    }

    /// `apply(_:)`, the columns found through `plan`, made again when the record's names are not its own.
    package func apply(_ record: RawRecord, plan: inout MappingPlan) -> RawRecord {
        if !plan.fits(record) { plan = MappingPlan(record, mapping: self) }
        var fields: [RawField] = []
        fields.reserveCapacity(record.fields.count)
        // A column the record gives twice has no one value to take (the first one was taken without a word, where
        // a field named twice is refused): its value is refused, as a field's is.
        func found(_ place: MappingPlan.Place?) -> RawField? {
            guard let place else { return nil }
            var found = record.fields[place.index]
            if place.isRepeated { found.value = .refused(found.value, reason: RecordValidator.repeatedField) }
            return found
        }
        for (field, source, places) in plan.sources {
            switch source {
            case .nothing:
                continue
            case .column:
                if let found = found(places[0]) {
                    fields.append(
                        RawField(
                            name: found.name, value: translated(found.value, of: field), location: found.location,
                            field: field))
                }
            case .template(let pieces):
                let name = pieces.map { piece in
                    switch piece {
                    case .text(let literal): literal
                    case .column(let column): "{\(column)}"
                    }
                }.joined()
                let (value, location) = joined(pieces, parts: places.map(found))
                fields.append(
                    RawField(
                        name: name, value: translated(value, of: field), location: location ?? record.location,
                        field: field))
            }
        }
        for (index, field) in plan.passing {
            var raw = record.fields[index]
            raw.value = translated(raw.value, of: field)
            fields.append(raw)
        }
        return RawRecord(number: record.number, location: record.location, fields: fields)
    }

    /// A template's text: its parts' values, each read as any text is (trimmed, and refused for a control
    /// character or for nothing visible), with its literal text between them; and where the value first comes from.
    /// A part that is unknown (absent, null, a null token, empty) is left out, and the white space around it made
    /// one space (`{given} {family}` of a mononym is `Pelé`); a number is joined as written. A part that is no
    /// text (an object, an array, a boolean) or breaks the text rules makes the value `refused`, naming the part.
    /// `parts` are the fields the template's columns found, in order.
    private func joined(_ pieces: [Source.Piece], parts: [RawField?]) -> (RawValue, SourceLocation?) {
        var text = ""
        // Literal text since the last known part, written before the next; with its runs of white space made one
        // space when a part between was left out.
        var literal = ""
        var leftOut = false
        var location: SourceLocation?
        var anyKnown = false
        var parts = parts.makeIterator()
        for piece in pieces {
            switch piece {
            case .text(let piece): literal += piece
            case .column(let column):
                let found = parts.next() ?? nil
                location = location ?? found?.location
                switch found.map(part) ?? .unknown {
                case .unknown: leftOut = true
                case .refused(let reason):
                    return (.refused(found!.value, reason: "the part {\(column)} \(reason)"), found!.location)
                case .text(let part):
                    text += (leftOut ? RecordMapping.collapsingRuns(literal) : literal) + part
                    (literal, leftOut, anyKnown) = ("", false, true)
                }
            }
        }
        guard anyKnown else { return (.null, location) }
        // Parts are trimmed: only literal text can leave white space at the ends.
        return (.cell(TextRule.trimmed(text + (leftOut ? RecordMapping.collapsingRuns(literal) : literal))), location)
    }

    /// What a template's part gives.
    private enum Part {
        case unknown
        case text(String)
        case refused(String)
    }

    /// The text `field` gives a template, as a text field would read it; a number as written.
    private func part(_ field: RawField) -> Part {
        switch field.value {
        case .null: return .unknown
        case .string(let value), .cell(let value):
            if nullKeys.contains(value) { return .unknown }
            switch RecordValidator.text(value) {
            case .success(let text?): return .text(text)
            case .success(nil): return .unknown
            case .failure(let message): return .refused(message.text)
            }
        case .number(let literal):
            return nullKeys.contains(literal) ? .unknown : .text(literal)
        case .oversizedString(let bytes):
            return .refused("is longer than any field holds (a string of \(bytes.groupedDigits) bytes)")
        case .refused(_, let reason):
            return .refused(reason == RecordValidator.repeatedField ? "appears more than once in the record" : reason)
        default:
            return .refused("is \(RecordValidator.describe(field.value)); a template joins text and numbers")
        }
    }

    /// `text` with each run of white space made one space, at its ends too.
    private static func collapsingRuns(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var inRun = false
        for scalar in text.unicodeScalars {
            let isSpace = WhiteSpace.contains(scalar)
            if !isSpace || !inRun { result.append(isSpace ? " " : scalar) }
            inRun = isSpace
        }
        return String(result)
    }

    /// A value of `field` with a null token made null and a mapped value translated.
    private func translated(_ value: RawValue, of field: PlayerField?) -> RawValue {
        guard let text = text(of: value) else { return value }
        if nullKeys.contains(text) { return .null }
        guard let field else { return value }
        if let map = valueMaps[field], let translated = map[FieldNames.key(text)] {
            return translated.isEmpty ? .null : .cell(translated)
        }
        if let lookup = lookups[field] {
            guard let translated = lookup.translate(text) else { return .refused(value, reason: lookup.missing(text)) }
            return translated.isEmpty ? .null : .cell(translated)
        }
        return value
    }

    /// The text of a value a mapping can read: a string, a cell or a number; nil for null and the rest.
    private func text(of value: RawValue) -> String? {
        switch value {
        case .string(let text), .cell(let text), .number(let text): text
        default: nil
        }
    }
}
