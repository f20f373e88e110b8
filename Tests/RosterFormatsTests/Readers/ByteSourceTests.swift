import Foundation
import Testing

@testable import RosterFormats

/// Runs `body` on the read end of a pipe into which another thread writes `bytes`, `chunk` bytes at a time, so
/// that reads return short counts as they do on real pipes and terminals.
private func withPipe<T>(_ bytes: [UInt8], chunk: Int, _ body: (Int32) -> T) -> T {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
        Issue.record("pipe() failed: \(errno)")
        return body(-1)
    }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    let writer = Thread {
        var offset = 0
        while offset < bytes.count {
            let count = min(chunk, bytes.count - offset)
            let written = bytes[offset..<offset + count].withUnsafeBytes { write(writeEnd, $0.baseAddress, count) }
            guard written > 0 else { break }
            offset += written
        }
        close(writeEnd)
    }
    writer.start()
    defer { close(readEnd) }
    return body(readEnd)
}

private func readAll(_ format: InputFormat, descriptor: Int32, bufferSize: Int) -> [ReadOutcome] {
    var reader = makeRecordReader(format, source: ByteSource(descriptor: descriptor, bufferSize: bufferSize))
    return readAll(&reader)
}

@Suite struct ByteSourceTests {
    @Test func readsInBufferSizedChunksAndKeepsWhatIsNotConsumed() throws {
        let source = ByteSource(bytes: Array(0..<40), bufferSize: 16)
        #expect(source.capacity == 16)
        #expect(source.unconsumed.isEmpty)
        #expect(try source.refill())
        #expect(Array(source.unconsumed) == Array(0..<16))
        source.consume(upTo: source.start + 10)
        #expect(source.bytesConsumed == 10)
        #expect(try source.refill())
        #expect(Array(source.unconsumed) == Array(10..<26))
        #expect(source.origin == 10 && source.start == 0)
        source.consume(upTo: source.end)
        #expect(try source.refill())
        #expect(Array(source.unconsumed) == Array(26..<40))
        source.consume(upTo: source.end + 5)
        #expect(source.bytesConsumed == 40)
        #expect(try source.refill() == false)
        #expect(source.isExhausted)
    }

    @Test func refillFailsWhenUnconsumedBytesFillTheBuffer() throws {
        let source = ByteSource(bytes: Array(repeating: 7, count: 20), bufferSize: 16)
        #expect(try source.refill())
        #expect(try source.refill() == false)
        #expect(!source.isExhausted)
        #expect(source.unconsumed.count == 16)
    }

    @Test func raisesTinyBuffersToTheMinimum() {
        #expect(ByteSource(bytes: [], bufferSize: 1).capacity == ByteSource.minimumBufferSize)
        #expect(ByteSource(bytes: Array(repeating: 1, count: 100)).capacity == 100)
        #expect(ByteSource(descriptor: 0).capacity == ByteSource.defaultBufferSize)
    }

    static let sniffCases: [(input: [UInt8], expected: UInt8?)] = [
        (Array("[{}]".utf8), UInt8(ascii: "[")),
        (Array(" \n\t\r{\"a\": 1}".utf8), UInt8(ascii: "{")),
        ([0xEF, 0xBB, 0xBF] + Array("  \n[".utf8), UInt8(ascii: "[")),
        (Array("name,goals".utf8), UInt8(ascii: "n")),
        ([], nil),
        (Array(" \r\n\t".utf8), nil),
        ([0xEF, 0xBB, 0xBF], nil),
        ([0xEF, 0xBB], 0xEF),
        ([0x20, 0xEF, 0xBB, 0xBF, 0x5B], 0xEF),
        ([0xFF, 0xFE, 0x5B, 0x00], 0xFF),
    ]

    @Test(arguments: sniffCases)
    func sniffsTheFirstNonBlankByte(_ input: [UInt8], _ expected: UInt8?) throws {
        for bufferSize in [nil, 16, 17] {
            #expect(try ByteSource(bytes: input, bufferSize: bufferSize).firstNonBlankByte() == expected)
        }
    }

