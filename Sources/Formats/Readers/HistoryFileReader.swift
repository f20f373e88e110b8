import RosterModel

/// Reads a roster's history as `export --history` writes it, in flat memory: a first line with the history's
/// start, `{"history_since":"…","first_change":N,"last_change":M,"highest_id":H,"players_at_start":K}` (the last
/// two left out by older files: 0), then the K players there at the start as additions
/// (`ChangeEncoding.startPlayerLine`), then each change from N to M as the change feed's line
/// (`ChangeEncoding.line`), one after another. A line that is not so is a `Problem` naming it; so is a
/// file that ends before change M. A read that fails throws its `ReadError` (`.unreadable`, `.stopped`).
package struct HistoryFileReader {
    /// What is wrong with the file, and on which line.
    package struct Problem: Error, Equatable, Sendable {
        package let line: Int
        package let message: String
    }

    private var lines: NDJSONReader
    private var start: HistoryStart?
    /// The number the next change must have.
    private var expected: Int64 = 0
    /// The largest id the roster had given, and the players there at the start still to read.
    package private(set) var highestID: Int64 = 0
    private var startPlayersLeft: Int64 = 0
    /// The line of the last record read.
    private var line = 0

    /// Every field a change can hold, as `[before, after]` under `fields`; a field given otherwise, a key `fields`
    /// does not have or a third element, is read as a value, to be refused.
    private static let paths = JSONPaths(
        reading: PlayerField.allCases.filter { $0 != .id }.flatMap { field in
            ["fields.\(field.name)", "fields.\(field.name).0", "fields.\(field.name).1"]
        }, keepingOthers: true)

    package init(source: ByteSource) {
        lines = NDJSONReader(source: source, paths: HistoryFileReader.paths)
    }

    /// The history's start, from the first line: read before any change.
    package mutating func readStart() throws -> HistoryStart {
        guard let record = try nextRecord() else {
            throw Problem(line: 1, message: "the file is empty: " + HistoryFileReader.startExpected)
        }
        var time: String?
        var first: Int64?
        var last: Int64?
        var highest: Int64 = 0
        var players: Int64 = 0
        for field in record.fields {
            switch FieldNames.key(field.name) {
            case "history_since": time = try timeValue(field)
            case "first_change": first = try numberValue(field)
            case "last_change": last = try numberValue(field)
            case "highest_id": highest = try numberValue(field)
            case "players_at_start": players = try numberValue(field)
            default:
                throw Problem(
                    line: line, message: "unexpected key \"\(field.name)\": " + HistoryFileReader.startExpected)
            }
        }
        guard let time, let first, let last, first >= 1, last >= first - 1, highest >= 0, players >= 0 else {
            throw Problem(line: line, message: HistoryFileReader.startExpected)
        }
        let start = HistoryStart(time: time, firstNumber: first, lastNumber: last)
        self.start = start
        expected = first
        highestID = highest
        startPlayersLeft = players
        return start
    }

    private static let startExpected =
        "the first line must be the history's start, {\"history_since\":\"2026-12-05T08:15:02.123Z\","
        + "\"first_change\":1,\"last_change\":57,\"highest_id\":12,\"players_at_start\":0}, as export --history "
        + "writes it"

    /// The next player there at the history's start, nil after the last the first line counts.
    package mutating func nextStartPlayer() throws -> (id: Int64, fields: [FieldChange])? {
        guard startPlayersLeft > 0 else { return nil }
        guard let record = try nextRecord() else {
            throw Problem(
                line: line + 1,
                message: "the file ends before the history's changes, but its first line says \(startPlayersLeft) "
                    + "more players are there at the start: it was cut short")
        }
        let player = try change(record, atStart: true)
        startPlayersLeft -= 1
        return (player.playerID, player.fields)
    }

    /// The next change, nil after change `last_change`; its number must follow the one before.
    package mutating func next() throws -> HistoryEntry? {
        guard let start, startPlayersLeft == 0 else { preconditionFailure("readStart and nextStartPlayer come first") }
        guard let record = try nextRecord() else {
            guard expected > start.lastNumber else {
                throw Problem(
                    line: line + 1,
                    message: "the file ends before change \(expected), but its first line says the history goes to "
                        + "change \(start.lastNumber): it was cut short")
            }
            return nil
        }
        let entry = try change(record, atStart: false)
        guard entry.number == expected, entry.number <= start.lastNumber else {
            let which =
                expected > start.lastNumber
                ? "after change \(start.lastNumber), the last one the first line names"
                : "where change \(expected) should"
            throw Problem(
                line: line,
                message: "change \(entry.number) comes \(which): the changes are in order, one "
                    + "after another")
        }
        expected += 1
        return entry
    }

    /// The line the last change read is on, for problems found in it afterwards.
    package var currentLine: Int { line }

    private mutating func nextRecord() throws -> RawRecord? {
        do throws(ReadError) {
            guard let record = try lines.next() else { return nil }
            line = record.location.line
            return record
        } catch {
            // A failed read, or a stop, is no fault of the file's.
            guard error.kind == .malformed else { throw error }
            throw Problem(line: error.location.line, message: error.message)
        }
    }

    /// A change as `ChangeEncoding.line` writes one; `atStart`, a player there at the start, as
    /// `ChangeEncoding.startPlayerLine` writes one (its number 0, its time none).
    private func change(_ record: RawRecord, atStart: Bool) throws -> HistoryEntry {
        var number: Int64?
        var time: String?
        var kind: ChangeKind?
        var id: Int64?
        var ref: String?
        var name = ""
        var madeBy: String?
        var seen: Set<String> = []
        // Each field's values as given, in the order the line gives the fields.
        var order: [PlayerField] = []
        var values: [PlayerField: (before: FieldValue?, after: FieldValue?)] = [:]
        for field in record.fields {
            let key = FieldNames.key(field.name)
            guard seen.insert(key).inserted else {
                throw Problem(line: line, message: "\"\(field.name)\" is given twice")
            }
            switch key {
            case "number": number = try numberValue(field)
            case "at": time = try timeValue(field)
            case "change":
                guard case .string(let text) = field.value, let given = ChangeKind(rawValue: text) else {
                    throw Problem(line: line, message: "\"change\" must be \"added\", \"updated\" or \"removed\"")
                }
                kind = given
            case "id": id = try numberValue(field)
            case "ref": ref = try optionalText(field)
            case "name": name = try optionalText(field) ?? ""
            case "made_by": madeBy = try optionalText(field)
            case "fields":
                throw Problem(line: line, message: "\"fields\" must be an object of \"field\":[before,after]")
            default:
                let parts = key.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count >= 2, parts[0] == "fields", let changed = PlayerField(rawValue: String(parts[1])),
                    changed != .id
                else {
                    throw Problem(line: line, message: "unexpected key \"\(field.name)\"")
                }
                guard parts.count == 3, parts[2] == "0" || parts[2] == "1" else {
                    throw Problem(line: line, message: "\"fields\".\"\(changed.name)\" must be [before, after]")
                }
                if values[changed] == nil {
                    order.append(changed)
                    values[changed] = (nil, nil)
                }
                let value = try fieldValue(field, of: changed)
                if parts[2] == "0" { values[changed]?.before = value } else { values[changed]?.after = value }
            }
        }
        if atStart {
            guard number == nil, time == nil, madeBy == nil, kind == .added, let id else {
                throw Problem(
                    line: line,
                    message: "a player there at the history's start is {\"change\":\"added\",\"id\":…,\"ref\":…,"
                        + "\"name\":…,\"fields\":{…}}, with no number, time or maker: the first line counts "
                        + "\(startPlayersLeft) more")
            }
            return HistoryEntry(
                number: 0, time: "", playerID: id, kind: .added, ref: ref, name: name,
                fields: try orderedFields(order, values, kind: .added), madeBy: nil)
        }
        guard let number, let time, let kind, let id else {
            let missing = [("number", number == nil), ("at", time == nil), ("change", kind == nil), ("id", id == nil)]
                .filter(\.1).map { "\"\($0.0)\"" }.joined(separator: ", ")
            throw Problem(line: line, message: "a change needs \(missing), as the change feed's lines have them")
        }
        return HistoryEntry(
            number: number, time: time, playerID: id, kind: kind, ref: ref, name: name,
            fields: try orderedFields(order, values, kind: kind), madeBy: madeBy)
    }

    /// The fields as given, each `[before, after]` as its kind of change has them.
    private func orderedFields(
        _ order: [PlayerField], _ values: [PlayerField: (before: FieldValue?, after: FieldValue?)], kind: ChangeKind
    ) throws -> [FieldChange] {
        let fields = order.map { FieldChange($0, before: values[$0]?.before, after: values[$0]?.after) }
        if kind == .added, let field = fields.first(where: { $0.before != nil }) {
            throw Problem(line: line, message: "an added player has no value before: \(field.field.name) has one")
        }
        if kind == .removed, let field = fields.first(where: { $0.after != nil }) {
            throw Problem(line: line, message: "a removed player has no value after: \(field.field.name) has one")
        }
        return fields
    }

    private func numberValue(_ field: RawField) throws -> Int64 {
        guard case .number(let text) = field.value, let number = Int64(text) else {
            throw Problem(line: line, message: "\"\(field.name)\" must be a whole number")
        }
        return number
    }

    private func optionalText(_ field: RawField) throws -> String? {
        switch field.value {
        case .null: return nil
        case .string(let text): return text
        default:
            throw Problem(
                line: line,
                message: "\"\(field.name)\" must be text or null, not \(RecordValidator.describe(field.value))")
        }
    }

    /// A time as the history writes it, `2026-12-05T08:15:02.123Z`.
    private func timeValue(_ field: RawField) throws -> String {
        guard case .string(let text) = field.value, HistoryFileReader.isHistoryTime(text) else {
            throw Problem(line: line, message: "\"\(field.name)\" must be a time such as \"2026-12-05T08:15:02.123Z\"")
        }
        return text
    }

    static func isHistoryTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let shape = Array("0000-00-00T00:00:00.000Z".utf8)
        guard bytes.count == shape.count else { return false }
        return zip(bytes, shape).allSatisfy { byte, expected in
            expected == UInt8(ascii: "0") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
        } && CalendarDate(iso: String(text.prefix(10))) != nil
    }

    /// A value of `changed` as the feed writes it: a number for a count, text for the rest (a position by its code,
    /// a date in ISO form; what another program stored against the rules, as the text it is).
    private func fieldValue(_ field: RawField, of changed: PlayerField) throws -> FieldValue? {
        switch (field.value, changed.valueType) {
        case (.null, _): return nil
        case (.number(let text), .integer):
            guard let number = Int64(text) else { break }
            return .integer(number)
        case (.string(let text), .position): return Position(code: text).map(FieldValue.position) ?? .text(text)
        case (.string(let text), .date): return CalendarDate(iso: text).map(FieldValue.date) ?? .text(text)
        case (.string(let text), _): return .text(text)
        default: break
        }
        let expected = changed.valueType == .integer ? "a whole number or null" : "text or null"
        throw Problem(
            line: line, message: "\(changed.name) must be \(expected), not \(RecordValidator.describe(field.value))")
    }
}
