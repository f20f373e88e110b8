import RosterFormats
import Testing

/// A small deterministic generator (SplitMix64), so that a failure can be replayed.
private struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

/// Bytes that matter to the grammars: quotes, escapes, brackets, line breaks, NUL, UTF-8 lead and continuation
/// bytes, and bytes never valid in UTF-8.
private let meaningfulBytes: [UInt8] = [
    0x22, 0x5C, 0x5B, 0x5D, 0x7B, 0x7D, 0x2C, 0x3A, 0x0A, 0x0D, 0x00, 0xC3, 0xE2, 0xF0, 0xFF, 0x80, 0xBF, 0xED,
    0xEF, 0xBB, 0x75, 0x30, 0x2D, 0x65, 0x2E, 0x20, 0x6E,
]

@Suite struct MutatedInputTests {
    /// Damages the sample files at random, many times: whatever the bytes, readers must not crash, must point
    /// inside the input, must number records in order, and must give the same results wherever refills fall.
    @Test(arguments: [
        (InputFormat.json, sampleJSON), (.ndjson, sampleNDJSON), (.csv, sampleCSV),
    ])
    func damagedInputsGiveConsistentResults(_ format: InputFormat, _ sample: String) {
        var random = SplitMix64(state: 20_240_601)
        for iteration in 0..<1_500 {
            var bytes = Array(sample.utf8)
            for _ in 0...random.below(5) {
                let index = random.below(bytes.count + 1)
                switch random.below(4) {
                case 0 where index < bytes.count: bytes[index] = meaningfulBytes[random.below(meaningfulBytes.count)]
                case 1: bytes.insert(meaningfulBytes[random.below(meaningfulBytes.count)], at: index)
                case 2 where index < bytes.count: bytes.remove(at: index)
                default: bytes = Array(bytes[..<index])
                }
            }
            let outcomes = readAll(format, bytes: bytes)
            let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
            var lastNumber = 0
            for outcome in outcomes {
                switch outcome {
                case .record(let record):
                    #expect(record.number > lastNumber, "iteration \(iteration)")
                    lastNumber = record.number
                case .error(let error):
                    #expect(error.location.line <= lines && error.location.column >= 1, "iteration \(iteration)")
                    if let number = error.recordNumber {
                        #expect(number >= lastNumber, "iteration \(iteration)")
                        lastNumber = number
                    }
                }
            }
            let bufferSize = ByteSource.minimumBufferSize + random.below(24)
            #expect(
                readAll(format, bytes: bytes, bufferSize: bufferSize) == outcomes,
                "iteration \(iteration), buffer of \(bufferSize) bytes")
        }
    }
}
