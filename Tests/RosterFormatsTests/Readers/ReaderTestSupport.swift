import Testing

@testable import RosterFormats

/// What one call of `next()` gave: a record, or an error.
enum ReadOutcome: Hashable, CustomStringConvertible {
    case record(RawRecord)
    case error(ReadError)

    var description: String {
        switch self {
        case .record(let record):
            let fields = record.fields.map { "\($0.name)=\($0.value)@\($0.location.line):\($0.location.column)" }
            let location = "\(record.location.line):\(record.location.column)"
            return "record \(record.number)@\(location) [\(fields.joined(separator: ", "))]"
        case .error(let error):
            let kind = error.isRecoverable ? "recoverable" : "fatal"
            let location = "\(error.location.line):\(error.location.column)"
            let number = error.recordNumber.map(String.init) ?? "-"
            return "\(kind) error@\(location) record \(number): \(error.message)"
        }
    }

    var record: RawRecord? {
        if case .record(let record) = self { return record }
        return nil
    }

    var error: ReadError? {
        if case .error(let error) = self { return error }
        return nil
    }
}

/// Reads `bytes` as `format` to the end: every record and error, in order. Stops after a fatal error, checking that
/// the reader then returns nil, as promised.
func readAll(_ format: InputFormat, bytes: [UInt8], bufferSize: Int? = nil) -> [ReadOutcome] {
    var reader = makeRecordReader(format, source: ByteSource(bytes: bytes, bufferSize: bufferSize))
    return readAll(&reader)
}

func readAll(_ format: InputFormat, _ text: String, bufferSize: Int? = nil) -> [ReadOutcome] {
    readAll(format, bytes: Array(text.utf8), bufferSize: bufferSize)
}

func readAll(_ reader: inout any RecordReader) -> [ReadOutcome] {
    var outcomes: [ReadOutcome] = []
    // A bound, so that a reader that never ends fails the test instead of hanging it.
    for _ in 0..<100_000 {
        do {
            guard let record = try reader.next() else { return outcomes }
            outcomes.append(.record(record))
        } catch {
            outcomes.append(.error(error))
            if !error.isRecoverable {
                do {
                    let after = try reader.next()
                    #expect(after == nil, "a reader must return nil after a fatal error")
                } catch {
                    Issue.record("a reader must return nil after a fatal error, not throw \(error)")
                }
                return outcomes
            }
        }
    }
    Issue.record("the reader did not stop")
    return outcomes
}

/// Only the records of `outcomes`.
func records(_ outcomes: [ReadOutcome]) -> [RawRecord] {
    outcomes.compactMap(\.record)
}

func at(_ line: Int, _ column: Int) -> RosterFormats.SourceLocation {
    RosterFormats.SourceLocation(line: line, column: column)
}

func field(_ name: String, _ value: RawValue, _ line: Int, _ column: Int) -> RawField {
    RawField(name: name, value: value, location: at(line, column))
}

func record(_ number: Int, _ line: Int, _ column: Int, _ fields: [RawField]) -> ReadOutcome {
    .record(RawRecord(number: number, location: at(line, column), fields: fields))
}

func fatal(_ message: String, _ line: Int, _ column: Int, record: Int? = nil) -> ReadOutcome {
    .error(ReadError(message: message, location: at(line, column), recordNumber: record, isRecoverable: false))
}

func recoverable(_ message: String, _ line: Int, _ column: Int, record: Int?) -> ReadOutcome {
    .error(ReadError(message: message, location: at(line, column), recordNumber: record, isRecoverable: true))
}

/// Buffer sizes that put refills at every offset of short inputs, from the smallest allowed up.
let smallBufferSizes = Array(ByteSource.minimumBufferSize...48) + [61, 64, 97, 128]
