import RosterModel

@testable import RosterFormats

/// Drives the record readers over one fuzz input the way `import` does, and checks the promises they make beyond
/// not crashing: they stop, they point inside the input, they number records in order, and where refills fall
/// changes nothing.
enum ReaderHarness {
    /// What one call of `next()` gave.
    enum Outcome: Hashable {
        case record(RawRecord)
        case error(ReadError)
    }

    /// A fixed day, so that a run does not depend on the date it runs on.
    static let validator = RecordValidator(latestBirthDate: CalendarDate(year: 2026, month: 6, day: 1)!, file: "fuzz")

    /// Reads `bytes` as `format` with buffers of several sizes (the smallest allowed, one that puts refills at
    /// input-dependent places, the input's own size and the default), validating every record, and traps when the
    /// outcomes differ or break a promise.
    static func check(_ format: InputFormat, _ bytes: [UInt8]) {
        let expected = read(format, bytes, bufferSize: nil)
        checkPromises(expected, bytes)
        let sizes = [
            ByteSource.minimumBufferSize, ByteSource.minimumBufferSize + bytes.count % 61,
            ByteSource.defaultBufferSize,
        ]
        for size in sizes {
            let outcomes = read(format, bytes, bufferSize: size)
            guard outcomes == expected else {
                fatalError(
                    "\(format): a buffer of \(size) bytes gives other outcomes than one of the input's size: "
                        + difference(outcomes, expected))
            }
        }
        // As `import` does without --format: sniffing first must leave the source as it was.
        let source = ByteSource(bytes: bytes, bufferSize: ByteSource.minimumBufferSize)
        if let first = try? source.firstNonBlankByte(), InputFormat(sniffing: first) == format {
            let outcomes = read(format, bytes, source: source)
            guard outcomes == expected else {
                fatalError(
                    "\(format): sniffing the format changes what the reader reads: "
                        + difference(outcomes, expected))
            }
        }
    }

    /// Every outcome of reading `bytes` to the end, each record also validated.
    static func read(_ format: InputFormat, _ bytes: [UInt8], bufferSize: Int?) -> [Outcome] {
        read(format, bytes, source: ByteSource(bytes: bytes, bufferSize: bufferSize))
    }

    /// Every outcome of reading `source`, which holds `bytes`, to the end.
    static func read(_ format: InputFormat, _ bytes: [UInt8], source: ByteSource) -> [Outcome] {
        var reader = makeRecordReader(format, source: source, headerCheck: RecordValidator.headerProblem)
        var validator = ReaderHarness.validator
        var outcomes: [Outcome] = []
        var unknown = Set<String>()
        // Each call consumes at least one byte or ends the input, so a reader that goes on longer never stops.
        for _ in 0...bytes.count + 1 {
            do {
                guard let record = try reader.next() else { return outcomes }
                precondition(reader.bytesRead <= bytes.count, "\(format): read past the end of the input")
                _ = validator.validate(record, unknown: &unknown)
                outcomes.append(.record(record))
            } catch {
                outcomes.append(.error(error))
                if !error.isRecoverable {
                    let after = try? reader.next()
                    precondition(after == nil, "\(format): a reader must return nil after a fatal error")
                    return outcomes
                }
            }
        }
        fatalError("\(format): the reader did not stop after \(bytes.count + 2) calls")
    }

    /// The first outcome that differs, for the crash report.
    static func difference(_ outcomes: [Outcome], _ expected: [Outcome]) -> String {
        for (index, (got, wanted)) in zip(outcomes, expected).enumerated() where got != wanted {
            return "outcome \(index + 1) is \(got), not \(wanted)"
        }
        return "\(outcomes.count) outcomes, not \(expected.count)"
    }

    /// Locations inside the input and records numbered in order.
    static func checkPromises(_ outcomes: [Outcome], _ bytes: [UInt8]) {
        let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
        var lastNumber = 0
        for outcome in outcomes {
            switch outcome {
            case .record(let record):
                precondition(record.number > lastNumber, "records must be numbered in order")
                lastNumber = record.number
                precondition(inside(record.location, lines: lines, bytes: bytes.count), "record at \(record.location)")
                for field in record.fields {
                    precondition(inside(field.location, lines: lines, bytes: bytes.count), "field at \(field.location)")
                }
            case .error(let error):
                precondition(
                    inside(error.location, lines: lines, bytes: bytes.count),
                    "error at \(error.location): \(error.message)")
                if let number = error.recordNumber {
                    precondition(number >= lastNumber, "error of record \(number) after record \(lastNumber)")
                    lastNumber = number
                }
            }
        }
    }

    private static func inside(_ location: RosterFormats.SourceLocation, lines: Int, bytes: Int) -> Bool {
        location.line >= 1 && location.line <= lines && location.column >= 1 && location.column <= bytes + 1
    }
}
