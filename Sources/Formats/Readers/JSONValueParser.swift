/// The strict RFC 8259 JSON grammar over an `InputCursor`, shared by `JSONArrayReader` and `NDJSONReader`.
///
/// Only records are kept: a record's fields get their scalar values, while nested arrays and objects are checked
/// for syntax with an explicit stack (never recursion, so that hostile nesting cannot overflow the call stack) and
/// dropped. Syntax errors are thrown; problems that leave the syntax intact (an oversized field name, too many
/// fields) go to `recordProblem`, so that the reader can finish the record and go on after it.
struct JSONValueParser {
    /// Arrays and objects may nest this deep, the outer array or record included.
    static let maximumDepth = 512

    var cursor: InputCursor
    /// Whether line feeds may separate tokens; an NDJSON record must fit on its line.
    let allowsLineFeeds: Bool
    /// The first problem of the current record that does not break the syntax; the reader reports it instead of
    /// the record.
    var recordProblem: ReadError?
    /// The text of a string or number that holds escapes or was cut by a refill.
    private var pieces = TextPieces()
    /// The closing brackets of the arrays and objects being skipped, innermost last.
    private var closers: [UInt8] = []
    /// The previous record's field names by position: most records of a file repeat them, and comparing bytes
    /// costs less than making a string.
    private var previousNames: [CachedName] = []
    /// The previous record's field count, so that the next record's fields take one allocation.
    private var expectedFieldCount = 8
    /// Where the last comma was, for the trailing-comma message, which points at it.
    var commaLocation = SourceLocation(line: 1, column: 1)

    /// The nested values records give as fields of their own (`player.name`).
    let paths: JSONPaths
    /// Whether `paths` names any nested value: read for every field whose value is an object or array.
    private let readsNested: Bool

    init(source: ByteSource, allowsLineFeeds: Bool, paths: JSONPaths = JSONPaths()) {
        cursor = InputCursor(source: source)
        self.allowsLineFeeds = allowsLineFeeds
        self.paths = paths
        readsNested = !paths.containers.isEmpty
    }

    // MARK: - Records

    /// Reads the object at `pos` (its `{`) as a record's fields; `depth` is the object's nesting level.
    mutating func readFields(depth: Int) throws(ReadError) -> [RawField] {
        cursor.pos &+= 1
        var fields: [RawField] = []
        fields.reserveCapacity(expectedFieldCount)
        var byte = try skipWhitespace()
        if byte == .closeBrace {
            cursor.pos &+= 1
            return fields
        }
        while true {
            guard byte == .quote else {
                if byte == .closeBrace {
                    throw cursor.error(
                        "unexpected ',' after the last field of an object (trailing comma)", at: commaLocation)
                }
                throw unexpected(expecting: "a field name in double quotes")
            }
            let nameLocation = cursor.location
            let name = try readName(position: fields.count)
            if name.byteCount > RawValue.maximumStringBytes {
                noteProblem(
                    "field name of \(name.byteCount) bytes; the longest allowed is \(RawValue.maximumStringBytes)",
                    at: nameLocation)
            }
            guard try skipWhitespace() == .colon else {
                throw unexpected(expecting: "':' after the field name")
            }
            cursor.pos &+= 1
            guard let first = try skipWhitespace() else { throw unexpected(expecting: "a value") }
            if readsNested && (first == .openBrace || first == .openBracket), let text = name.text,
                paths.containers.contains(FieldNames.key(text))
            {
                try readNested(path: text, depth: depth &+ 1, into: &fields)
            } else {
                let location = cursor.location
                append(
                    RawField(
                        name: name.text ?? "", value: try readFieldValue(first, depth: depth &+ 1), location: location),
                    to: &fields)
            }
            byte = try skipWhitespace()
            if byte == .comma {
                commaLocation = cursor.location
                cursor.pos &+= 1
                byte = try skipWhitespace()
            } else if byte == .closeBrace {
                cursor.pos &+= 1
                expectedFieldCount = fields.count
                return fields
            } else {
                throw unexpected(expecting: "',' or '}' after a field value")
            }
        }
    }

