/// A reading position in a `ByteSource`, with the line, column and UTF-8 bookkeeping all readers share.
///
/// Readers scan `base[pos..<end]` directly and call `refill()` only when they run out of bytes. Columns are not
/// counted byte by byte: a column is the distance in bytes from the line's start, less the UTF-8 continuation bytes
/// seen on the line, which readers count as they validate multi-byte sequences.
struct InputCursor {
    let source: ByteSource
    let base: UnsafePointer<UInt8>
    /// Index in the buffer of the next byte to read.
    var pos: Int
    /// Index in the buffer just past the last byte read.
    var end: Int
    /// Offset in the input of `base[0]`.
    var origin: Int
    var line = 1
    /// Offset in the input of the current line's first byte.
    var lineStart: Int
    /// UTF-8 continuation bytes between `lineStart` and the bytes scanned so far.
    var continuationBytes = 0
    /// The record being read, for the errors met inside it.
    var record: Int?

    init(source: ByteSource) {
        self.source = source
        base = source.base
        pos = source.start
        end = source.end
        origin = source.origin
        lineStart = source.origin + source.start
    }

    /// Bytes of the input consumed so far.
    var offset: Int { origin + pos }

    /// The location of buffer index `index`, which must be on the current line and not past the bytes scanned.
    @inline(__always)
    func location(at index: Int) -> SourceLocation {
        SourceLocation(line: line, column: origin &+ index &- lineStart &- continuationBytes &+ 1)
    }

    var location: SourceLocation { location(at: pos) }

    /// Notes the line feed at buffer index `index`: the next line starts after it.
    @inline(__always)
    mutating func lineFeed(at index: Int) {
        line += 1
        lineStart = origin + index + 1
        continuationBytes = 0
    }

    /// True when a byte is available at `pos`, reading more input if needed.
    @inline(__always)
    mutating func hasByte() throws(ReadError) -> Bool {
        pos < end ? true : try refill()
    }

    /// Reads more input after `pos`; the bytes before `pos` are given up, so buffer indices other than `pos` become
    /// stale. False at the end of the input.
    @inline(never)
    mutating func refill() throws(ReadError) -> Bool {
        source.consume(upTo: pos)
        let more: Bool
        do throws(ReadError) {
            more = try source.refill()
        } catch {
            throw ReadError(
                kind: error.kind, message: error.message, location: location, recordNumber: record,
                isRecoverable: false)
        }
        pos = source.start
        end = source.end
        origin = source.origin
        return more
    }

    /// Makes `count` bytes available from `pos` when the input has them; false when it ends sooner.
    @inline(__always)
    mutating func ensure(_ count: Int) throws(ReadError) -> Bool {
        while end - pos < count {
            guard try refill() else { return false }
        }
        return true
    }

    /// A malformed-input error at `location`, belonging to the current record.
    func error(_ message: String, at location: SourceLocation, recoverable: Bool = false) -> ReadError {
        ReadError(message: message, location: location, recordNumber: record, isRecoverable: recoverable)
    }

    /// A malformed-input error at buffer index `index`.
    func error(_ message: String, at index: Int) -> ReadError {
        error(message, at: location(at: index))
    }

    // MARK: - Encoding

    /// Skips a UTF-8 byte order mark at the start of the input, and rejects UTF-16 and UTF-32, which would
    /// otherwise give a confusing error further on.
    mutating func skipByteOrderMark() throws(ReadError) {
        _ = try ensure(4)
        let available = end - pos
        if available >= 3 && base[pos] == 0xEF && base[pos + 1] == 0xBB && base[pos + 2] == 0xBF {
            pos += 3
            lineStart = offset
            return
        }
        let first = available > 0 ? base[pos] : 0
        if available >= 2 && (first == 0xFF && base[pos + 1] == 0xFE || first == 0xFE && base[pos + 1] == 0xFF) {
            let mark = first == 0xFF ? "FF FE" : "FE FF"
            throw error(
                "the input starts with a UTF-16 byte order mark (\(mark)); rosterdb reads UTF-8: convert the file, "
                    + "for example with iconv -f UTF-16 -t UTF-8", at: pos)
        }
        for index in pos..<min(end, pos + 4) where base[index] == 0 {
            throw error(
                "the input has NUL bytes at its start, as UTF-16 text has; rosterdb reads UTF-8: convert the file, "
                    + "for example with iconv -f UTF-16 -t UTF-8", at: pos)
        }
    }

