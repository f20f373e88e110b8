/// Input that could not be read as its format: malformed JSON or CSV, invalid UTF-8, nesting too deep, or a
/// failed read. The message names what was found and what was expected; the location says where.
package struct ReadError: Error, Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// Malformed JSON, NDJSON or CSV, or invalid UTF-8.
        case malformed
        /// The file could not be read (an I/O error), exit 66.
        case unreadable
        /// A signal asked the import to stop while it waited for input (a pipe that had nothing to read).
        case stopped
    }

    package var kind = Kind.malformed
    package var message: String
    package var location: SourceLocation
    /// The record the error belongs to, when one had begun.
    package var recordNumber: Int?
    /// Reading can go on with the next record (an NDJSON line, a CSV row of the wrong width); otherwise the rest
    /// of the file cannot be trusted and the reader returns nil from then on.
    package var isRecoverable: Bool
}