    /// Adds `field` to a record's `fields`, or notes that the record has too many.
    @inline(__always)
    private mutating func append(_ field: RawField, to fields: inout [RawField]) {
        if fields.count < RawRecord.maximumFieldCount {
            fields.append(field)
        } else {
            noteProblem("more than \(RawRecord.maximumFieldCount) fields in one record", at: field.location)
        }
    }

    /// Reads the object or array at `pos`, found at `path` in a record, for the values `paths` wants in it: each
    /// becomes a field named by its path (`player.name`, `statistics.0`), the containers on the way to one are read
    /// the same way, and anything else is checked and skipped (or kept as a field, when `paths.keepsOthers`). Recursive, but only as deep as the longest path a
    /// mapping names; `depth` is the container's nesting level.
    private mutating func readNested(path: String, depth: Int, into fields: inout [RawField]) throws(ReadError) {
        guard depth <= JSONValueParser.maximumDepth else {
            throw cursor.error("nesting deeper than \(JSONValueParser.maximumDepth) levels", at: cursor.pos)
        }
        let closer: UInt8 = cursor.base[cursor.pos] == .openBrace ? .closeBrace : .closeBracket
        cursor.pos &+= 1
        var byte = try skipWhitespace()
        if byte == closer {
            cursor.pos &+= 1
            return
        }
        var index = 0
        while true {
            let childPath: String
            var first = byte
            if closer == .closeBrace {
                guard byte == .quote else { throw unexpected(expecting: "a field name in double quotes") }
                let name = try readString(storing: true)
                guard try skipWhitespace() == .colon else { throw unexpected(expecting: "':' after the field name") }
                cursor.pos &+= 1
                first = try skipWhitespace()
                childPath = path + "." + (name.text ?? "")
            } else {
                childPath = path + "." + String(index)
            }
            guard let first else { throw unexpected(expecting: "a value") }
            let key = FieldNames.key(childPath)
            if (first == .openBrace || first == .openBracket) && paths.containers.contains(key) {
                try readNested(path: childPath, depth: depth &+ 1, into: &fields)
            } else if paths.values.contains(key) || paths.keepsOthers {
                let location = cursor.location
                append(
                    RawField(name: childPath, value: try readFieldValue(first, depth: depth &+ 1), location: location),
                    to: &fields)
            } else if first == .openBrace || first == .openBracket {
                try skipContainer(depth: depth &+ 1)
            } else {
                _ = try skipNonObject(first, depth: depth &+ 1)
            }
            index &+= 1
            byte = try skipWhitespace()
            if byte == .comma {
                commaLocation = cursor.location
                cursor.pos &+= 1
                byte = try skipWhitespace()
                if byte == closer {
                    let what = closer == .closeBracket ? "element of an array" : "field of an object"
                    throw cursor.error("unexpected ',' after the last \(what) (trailing comma)", at: commaLocation)
                }
            } else if byte == closer {
                cursor.pos &+= 1
                return
            } else {
                throw unexpected(
                    expecting: closer == .closeBracket
                        ? "',' or ']' after an array element" : "',' or '}' after a field value")
            }
        }
    }

    /// A field name of the previous record, with its first 16 bytes as two little-endian words (zero-padded).
    private struct CachedName {
        var head: UInt64
        var tail: UInt64
        var count: Int
        var name: String
    }