    /// The length of the valid multi-byte UTF-8 sequence at `index` (`base[index] >= 0x80`), 0 when it is invalid,
    /// or -1 when it may be valid but runs past `end`.
    @inline(__always)
    static func sequenceLength(_ base: UnsafePointer<UInt8>, _ index: Int, _ end: Int) -> Int {
        let lead = base[index]
        if lead < 0xE0 {
            guard lead >= 0xC2 else { return 0 }
            guard index &+ 1 < end else { return -1 }
            return base[index &+ 1] & 0xC0 == 0x80 ? 2 : 0
        }
        if lead < 0xF0 {
            guard index &+ 2 < end else { return index &+ 1 < end && !secondByteFits(lead, base[index &+ 1]) ? 0 : -1 }
            let second = base[index &+ 1]
            return secondByteFits(lead, second) && base[index &+ 2] & 0xC0 == 0x80 ? 3 : 0
        }
        guard lead < 0xF5 else { return 0 }
        guard index &+ 3 < end else { return -1 }
        return secondByteFits(lead, base[index &+ 1]) && base[index &+ 2] & 0xC0 == 0x80
            && base[index &+ 3] & 0xC0 == 0x80 ? 4 : 0
    }

    /// Moves `pos` over plain text: the ASCII bytes `stops` lets through and the valid UTF-8 sequences whole in the
    /// buffer. Stops at a byte `stops` picks, at an invalid or cut sequence, or at `end`; returns the bytes passed.
    /// The hot loop of every reader's strings and cells, inlined so that `stops` compiles into it.
    @inline(__always)
    mutating func scanText(stoppingAt stops: (UInt8) -> Bool) -> UnsafeBufferPointer<UInt8> {
        let base = base
        let end = end
        let runStart = pos
        var index = runStart
        var continuationBytes = continuationBytes
        while index < end {
            let byte = base[index]
            if byte < 0x80 {
                if stops(byte) { break }
                index &+= 1
                continue
            }
            let length = InputCursor.sequenceLength(base, index, end)
            guard length > 0 else { break }
            continuationBytes &+= length &- 1
            index &+= length
        }
        pos = index
        self.continuationBytes = continuationBytes
        return UnsafeBufferPointer(start: base + runStart, count: index &- runStart)
    }

    /// Whether `second` may follow `lead` (0xE0...0xF4): the ranges that exclude overlong encodings, surrogates and
    /// code points above U+10FFFF.
    @inline(__always)
    private static func secondByteFits(_ lead: UInt8, _ second: UInt8) -> Bool {
        switch lead {
        case 0xE0: return second >= 0xA0 && second <= 0xBF
        case 0xED: return second >= 0x80 && second <= 0x9F
        case 0xF0: return second >= 0x90 && second <= 0xBF
        case 0xF4: return second >= 0x80 && second <= 0x8F
        default: return second & 0xC0 == 0x80
        }
    }

    /// Checks the UTF-8 sequence at `pos` (`base[pos] >= 0x80`), reading more input if it is cut by the buffer's
    /// end; returns its length, `pos` unchanged, or throws the error that describes it. Bytes before `pos` may be
    /// given up.
    mutating func validateSequence() throws(ReadError) -> Int {
        _ = try ensure(4)
        let length = InputCursor.sequenceLength(base, pos, end)
        if length > 0 { return length }
        throw utf8Error()
    }

