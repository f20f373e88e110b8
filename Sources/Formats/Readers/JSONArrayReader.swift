/// Reads records from one JSON array of objects (`[ {...}, {...} ]`), strictly as RFC 8259 has it.
///
/// An element that is not an object is a recoverable error: it is checked, skipped, and reading goes on. Any syntax
/// error, invalid UTF-8 or nesting deeper than 512 levels is fatal: the rest of the file cannot be trusted.
package struct JSONArrayReader: RecordReader {
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

    /// A reader of a JSON array from `source`, from the bytes it has not consumed yet; with `paths.records`, of the
    /// array at that path inside the input's object (`{"squad": [...]}`).
    package init(source: ByteSource, paths: JSONPaths = JSONPaths()) {
        parser = JSONValueParser(source: source, allowsLineFeeds: true, paths: paths)
    }

    /// The nesting level of a record: inside the array, inside the objects that lead to it.
    private var recordDepth: Int { parser.paths.records.count &+ 2 }

    /// Bytes consumed from the source so far, a byte order mark included.
    package var bytesRead: Int { parser.cursor.offset }

    /// The next record, as `RecordReader.next()` describes.
    package mutating func next() throws(ReadError) -> RawRecord? {
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
                try enterRecordsObjects()
                if parser.paths.records.isEmpty, try parser.skipWhitespace() == .openBrace {
                    throw try objectInsteadOfArray()
                }
                guard try parser.skipWhitespace() == .openBracket else {
                    throw parser.unexpected(
                        expecting: parser.paths.records.isEmpty
                            ? "a JSON array of player objects"
                            : "an array of player objects at '\(parser.paths.recordsDescription)'")
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
                for _ in parser.paths.records { try skipRestOfObject() }
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
            let kind = try parser.skipNonObject(first, depth: recordDepth)
            throw parser.cursor.error(
                "record \(recordCount) is \(kind), not an object", at: location,
                recoverable: true)
        }
        let fields = try parser.readFields(depth: recordDepth)
        if let problem = parser.recordProblem {
            parser.recordProblem = nil
            throw problem
        }
        return RawRecord(number: recordCount, location: location, fields: fields)
    }

    // MARK: - Records inside objects

    /// Reads the input's objects along `paths.records` up to the value of its last key, which the caller reads as
    /// the array of records; the fields before each key are checked and skipped.
    private mutating func enterRecordsObjects() throws(ReadError) {
        let records = parser.paths.records
        for (level, key) in records.enumerated() {
            let place = level == 0 ? "the input" : "'\(records[..<level].joined(separator: "."))'"
            guard try parser.skipWhitespace() == .openBrace else {
                throw parser.unexpected(expecting: "an object at \(place) holding '\(key)' (--records)")
            }
            parser.cursor.pos &+= 1
            var byte = try parser.skipWhitespace()
            while true {
                guard byte == .quote else {
                    if byte == .closeBrace {
                        throw parser.cursor.error(
                            "the object at \(place) has no key '\(key)', where --records "
                                + "\(parser.paths.recordsDescription) looks for the records", at: parser.cursor.location
                        )
                    }
                    throw parser.unexpected(expecting: "a field name in double quotes")
                }
                let name = try parser.readString(storing: true)
                guard try parser.skipWhitespace() == .colon else {
                    throw parser.unexpected(expecting: "':' after the field name")
                }
                parser.cursor.pos &+= 1
                guard let first = try parser.skipWhitespace() else { throw parser.unexpected(expecting: "a value") }
                if let text = name.text, FieldNames.key(text) == FieldNames.key(key) { break }
                try skipValue(first, depth: level &+ 2)
                byte = try parser.skipWhitespace()
                guard byte == .comma else {
                    if byte == .closeBrace { continue }
                    throw parser.unexpected(expecting: "',' or '}' after a field value")
                }
                parser.cursor.pos &+= 1
                byte = try parser.skipWhitespace()
            }
        }
    }

    /// The error for an input that starts with an object where the array of records should be: NDJSON, whose
    /// lines are objects, or an object holding the records, whose keys holding arrays it names for `--records`.
    private mutating func objectInsteadOfArray() throws(ReadError) -> ReadError {
        let start = parser.cursor.location
        parser.cursor.pos &+= 1
        var arrays: [String] = []
        var byte = try parser.skipWhitespace()
        while byte != .closeBrace {
            guard byte == .quote else { throw parser.unexpected(expecting: "a field name in double quotes") }
            let name = try parser.readString(storing: true)
            guard try parser.skipWhitespace() == .colon else {
                throw parser.unexpected(expecting: "':' after the field name")
            }
            parser.cursor.pos &+= 1
            guard let first = try parser.skipWhitespace() else { throw parser.unexpected(expecting: "a value") }
            if first == .openBracket, let text = name.text, arrays.count < 10 { arrays.append(text) }
            try skipValue(first, depth: 2)
            byte = try parser.skipWhitespace()
            if byte == .comma {
                parser.commaLocation = parser.cursor.location
                parser.cursor.pos &+= 1
                byte = try parser.skipWhitespace()
                if byte == .closeBrace {
                    throw parser.cursor.error(
                        "unexpected ',' after the last field of an object (trailing comma)", at: parser.commaLocation)
                }
            } else if byte != .closeBrace {
                throw parser.unexpected(expecting: "',' or '}' after a field value")
            }
        }
        parser.cursor.pos &+= 1
        guard !arrays.isEmpty, try parser.skipWhitespace() != .openBrace else {
            return parser.cursor.error(
                "the input starts with a JSON object, as NDJSON (one JSON object a line) does, not with an array of "
                    + "player objects; to read it as NDJSON, give --format ndjson", at: start)
        }
        let listed = arrays.map { "'\($0.shortened(to: 40))'" }.joined(separator: ", ")
        return parser.cursor.error(
            "the input is a JSON object, not an array of player objects; if its records are the array at one of its "
                + "keys (\(listed)), name it with --records, as in --records \(arrays[0].shortened(to: 40))", at: start)
    }

    /// Skips the fields left in an object holding the records, and its `}`.
    private mutating func skipRestOfObject() throws(ReadError) {
        while true {
            let byte = try parser.skipWhitespace()
            if byte == .closeBrace {
                parser.cursor.pos &+= 1
                return
            }
            guard byte == .comma else { throw parser.unexpected(expecting: "',' or '}' after a field value") }
            parser.commaLocation = parser.cursor.location
            parser.cursor.pos &+= 1
            let next = try parser.skipWhitespace()
            guard next == .quote else {
                if next == .closeBrace {
                    throw parser.cursor.error(
                        "unexpected ',' after the last field of an object (trailing comma)", at: parser.commaLocation)
                }
                throw parser.unexpected(expecting: "a field name in double quotes")
            }
            _ = try parser.readString(storing: false)
            guard try parser.skipWhitespace() == .colon else {
                throw parser.unexpected(expecting: "':' after the field name")
            }
            parser.cursor.pos &+= 1
            guard let first = try parser.skipWhitespace() else { throw parser.unexpected(expecting: "a value") }
            try skipValue(first, depth: 2)
        }
    }

    /// Checks and skips the value whose first byte is `first`.
    private mutating func skipValue(_ first: UInt8, depth: Int) throws(ReadError) {
        if first == .openBrace || first == .openBracket {
            try parser.skipContainer(depth: depth)
        } else {
            _ = try parser.skipNonObject(first, depth: depth)
        }
    }
}
