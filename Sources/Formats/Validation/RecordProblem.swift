/// Why one record (or the rest of a file) was not imported: where, which field and value, and what is wrong.
package struct RecordProblem: Hashable, Sendable, CustomStringConvertible {
    /// The input as the user named it (`players.json`, or `-` for standard input).
    package var file: String
    /// The 1-based record number, when the problem belongs to a record.
    package var record: Int?
    package var location: SourceLocation
    /// The field as written in the input (`goal`, not `goals`), when one field is at fault.
    package var field: String?
    /// The offending value as written, shortened for display.
    package var value: String?
    package var message: String

    package init(
        file: String, record: Int?, location: SourceLocation, field: String? = nil, value: String? = nil,
        message: String
    ) {
        self.file = file
        self.record = record
        self.location = location
        self.field = field
        self.value = value
        self.message = message
    }

    /// `players.json:40:15: record 12: goals: expected a whole number, got "20" (a string)`, the form editors and
    /// compilers use, so that the place can be opened directly.
    package var description: String {
        var text = "\(file):\(location.line):\(location.column): "
        if let record { text += "record \(record): " }
        if let field { text += "\(field): " }
        return text + message
    }
}
