/// Reads records from newline-delimited JSON: one object a line (LF or CRLF), blank lines skipped.
///
/// Each non-blank line is a record, with the JSON reader's strict grammar. Since a JSON string cannot hold a raw
/// line feed, a line feed always ends a record, so every problem in a line is recoverable: it is reported, and
/// reading goes on at the next line. Only a failed read is fatal.
package struct NDJSONReader: RecordReader {
    private var parser: JSONValueParser
    private var started = false
    private var finished = false
    private var recordCount = 0

    /// A reader of NDJSON from `source`, from the bytes it has not consumed yet; each line's nested values that
    /// `paths` names are fields of their own.
    package init(source: ByteSource, paths: JSONPaths = JSONPaths()) {
        parser = JSONValueParser(source: source, allowsLineFeeds: false, paths: paths)
    }

    /// Bytes consumed from the source so far, a byte order mark included.
    package var bytesRead: Int { parser.cursor.offset }

    /// The next record, as `RecordReader.next()` describes.
    package mutating func next() throws(ReadError) -> RawRecord? {
        guard !finished else { return nil }
        do throws(ReadError) {
            if !started {
                started = true
                try parser.cursor.skipByteOrderMark()
            }
            guard let first = try skipBlankLines() else {
                finished = true
                return nil
            }
            return try readLine(first)
        } catch {
            parser.recordProblem = nil
            parser.cursor.record = nil
            guard error.kind == .malformed, recordCount > 0 else {
                // A failed read, or an encoding that is not UTF-8: nothing after it can be read.
                finished = true
                throw error
            }
            do throws(ReadError) {
                try skipRestOfLine()
            } catch {
                finished = true
                throw error
            }
            var recoverable = error
            recoverable.isRecoverable = true
            throw recoverable
        }
    }

    /// Skips white space and line feeds; returns the first byte of the next record, not consumed, or nil at the end.
    private mutating func skipBlankLines() throws(ReadError) -> UInt8? {
        while let byte = try parser.skipWhitespace() {
            guard byte == .lineFeed else { return byte }
            parser.cursor.lineFeed(at: parser.cursor.pos)
            parser.cursor.pos &+= 1
        }
        return nil
    }

    /// Reads the line whose first byte is `first` as the next record.
    private mutating func readLine(_ first: UInt8) throws(ReadError) -> RawRecord {
        recordCount += 1
        parser.cursor.record = recordCount
        defer { parser.cursor.record = nil }
        let location = parser.cursor.location
        guard first == .openBrace else {
            let kind = try parser.skipNonObject(first, depth: 1)
            throw parser.cursor.error("record \(recordCount) is \(kind), not an object", at: location)
        }
        let fields = try parser.readFields(depth: 1)
        if let after = try parser.skipWhitespace(), after != .lineFeed {
            let afterLocation = parser.cursor.location
            let description = try parser.cursor.foundDescription()
            throw parser.cursor.error(
                "unexpected \(description) after the object; a line holds one JSON object", at: afterLocation)
        }
        if let problem = parser.recordProblem {
            parser.recordProblem = nil
            throw problem
        }
        return RawRecord(number: recordCount, location: location, fields: fields)
    }

    /// Skips what is left of the current line, its line feed included, so that reading resumes on the next line.
    private mutating func skipRestOfLine() throws(ReadError) {
        while try parser.cursor.hasByte() {
            let base = parser.cursor.base
            let end = parser.cursor.end
            var index = parser.cursor.pos
            while index < end && base[index] != .lineFeed { index &+= 1 }
            parser.cursor.pos = index
            if index < end {
                parser.cursor.lineFeed(at: index)
                parser.cursor.pos = index &+ 1
                return
            }
        }
    }
}
