import RosterModel

/// A place in an input file: 1-based line, and 1-based column counted in Unicode scalars (characters).
package struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package var description: String { "line \(line), column \(column)" }
}

/// A field's value as the reader saw it, before any validation.
package enum RawValue: Hashable, Sendable {
    /// JSON `null`, or an empty CSV cell.
    case null
    /// A JSON string, unescaped.
    case string(String)
    /// A JSON number, exactly as written (`20`, `-0`, `20.5`, `1e400`); validation decides what it may be.
    case number(String)
    case bool(Bool)
    /// A JSON array or object (its content was checked for syntax, then skipped).
    case array
    case object
    /// A CSV cell: text that validation may read as a number.
    case cell(String)
    /// A string longer than `RawValue.maximumStringBytes`; only its length in bytes was kept, so that a hostile
    /// 50 MB string never sits in memory.
    case oversizedString(byteCount: Int)
    /// A value a mapping read and cannot use, as read, and why: a template's part that is an object, or text with
    /// no visible character. The validator reports the reason as the field's problem.
    indirect case refused(RawValue, reason: String)

    /// Strings longer than this many UTF-8 bytes are reported as `oversizedString`.
    package static let maximumStringBytes = 16_384
}

/// One field of a record: its name as written, its value, and where the value starts.
package struct RawField: Hashable, Sendable {
    package var name: String
    package var value: RawValue
    package var location: SourceLocation
    /// The player's field a mapping (`import --map`) assigned this one to, whatever its name; nil when its name says.
    package var field: PlayerField?

    package init(name: String, value: RawValue, location: SourceLocation, field: PlayerField? = nil) {
        self.name = name
        self.value = value
        self.location = location
        self.field = field
    }
}

/// One record of an input file, as read: fields in the order they appear, duplicates included.
package struct RawRecord: Hashable, Sendable {
    /// 1-based position of the record in its file (the CSV header is not a record).
    package var number: Int
    /// Where the record starts (the `{` of a JSON object, the first cell of a CSV row).
    package var location: SourceLocation
    package var fields: [RawField]

    /// Records with more fields than this are reported as errors, so that a hostile record of millions of fields
    /// never sits in memory.
    package static let maximumFieldCount = 1_024

    package init(number: Int, location: SourceLocation, fields: [RawField]) {
        self.number = number
        self.location = location
        self.fields = fields
    }
}