    /// Reads the field name at `pos` (its quote), which is at `position` in the record.
    @inline(__always)
    private mutating func readName(position: Int) throws(ReadError) -> (text: String?, byteCount: Int) {
        let base = cursor.base
        let end = cursor.end
        let start = cursor.pos &+ 1
        // Most names repeat those of the previous record: the name there, if the bytes here are the same and a quote
        // follows them, found with two word comparisons and no scan. A name is cached only when its bytes stand for
        // themselves (printable ASCII, no quote or backslash), so that equal bytes here are the same name.
        if position < previousNames.count {
            let count = previousNames[position].count
            if start &+ 16 <= end && start &+ count < end && base[start &+ count] == .quote {
                let raw = UnsafeRawPointer(base + start)
                var head = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
                var tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                if count < 8 {
                    head &= (1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1
                    tail = 0
                } else if count < 16 {
                    tail &= (1 &<< UInt64(truncatingIfNeeded: (count &- 8) &* 8)) &- 1
                }
                if previousNames[position].head == head && previousNames[position].tail == tail {
                    cursor.pos = start &+ count &+ 1
                    return (previousNames[position].name, count)
                }
            }
        }
        // Past the limit of fields, names are checked but not kept.
        let name = try readString(storing: position < RawRecord.maximumFieldCount)
        if let text = name.text, name.byteCount <= 16,
            text.utf8.allSatisfy({ $0 >= .space && $0 < 0x80 && $0 != .quote && $0 != .backslash })
        {
            var cached = CachedName(head: 0, tail: 0, count: name.byteCount, name: text)
            for (offset, byte) in text.utf8.enumerated() {
                if offset < 8 {
                    cached.head |= UInt64(byte) &<< UInt64(offset &* 8)
                } else {
                    cached.tail |= UInt64(byte) &<< UInt64((offset &- 8) &* 8)
                }
            }
            if position < previousNames.count {
                previousNames[position] = cached
            } else if position == previousNames.count {
                previousNames.append(cached)
            }
        }
        return name
    }

    /// Reads and checks a value that should have been an object (its first byte is `first`); returns what it was,
    /// as "a number", for the message that rejects it.
    mutating func skipNonObject(_ first: UInt8, depth: Int) throws(ReadError) -> String {
        switch first {
        case .openBracket:
            try skipContainer(depth: depth)
            return "an array"
        case .quote:
            _ = try readString(storing: false)
            return "a string"
        case .minus, .zero...(.nine):
            _ = try readNumber(storing: false)
            return "a number"
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return try readLiteral() == .null ? "null" : "a boolean"
        default:
            throw valueError()
        }
    }

    /// Reads a field's value, whose first byte is `first`; `depth` is the nesting level an array or object there
    /// would have.
    @inline(__always)
    private mutating func readFieldValue(_ first: UInt8, depth: Int) throws(ReadError) -> RawValue {
        switch first {
        case .quote:
            let string = try readString(storing: true)
            guard let text = string.text else { return .oversizedString(byteCount: string.byteCount) }
            return .string(text)
        case .minus, .zero...(.nine):
            let location = cursor.location
            guard let text = try readNumber(storing: true) else {
                noteProblem("number longer than \(RawValue.maximumStringBytes) characters", at: location)
                return .null
            }
            return .number(text)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return try readLiteral()
        case .openBracket:
            try skipContainer(depth: depth)
            return .array
        case .openBrace:
            try skipContainer(depth: depth)
            return .object
        default:
            throw valueError()
        }
    }

    /// Keeps the first problem; the message is made only then, since a hostile input may repeat a problem millions
    /// of times.
    private mutating func noteProblem(_ message: @autoclosure () -> String, at location: SourceLocation) {
        if recordProblem == nil {
            recordProblem = cursor.error(message(), at: location, recoverable: true)
        }
    }

    // MARK: - Nested arrays and objects

    private enum ContainerState {
        /// Just after `[` or `{`: a value, a field name, or the closing bracket.
        case opened
        /// Just after a comma: a value or field name, not a closing bracket.
        case afterComma
        /// After a value: a comma or the closing bracket.
        case afterValue
    }

    /// Checks the syntax of the array or object at `pos`, whose nesting level is `depth`, and skips it. Iterative,
    /// with the open brackets on `closers`, so that any nesting fails cleanly at `maximumDepth`.
    mutating func skipContainer(depth: Int) throws(ReadError) {
        closers.removeAll(keepingCapacity: true)
        try open(depth: depth)
        var state = ContainerState.opened
        while true {
            guard let byte = try skipWhitespace(), let closer = closers.last else {
                throw unexpected(expecting: closers.last == .closeBrace ? "a field or '}'" : "a value or ']'")
            }
            switch state {
            case .opened, .afterComma:
                if byte == closer {
                    guard state == .opened else {
                        let what = closer == .closeBracket ? "element of an array" : "field of an object"
                        throw cursor.error("unexpected ',' after the last \(what) (trailing comma)", at: commaLocation)
                    }
                    try close()
                    if closers.isEmpty { return }
                    state = .afterValue
                    continue
                }
                var first = byte
                if closer == .closeBrace {
                    guard byte == .quote else { throw unexpected(expecting: "a field name in double quotes") }
                    _ = try readString(storing: false)
                    guard try skipWhitespace() == .colon else {
                        throw unexpected(expecting: "':' after the field name")
                    }
                    cursor.pos &+= 1
                    guard let valueStart = try skipWhitespace() else { throw unexpected(expecting: "a value") }
                    first = valueStart
                }
                switch first {
                case .openBracket, .openBrace:
                    try open(depth: depth &+ closers.count)
                    state = .opened
                case .quote:
                    _ = try readString(storing: false)
                    state = .afterValue
                case .minus, .zero...(.nine):
                    _ = try readNumber(storing: false)
                    state = .afterValue
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    _ = try readLiteral()
                    state = .afterValue
                default:
                    throw valueError()
                }
            case .afterValue:
                if byte == .comma {
                    commaLocation = cursor.location
                    cursor.pos &+= 1
                    state = .afterComma
                } else if byte == closer {
                    try close()
                    if closers.isEmpty { return }
                } else {
                    let what =
                        closer == .closeBracket
                        ? "',' or ']' after an array element"
                        : "',' or '}' after a field value"
                    throw unexpected(expecting: what)
                }
            }
        }
    }

    /// Enters the array or object at `pos`, at nesting level `depth`.
    private mutating func open(depth: Int) throws(ReadError) {
        guard depth <= JSONValueParser.maximumDepth else {
            throw cursor.error("nesting deeper than \(JSONValueParser.maximumDepth) levels", at: cursor.pos)
        }
        closers.append(cursor.base[cursor.pos] == .openBracket ? .closeBracket : .closeBrace)
        cursor.pos &+= 1
    }

    private mutating func close() throws(ReadError) {
        closers.removeLast()
        cursor.pos &+= 1
    }

    // MARK: - White space

    /// Skips white space and returns the byte after it, not consumed; nil at the end of the input. Where line feeds
    /// are not allowed, stops at one and returns it.
    @inline(__always)
    mutating func skipWhitespace() throws(ReadError) -> UInt8? {
        while true {
            let base = cursor.base
            let end = cursor.end
            var index = cursor.pos
            while index < end {
                let byte = base[index]
                if byte > .space {
                    cursor.pos = index
                    return byte
                }
                if byte == .space || byte == .tab || byte == .carriageReturn {
                    index &+= 1
                } else if byte == .lineFeed && allowsLineFeeds {
                    cursor.lineFeed(at: index)
                    index &+= 1
                } else {
                    cursor.pos = index
                    return byte
                }
            }
            cursor.pos = index
            guard try cursor.refill() else { return nil }
        }
    }

    // MARK: - Strings

    /// Reads the string whose opening quote is at `pos`. Returns its unescaped text, or nil when not `storing` or
    /// when longer than `RawValue.maximumStringBytes`, and its length in UTF-8 bytes either way.
    mutating func readString(storing: Bool) throws(ReadError) -> (text: String?, byteCount: Int) {
        let quoteLocation = cursor.location
        cursor.pos &+= 1
        var spilled = false
        while true {
            // The common case, plain text up to the closing quote, in one tight loop.
            let run = cursor.scanText { $0 < .space || $0 == .quote || $0 == .backslash }
            let base = cursor.base
            let end = cursor.end
            let index = cursor.pos
            if index < end && base[index] == .quote && !spilled {
                cursor.pos = index &+ 1
                guard storing && run.count <= RawValue.maximumStringBytes else { return (nil, run.count) }
                return (String(decoding: run, as: UTF8.self), run.count)
            }
            if !spilled {
                // Started only now: most strings never get here.
                pieces.start(keeping: storing)
                spilled = true
            }
            pieces.append(run)
            guard index < end else {
                guard try cursor.refill() else { throw cursor.error("unterminated string", at: quoteLocation) }
                continue
            }
            let byte = base[index]
            if byte == .quote {
                cursor.pos = index &+ 1
                return (pieces.text, pieces.byteCount)
            } else if byte == .backslash {
                pieces.append(try readEscape(stringAt: quoteLocation))
            } else if byte < .space {
                let control = InputCursor.quoted(Unicode.Scalar(byte))
                throw cursor.error("unescaped control character \(control) in a string", at: index)
            } else {
                // A UTF-8 sequence cut by the buffer's end, or an invalid one.
                pieces.append(try cursor.takeSequence())
            }
        }
    }

    /// Reads the escape at `pos` (its backslash) in the string whose quote is at `stringAt`.
    private mutating func readEscape(stringAt quoteLocation: SourceLocation) throws(ReadError) -> Unicode.Scalar {
        let location = cursor.location
        guard try cursor.ensure(2) else { throw cursor.error("unterminated string", at: quoteLocation) }
        let escaped = cursor.base[cursor.pos &+ 1]
        let simple: Unicode.Scalar? =
            switch escaped {
            case .quote: "\""
            case .backslash: "\\"
            case UInt8(ascii: "/"): "/"
            case UInt8(ascii: "b"): "\u{08}"
            case UInt8(ascii: "f"): "\u{0C}"
            case UInt8(ascii: "n"): "\n"
            case UInt8(ascii: "r"): "\r"
            case UInt8(ascii: "t"): "\t"
            default: nil
            }
        if let simple {
            cursor.pos &+= 2
            return simple
        }
        guard escaped == UInt8(ascii: "u") else {
            cursor.pos &+= 1
            let character = try cursor.scalar()
            let quoted = InputCursor.quoted(character)
            let shown =
                quoted.hasPrefix("'") || character == "'"
                ? "'\\\(character)'"
                : "'\\' followed by \(quoted)"
            throw cursor.error("invalid escape \(shown) in a string", at: location)
        }
        let first = try readUnicodeEscape(stringAt: quoteLocation)
        switch first.value {
        case 0xD800...0xDBFF:
            guard try cursor.ensure(2), cursor.base[cursor.pos] == .backslash,
                cursor.base[cursor.pos &+ 1] == UInt8(ascii: "u")
            else {
                throw cursor.error(
                    "lone surrogate '\(first.text)' in a string (not followed by a low surrogate)",
                    at: location)
            }
            let second = try readUnicodeEscape(stringAt: quoteLocation)
            guard (0xDC00...0xDFFF).contains(second.value) else {
                throw cursor.error(
                    "surrogate '\(first.text)' followed by '\(second.text)', which is not a low surrogate",
                    at: location)
            }
            let value = 0x10000 &+ (first.value &- 0xD800) << 10 &+ (second.value &- 0xDC00)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        case 0xDC00...0xDFFF:
            throw cursor.error(
                "lone surrogate '\(first.text)' in a string (a low surrogate without a high one before it)",
                at: location)
        default:
            return Unicode.Scalar(first.value) ?? "\u{FFFD}"
        }
    }

    /// Reads the `\uXXXX` escape at `pos`: its UTF-16 code unit and its text as written.
    private mutating func readUnicodeEscape(stringAt quoteLocation: SourceLocation) throws(ReadError)
        -> (value: UInt32, text: String)
    {
        let location = cursor.location
        _ = try cursor.ensure(6)
        var value: UInt32 = 0
        for offset in 2..<6 {
            let index = cursor.pos &+ offset
            guard index < cursor.end else { throw cursor.error("unterminated string", at: quoteLocation) }
            let byte = cursor.base[index]
            let digit: UInt8
            switch byte {
            case .zero...(.nine): digit = byte &- .zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default:
                // Show the escape as far as it is printable text.
                var shown = ""
                for shownIndex in cursor.pos..<min(cursor.pos &+ 6, cursor.end) {
                    let character = cursor.base[shownIndex]
                    guard character > .space && character < 0x7F && character != .quote else { break }
                    shown.unicodeScalars.append(Unicode.Scalar(character))
                }
                throw cursor.error("invalid escape '\(shown)' in a string (\\u takes four hex digits)", at: location)
            }
            value = value << 4 | UInt32(digit)
        }
        let text = String(decoding: UnsafeBufferPointer(start: cursor.base + cursor.pos, count: 6), as: UTF8.self)
        cursor.pos &+= 6
        return (value, text)
    }

    // MARK: - Numbers

    /// Where a number's grammar stands after the bytes read so far.
    private enum NumberState {
        case start, minus, zero, integer, point, fraction, exponentMark, exponentSign, exponent

        var isComplete: Bool {
            switch self {
            case .zero, .integer, .fraction, .exponent: true
            default: false
            }
        }
    }

    /// Reads the number at `pos` with RFC 8259's grammar, and returns its text as written: "" when not `storing`,
    /// nil when longer than `RawValue.maximumStringBytes`.
    mutating func readNumber(storing: Bool) throws(ReadError) -> String? {
        let startLocation = cursor.location
        var state = NumberState.start
        var spilled = false
        while true {
            let base = cursor.base
            let end = cursor.end
            let runStart = cursor.pos
            var index = runStart
            scan: while index < end {
                let byte = base[index]
                let isDigit = byte &- .zero < 10
                switch state {
                case .start:
                    state = byte == .minus ? .minus : byte == .zero ? .zero : .integer
                case .minus:
                    guard isDigit else { break scan }
                    state = byte == .zero ? .zero : .integer
                case .zero, .integer, .fraction:
                    if isDigit {
                        guard state != .zero else { break scan }
                        // Runs of digits are the bulk of a number.
                        index &+= 1
                        while index < end && base[index] &- .zero < 10 { index &+= 1 }
                        continue scan
                    }
                    if byte == .period && state != .fraction {
                        state = .point
                    } else if byte | 0x20 == UInt8(ascii: "e") {
                        state = .exponentMark
                    } else {
                        break scan
                    }
                case .point:
                    guard isDigit else { break scan }
                    state = .fraction
                case .exponentMark:
                    if byte == .plus || byte == .minus {
                        state = .exponentSign
                    } else {
                        guard isDigit else { break scan }
                        state = .exponent
                    }
                case .exponentSign:
                    guard isDigit else { break scan }
                    state = .exponent
                case .exponent:
                    guard isDigit else { break scan }
                }
                index &+= 1
            }
            cursor.pos = index
            let run = UnsafeBufferPointer(start: base + runStart, count: index &- runStart)
            // The number's text is kept for the error messages too, which quote it.
            if spilled { pieces.append(run) }
            let atEnd: Bool
            if index < end {
                atEnd = false
            } else {
                if !spilled {
                    pieces.start(keeping: true)
                    pieces.append(run)
                }
                spilled = true
                if try cursor.refill() { continue }
                atEnd = true
            }
            // The number stops here: at a byte that cannot continue it, or at the end of the input.
            guard state.isComplete && (atEnd || state != .zero || cursor.base[cursor.pos] &- .zero >= 10) else {
                if !spilled {
                    pieces.start(keeping: true)
                    pieces.append(run)
                }
                throw try numberError(state, startLocation: startLocation)
            }
            guard storing else { return "" }
            if spilled { return pieces.text }
            return run.count <= RawValue.maximumStringBytes ? String(decoding: run, as: UTF8.self) : nil
        }
    }

    /// The error for a number whose grammar fails at `pos`, in `state`; `pieces` holds the number's text so far.
    private mutating func numberError(_ state: NumberState, startLocation: SourceLocation) throws(ReadError)
        -> ReadError
    {
        let text = pieces.prefix(40)
        switch state {
        case .zero:
            // Quote the digits that follow the zero, as the reader wrote them, reading on past the buffer's end so
            // that the message does not depend on where a refill falls.
            var digits = ""
            while digits.utf8.count < 20, try cursor.hasByte(), cursor.base[cursor.pos] &- .zero < 10 {
                digits.unicodeScalars.append(Unicode.Scalar(cursor.base[cursor.pos]))
                cursor.pos &+= 1
            }
            return cursor.error("leading zero in number '\(text)\(digits)'", at: startLocation)
        case .minus:
            if try cursor.hasByte(), cursor.base[cursor.pos].isLetter {
                return literalError(word: "-" + (try readWord()), at: startLocation)
            }
            return unexpected(expecting: "a digit after '-' in number '\(text)'")
        case .point:
            return unexpected(expecting: "a digit after the decimal point in number '\(text)'")
        default:
            return unexpected(expecting: "a digit in the exponent of number '\(text)'")
        }
    }

    // MARK: - Literals

    /// Reads `true`, `false` or `null` at `pos`.
    mutating func readLiteral() throws(ReadError) -> RawValue {
        let index = cursor.pos
        let base = cursor.base
        // Fast path: the literal and the byte after it are in the buffer.
        if cursor.end &- index >= 6 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self)
            if word == JSONValueParser.trueWord && !base[index &+ 4].isWordByte {
                cursor.pos &+= 4
                return .bool(true)
            }
            if word == JSONValueParser.nullWord && !base[index &+ 4].isWordByte {
                cursor.pos &+= 4
                return .null
            }
            if word == JSONValueParser.falsWord && base[index &+ 4] == UInt8(ascii: "e")
                && !base[index &+ 5].isWordByte
            {
                cursor.pos &+= 5
                return .bool(false)
            }
        }
        let location = cursor.location
        let word = try readWord()
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: throw literalError(word: word, at: location)
        }
    }

    // "true", "null" and "fals" as a little-endian load of their bytes gives them.
    private static var trueWord: UInt32 { UInt32(littleEndian: 0x6575_7274) }
    private static var nullWord: UInt32 { UInt32(littleEndian: 0x6C6C_756E) }
    private static var falsWord: UInt32 { UInt32(littleEndian: 0x736C_6166) }

    /// Reads the letters, digits and underscores at `pos`; only the first 40 are kept.
    private mutating func readWord() throws(ReadError) -> String {
        var word = ""
        while try cursor.hasByte(), cursor.base[cursor.pos].isWordByte {
            if word.utf8.count < 40 { word.unicodeScalars.append(Unicode.Scalar(cursor.base[cursor.pos])) }
            cursor.pos &+= 1
        }
        return word
    }

    /// The error for a word where a value was expected.
    private func literalError(word: String, at location: SourceLocation) -> ReadError {
        switch word.lowercased() {
        case "nan", "-nan", "infinity", "-infinity", "inf", "-inf":
            return cursor.error("invalid value '\(word)': NaN and Infinity are not allowed in JSON", at: location)
        case "true", "false", "null":
            return cursor.error(
                "invalid value '\(word)': true, false and null are written in lower case", at: location)
        default:
            return cursor.error("expected a value, found '\(word)'", at: location)
        }
    }

    // MARK: - Errors

    /// The error for the byte at `pos`, which cannot start a value.
    mutating func valueError() -> ReadError {
        guard cursor.pos < cursor.end else { return unexpected(expecting: "a value") }
        let byte = cursor.base[cursor.pos]
        if byte.isLetter {
            let location = cursor.location
            do throws(ReadError) {
                return literalError(word: try readWord(), at: location)
            } catch {
                return error
            }
        }
        switch byte {
        case .plus: return cursor.error("unexpected '+': JSON numbers take no plus sign", at: cursor.pos)
        case .period:
            return cursor.error("unexpected '.': JSON numbers need a digit before the decimal point", at: cursor.pos)
        default: return unexpected(expecting: "a value")
        }
    }

    /// The error for what is at `pos` where `expected` should be, quoting it.
    mutating func unexpected(expecting expected: String) -> ReadError {
        let location = cursor.location
        do throws(ReadError) {
            guard try cursor.hasByte() else {
                return cursor.error("expected \(expected), found the end of the input", at: location)
            }
            switch cursor.base[cursor.pos] {
            case UInt8(ascii: "/"), UInt8(ascii: "#"):
                let mark = InputCursor.quoted(Unicode.Scalar(cursor.base[cursor.pos]))
                return cursor.error("unexpected \(mark): comments are not allowed in JSON", at: location)
            case UInt8(ascii: "'"):
                return cursor.error("unexpected \"'\": JSON strings take double quotes", at: location)
            case .lineFeed where !allowsLineFeeds:
                return cursor.error("expected \(expected), found the end of the line", at: location)
            default:
                return cursor.error("expected \(expected), found \(try cursor.foundDescription())", at: location)
            }
        } catch {
            return error
        }
    }
}