    @Test func sniffingConsumesNothing() throws {
        let source = ByteSource(bytes: [0xEF, 0xBB, 0xBF] + Array(sampleJSON.utf8), bufferSize: 16)
        #expect(try source.firstNonBlankByte() == UInt8(ascii: "["))
        #expect(source.bytesConsumed == 0)
        var reader = makeRecordReader(InputFormat(sniffing: UInt8(ascii: "[")), source: source)
        #expect(readAll(&reader) == sampleJSONRecords)
    }

    @Test func sniffingLooksAtOneBufferOnly() throws {
        let input = Array(repeating: UInt8(ascii: " "), count: 40) + Array("[]".utf8)
        #expect(try ByteSource(bytes: input, bufferSize: 16).firstNonBlankByte() == nil)
        #expect(try ByteSource(bytes: input).firstNonBlankByte() == UInt8(ascii: "["))
    }

    @Test func makesTheReaderOfEachFormat() {
        let source = ByteSource(bytes: [])
        #expect(makeRecordReader(.json, source: source) is JSONArrayReader)
        #expect(makeRecordReader(.ndjson, source: source) is NDJSONReader)
        #expect(makeRecordReader(.csv, source: source) is CSVReader)
    }

    @Test(arguments: [
        (InputFormat.json, sampleJSON, sampleJSONRecords),
        (.ndjson, sampleNDJSON, sampleNDJSONOutcomes),
        (.csv, sampleCSV, sampleCSVRecords),
    ])
    func readsADescriptorWithRefillsInsideTokens(_ format: InputFormat, _ text: String, _ expected: [ReadOutcome]) {
        for bufferSize in smallBufferSizes {
            for chunk in [1, 5, 4096] {
                let outcomes = withPipe(Array(text.utf8), chunk: chunk) {
                    readAll(format, descriptor: $0, bufferSize: bufferSize)
                }
                #expect(outcomes == expected, "buffer of \(bufferSize) bytes, written \(chunk) bytes at a time")
            }
        }
    }

    @Test func readsALargeInputThroughADescriptorInFlatMemory() {
        // 2 MB of records through a 64 KiB buffer: records cross refills, and the buffer never grows.
        let line = "{\"name\": \"손흥민 Ødegaard\", \"note\": \"a\\\"b\\u00e9\", \"goals\": 12}\n"
        let count = 30_000
        let bytes = Array(String(repeating: line, count: count).utf8)
        let outcomes = withPipe(bytes, chunk: 65_536) { descriptor in
            let source = ByteSource(descriptor: descriptor, bufferSize: 65_536)
            var reader = NDJSONReader(source: source)
            var outcomes: [ReadOutcome] = []
            while let record = try? reader.next() {
                outcomes.append(.record(record))
            }
            #expect(source.capacity == 65_536)
            #expect(reader.bytesRead == bytes.count)
            return outcomes
        }
        #expect(outcomes.count == count)
        #expect(
            outcomes.last
                == record(
                    count, count, 1,
                    [
                        field("name", .string("손흥민 Ødegaard"), count, 10), field("note", .string("a\"bé"), count, 34),
                        field("goals", .number("12"), count, 57),
                    ]))
    }

    @Test func aFailedReadIsUnreadable() throws {
        // Reading a directory fails with EISDIR: the test's own directory, inside the repository.
        let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/") ?? #filePath.endIndex))
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let expected = ReadError(
            kind: .unreadable, message: "cannot read the input: Is a directory", location: at(1, 1), recordNumber: nil,
            isRecoverable: false)
        #expect(throws: expected) { try ByteSource(descriptor: descriptor).firstNonBlankByte() }
        for format in InputFormat.allCases {
            #expect(readAll(format, descriptor: descriptor, bufferSize: 16) == [.error(expected)])
        }
    }
}
