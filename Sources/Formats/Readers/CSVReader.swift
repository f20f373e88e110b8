import RosterModel

/// Reads records from RFC 4180 CSV: a header row of field names, then one record a row.
///
/// Cells are separated by commas, or by another delimiter (`;`, a tab) given. Rows end with LF or CRLF, mixed as they
/// come; a lone CR is text. Quoted fields may hold delimiters, line breaks and
/// `""` for a quote. Completely empty lines are skipped. Cells become `.cell` values, empty ones (quoted or not)
/// `.null`.
///
/// Which errors are fatal: a problem in the header (an empty, duplicate or oversized column name, a control
/// character in one, too many columns, a required column missing), an unterminated quoted field (the rest of the
/// file would be read as one field) and a failed read. Every other problem concerns one row and is recoverable: a
/// row of the wrong width, invalid UTF-8, a quote inside an unquoted field, or text after a closing quote. The row
/// is read to its end all the same, taking the stray quote or text as part of the cell, and the problem reported
/// instead of it.
package struct CSVReader: RecordReader {
    private enum CellEnd {
        case delimiter, lineEnd, inputEnd
    }

    private var cursor: InputCursor
    private var header: [String] = []
    /// Checks the header's column names for what the caller's records need; returns a problem, or nil.
    private let headerCheck: ([String]) -> String?
    /// The byte between cells: a comma, or a semicolon or tab for files that say so.
    private let delimiter: UInt8
    private var started = false
    private var finished = false
    private var recordCount = 0
    /// The text of a cell that holds quotes or was cut by a refill.
    private var pieces = TextPieces()
    /// The first problem of the row being read, reported once the row is read.
    private var rowProblem: ReadError?
    /// Where the last row read ended, before its line break.
    private var rowEnd = SourceLocation(line: 1, column: 1)

    /// A reader of CSV from `source`, from the bytes it has not consumed yet. A header that `headerCheck` finds a
    /// problem in (one without a column every record needs) is refused before any row is read.
    package init(
        source: ByteSource, delimiter: UInt8 = .comma, headerCheck: @escaping ([String]) -> String? = { _ in nil }
    ) {
        cursor = InputCursor(source: source)
        self.delimiter = delimiter
        self.headerCheck = headerCheck
    }

    /// Bytes consumed from the source so far, a byte order mark included.
    package var bytesRead: Int { cursor.offset }

    /// The next record, as `RecordReader.next()` describes.
    package mutating func next() throws(ReadError) -> RawRecord? {
        guard !finished else { return nil }
        do throws(ReadError) {
            if !started {
                started = true
                try readHeader()
            }
            guard try skipEmptyLines() else {
                finished = true
                return nil
            }
            return try readRecord()
        } catch {
            rowProblem = nil
            if !error.isRecoverable { finished = true }
            throw error
        }
    }

    // MARK: - Rows

    private mutating func readHeader() throws(ReadError) {
        try cursor.skipByteOrderMark()
        guard try skipEmptyLines() else {
            throw cursor.error(
                "expected a header row of column names, found the end of the input",
                at: cursor.location)
        }
        let headerLocation = cursor.location
        var columns: [String: Int] = [:]
        while true {
            let location = cursor.location
            // Past the limit, cells are read only to find the row's end: neither kept nor compared, so that a
            // header of a million columns costs no memory.
            guard header.count < RawRecord.maximumFieldCount else {
                noteProblem("the header has more than \(RawRecord.maximumFieldCount) columns", at: location)
                if try readCell(storing: false).end != .delimiter { break }
                continue
            }
            let cell = try readCell(storing: true)
            let column = header.count + 1
            if let text = cell.text {
                let name = CSVReader.trimmed(text)
                if name.isEmpty {
                    noteProblem("empty column name in the header (column \(column))", at: location)
                } else if let control = name.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    // A file whose lines end with CR alone reads as one long header row.
                    let hint = control == "\r" ? "; rows must end with LF or CRLF, not CR alone" : ""
                    noteProblem(
                        "control character \(InputCursor.quoted(control)) in a column name of the header "
                            + "(column \(column))\(hint)", at: location)
                } else if let previous = columns[name] {
                    noteProblem(
                        "duplicate column name '\(name)' in the header: columns \(previous) and \(column)",
                        at: location)
                } else {
                    columns[name] = column
                }
                header.append(name)
            } else {
                noteProblem(
                    "column name of \(cell.byteCount) bytes in the header (column \(column)); the longest "
                        + "allowed is \(RawValue.maximumStringBytes)", at: location)
                header.append("")
            }
            if cell.end != .delimiter { break }
        }
        if rowProblem == nil, let message = headerCheck(header) {
            noteProblem(message, at: headerLocation)
        }
        if var problem = rowProblem {
            problem.isRecoverable = false
            throw problem
        }
    }

    private mutating func readRecord() throws(ReadError) -> RawRecord {
        recordCount += 1
        cursor.record = recordCount
        defer { cursor.record = nil }
        let location = cursor.location
        var fields: [RawField] = []
        fields.reserveCapacity(header.count)
        var cellCount = 0
        var firstExtraCell: SourceLocation?
        while true {
            let cellLocation = cursor.location
            let storing = cellCount < header.count
            let cell = try readCell(storing: storing)
            if storing {
                let value: RawValue =
                    if let text = cell.text {
                        text.isEmpty ? .null : .cell(text)
                    } else if cell.byteCount > RawValue.maximumStringBytes {
                        .oversizedString(byteCount: cell.byteCount)
                    } else {
                        .null
                    }
                fields.append(RawField(name: header[cellCount], value: value, location: cellLocation))
            } else if firstExtraCell == nil {
                firstExtraCell = cellLocation
            }
            cellCount += 1
            if cell.end != .delimiter { break }
        }
        let (number, width) = (recordCount, header.count)
        if cellCount != width {
            noteProblem(
                "record \(number) has \(cellCount) field\(cellCount == 1 ? "" : "s"); the header has \(width)",
                at: firstExtraCell ?? rowEnd)
        }
        if var problem = rowProblem {
            rowProblem = nil
            problem.isRecoverable = true
            throw problem
        }
        return RawRecord(number: recordCount, location: location, fields: fields)
    }

    /// Skips empty lines; false at the end of the input.
    private mutating func skipEmptyLines() throws(ReadError) -> Bool {
        while try cursor.hasByte() {
            switch cursor.base[cursor.pos] {
            case .lineFeed:
                cursor.lineFeed(at: cursor.pos)
                cursor.pos &+= 1
            case .carriageReturn:
                guard try cursor.ensure(2), cursor.base[cursor.pos &+ 1] == .lineFeed else { return true }
                cursor.lineFeed(at: cursor.pos &+ 1)
                cursor.pos &+= 2
            default:
                return true
            }
        }
        return false
    }

    /// Keeps the first problem; the message is made only then, since a hostile input may repeat a problem millions
    /// of times.
    private mutating func noteProblem(_ message: @autoclosure () -> String, at location: SourceLocation) {
        if rowProblem == nil {
            rowProblem = cursor.error(message(), at: location, recoverable: true)
        }
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }

    // MARK: - Cells

    /// Reads the cell at `pos` and the delimiter or line break after it. Returns its text (nil when not `storing`, too
    /// long, or not UTF-8) and its length in bytes.
    private mutating func readCell(storing: Bool) throws(ReadError)
        -> (text: String?, byteCount: Int, end: CellEnd)
    {
        var spilled = false
        var quoted = false
        let quoteLocation = cursor.location
        if try cursor.hasByte(), cursor.base[cursor.pos] == .quote {
            quoted = true
            cursor.pos &+= 1
        }
        // A local, since the scan's closure may not read `self` while the scan changes `cursor`.
        let delimiter = delimiter
        while true {
            // Plain text, in one tight loop; what stops it is handled below.
            let run = cursor.scanText { byte in
                byte == .quote || byte == .lineFeed || (!quoted && (byte == delimiter || byte == .carriageReturn))
            }
            let base = cursor.base
            let end = cursor.end
            let index = cursor.pos
            // The common case: an unquoted cell ended by a comma or LF, all in the buffer.
            if !spilled && !quoted && index < end && (base[index] == delimiter || base[index] == .lineFeed) {
                let text =
                    storing && run.count <= RawValue.maximumStringBytes
                    ? String(decoding: run, as: UTF8.self) : nil
                return (text, run.count, finishCell(at: index))
            }
            // The same for a quoted cell without quotes inside.
            if !spilled && quoted && index &+ 1 < end && base[index] == .quote
                && (base[index &+ 1] == delimiter || base[index &+ 1] == .lineFeed)
            {
                let text =
                    storing && run.count <= RawValue.maximumStringBytes
                    ? String(decoding: run, as: UTF8.self) : nil
                return (text, run.count, finishCell(at: index &+ 1))
            }
            if !spilled {
                // Started only now: most cells never get here.
                pieces.start(keeping: storing)
                spilled = true
            }
            pieces.append(run)
            guard index < end else {
                if try cursor.refill() { continue }
                if quoted {
                    throw ReadError(
                        message: "unterminated quoted field: the quote opened at \(quoteLocation) is never closed",
                        location: quoteLocation, recordNumber: cursor.record, isRecoverable: false)
                }
                rowEnd = cursor.location
                return (pieces.text, pieces.byteCount, .inputEnd)
            }
            let byte = base[index]
            if !quoted && (byte == delimiter || byte == .lineFeed) {
                return (pieces.text, pieces.byteCount, finishCell(at: index))
            }
            if byte >= 0x80 {
                do throws(ReadError) {
                    pieces.append(try cursor.takeSequence())
                } catch {
                    guard error.kind == .malformed else { throw error }
                    noteProblem(error.message, at: error.location)
                    pieces.drop()
                    cursor.pos &+= 1
                }
            } else if byte == .lineFeed {
                // Only in a quoted cell: a line break that is text.
                cursor.lineFeed(at: index)
                cursor.pos &+= 1
                pieces.append(.lineFeed)
            } else if byte == .carriageReturn {
                // Only outside quotes: a line break if LF follows, else text.
                if try cursor.ensure(2), cursor.base[cursor.pos &+ 1] == .lineFeed {
                    rowEnd = cursor.location
                    cursor.lineFeed(at: cursor.pos &+ 1)
                    cursor.pos &+= 2
                    return (pieces.text, pieces.byteCount, .lineEnd)
                }
                pieces.append(.carriageReturn)
                cursor.pos &+= 1
            } else if !quoted {
                noteProblem(
                    "unexpected '\"' in an unquoted field; a field that holds quotes must be enclosed in "
                        + "quotes, and its quotes doubled", at: cursor.location)
                pieces.append(.quote)
                cursor.pos &+= 1
            } else {
                // A quote in a quoted cell: a doubled quote, or the closing one.
                if try cursor.ensure(2), cursor.base[cursor.pos &+ 1] == .quote {
                    pieces.append(.quote)
                    cursor.pos &+= 2
                    continue
                }
                cursor.pos &+= 1
                quoted = false
                guard try cursor.ensure(2) || cursor.pos < cursor.end else {
                    rowEnd = cursor.location
                    return (pieces.text, pieces.byteCount, .inputEnd)
                }
                let next = cursor.base[cursor.pos]
                let endsLine =
                    next == .carriageReturn && cursor.end - cursor.pos >= 2
                    && cursor.base[cursor.pos &+ 1] == .lineFeed
                if next != delimiter && next != .lineFeed && !endsLine {
                    let location = cursor.location
                    do throws(ReadError) {
                        let found = try cursor.foundDescription()
                        noteProblem(
                            "unexpected \(found) after the closing quote of a field; expected ',' or the "
                                + "end of the line", at: location)
                    } catch {
                        guard error.kind == .malformed else { throw error }
                        noteProblem(error.message, at: error.location)
                    }
                    // Reading goes on as unquoted text, so that the row ends where it seems to.
                }
            }
        }
    }

    /// Consumes the delimiter or LF at buffer index `index` that ends a cell.
    @inline(__always)
    private mutating func finishCell(at index: Int) -> CellEnd {
        cursor.pos = index &+ 1
        if cursor.base[index] == delimiter { return .delimiter }
        rowEnd = cursor.location(at: index)
        cursor.lineFeed(at: index)
        return .lineEnd
    }
}
