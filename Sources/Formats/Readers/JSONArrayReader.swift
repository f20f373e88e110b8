/// Reads records from one JSON array of objects (`[ {...}, {...} ]`), strictly as RFC 8259 has it.
///
/// An element that is not an object is a recoverable error: it is checked, skipped, and reading goes on. Any syntax
/// error, invalid UTF-8 or nesting deeper than 512 levels is fatal: the rest of the file cannot be trusted.
public struct JSONArrayReader: RecordReader {
    private enum State {
        /// Before the array's `[`.
        case start
        /// After `[`: a record or `]`.
        case firstElement
        /// After a record: `,` or `]`.
        case afterElement
        /// After `]`: only white space may follow.
        case afterArray
        case finished
    }

    private var parser: JSONValueParser
    private var state = State.start
    private var recordCount = 0

    /// A reader of a JSON array from `source`, from the bytes it has not consumed yet.
    public init(source: ByteSource) {
        parser = JSONValueParser(source: source, allowsLineFeeds: true)
    }

    /// Bytes consumed from the source so far, a byte order mark included.
    public var bytesRead: Int { parser.cursor.offset }

    /// The next record, as `RecordReader.next()` describes.
    public mutating func next() throws(ReadError) -> RawRecord? {
        do throws(ReadError) {
            return try readNext()
        } catch {
            if !error.isRecoverable { state = .finished }
            throw error
        }
    }

    private mutating func readNext() throws(ReadError) -> RawRecord? {
        while true {
            switch state {
            case .start:
                try parser.cursor.skipByteOrderMark()
                guard try parser.skipWhitespace() == .openBracket else {
                    throw parser.unexpected(expecting: "a JSON array of player objects")
                }
                parser.cursor.pos &+= 1
                state = .firstElement
            case .firstElement:
                guard let byte = try parser.skipWhitespace() else {
                    throw parser.unexpected(expecting: "a player object or ']'")
                }
                if byte == .closeBracket {
                    parser.cursor.pos &+= 1
                    state = .afterArray
                    continue
                }
                return try readElement(byte)
            case .afterElement:
                let byte = try parser.skipWhitespace()
                if byte == .comma {
                    parser.commaLocation = parser.cursor.location
                    parser.cursor.pos &+= 1
                    guard let next = try parser.skipWhitespace() else {
                        throw parser.unexpected(expecting: "a player object after record \(recordCount)")
                    }
                    if next == .closeBracket {
                        throw parser.cursor.error(
                            "unexpected ',' after record \(recordCount), the last element of the array (trailing "
                                + "comma)", at: parser.commaLocation)
                    }
                    return try readElement(next)
                }
                guard byte == .closeBracket else {
                    throw parser.unexpected(expecting: "',' or ']' after record \(recordCount)")
                }
                parser.cursor.pos &+= 1
                state = .afterArray
            case .afterArray:
                guard try parser.skipWhitespace() == nil else {
                    let location = parser.cursor.location
                    let found = try parser.cursor.foundDescription()
                    throw parser.cursor.error(
                        "unexpected \(found) after the end of the array; only white space may follow it",
                        at: location)
                }
                state = .finished
                return nil
            case .finished:
                return nil
            }
        }
    }

    /// Reads the array element whose first byte is `first` as the next record.
    private mutating func readElement(_ first: UInt8) throws(ReadError) -> RawRecord {
        recordCount += 1
        state = .afterElement
        parser.cursor.record = recordCount
        defer { parser.cursor.record = nil }
        let location = parser.cursor.location
        guard first == .openBrace else {
            let kind = try parser.skipNonObject(first, depth: 2)
            throw parser.cursor.error(
                "record \(recordCount) is \(kind), not an object", at: location,
                recoverable: true)
        }
        let fields = try parser.readFields(depth: 2)
        if let problem = parser.recordProblem {
            parser.recordProblem = nil
            throw problem
        }
        return RawRecord(number: recordCount, location: location, fields: fields)
    }
}