    /// Checks the UTF-8 sequence at `pos` as `validateSequence()` does, moves past it and returns its bytes, which
    /// stay valid until the next refill.
    mutating func takeSequence() throws(ReadError) -> UnsafeBufferPointer<UInt8> {
        let length = try validateSequence()
        let sequence = UnsafeBufferPointer(start: base + pos, count: length)
        continuationBytes &+= length &- 1
        pos &+= length
        return sequence
    }

    /// The error for the invalid UTF-8 sequence at `pos`, with at least 4 bytes available unless the input ends.
    func utf8Error() -> ReadError {
        let lead = base[pos]
        func hex(_ byte: UInt8) -> String {
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0x0" + digits : "0x" + digits
        }
        switch lead {
        case 0x80...0xBF:
            return error("invalid UTF-8 byte \(hex(lead)) (a continuation byte without a lead byte)", at: pos)
        case 0xC0, 0xC1:
            return error("invalid UTF-8 byte \(hex(lead)) (overlong encoding)", at: pos)
        case 0xF5...0xFF:
            return error("invalid UTF-8 byte \(hex(lead)) (never used in UTF-8)", at: pos)
        default:
            break
        }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var bytes = [hex(lead)]
        var index = pos + 1
        while index < pos + length {
            guard index < end else {
                return error(
                    "invalid UTF-8 sequence \(bytes.joined(separator: " ")) (cut short by the end of the input)",
                    at: pos)
            }
            let byte = base[index]
            bytes.append(hex(byte))
            if index == pos + 1 && lead >= 0xE0 && byte & 0xC0 == 0x80 && !InputCursor.secondByteFits(lead, byte) {
                let reason =
                    switch lead {
                    case 0xED: "encoded surrogate"
                    case 0xF4: "code point above U+10FFFF"
                    default: "overlong encoding"
                    }
                return error("invalid UTF-8 sequence \(bytes.joined(separator: " ")) (\(reason))", at: pos)
            }
            if byte & 0xC0 != 0x80 {
                return error(
                    "invalid UTF-8 sequence \(bytes.joined(separator: " ")) (\(hex(lead)) starts a \(length)-byte "
                        + "sequence)", at: pos)
            }
            index += 1
        }
        return error("invalid UTF-8 sequence \(bytes.joined(separator: " "))", at: pos)
    }

    // MARK: - Describing what was found

    /// What is at `pos`, for "expected …, found …" messages: a quoted character, or the end of the input. Throws
    /// the UTF-8 error instead when the bytes there are not UTF-8.
    mutating func foundDescription() throws(ReadError) -> String {
        guard try hasByte() else { return "the end of the input" }
        return try InputCursor.quoted(scalar())
    }

    /// The Unicode scalar at `pos`, which must be available; throws when the bytes there are not UTF-8.
    mutating func scalar() throws(ReadError) -> Unicode.Scalar {
        let lead = base[pos]
        if lead < 0x80 { return Unicode.Scalar(lead) }
        let length = try validateSequence()
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for index in pos + 1..<pos + length {
            value = value << 6 | UInt32(base[index] & 0x3F)
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// `'x'` for a visible character, `U+0009 (tab)` for one that cannot be seen.
    static func quoted(_ scalar: Unicode.Scalar) -> String {
        if scalar == "'" { return "\"'\"" }
        switch scalar.value {
        case 0x09: return "U+0009 (tab)"
        case 0x0A: return "U+000A (line feed)"
        case 0x0D: return "U+000D (carriage return)"
        case 0x00: return "U+0000 (NUL)"
        case 0x21...0x7E: return "'\(scalar)'"
        case 0x00...0x7F: return scalar.codePoint
        default: break
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator,
            .paragraphSeparator, .nonspacingMark, .spacingMark, .enclosingMark:
            return scalar.codePoint
        default:
            return "'\(scalar)'"
        }
    }
}
