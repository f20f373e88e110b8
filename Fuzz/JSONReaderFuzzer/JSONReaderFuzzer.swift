@testable import RosterFormats

/// libFuzzer's entry point: the input as a JSON array and as NDJSON, read to the end with buffers of several sizes,
/// every record validated. Malformed input is expected; a trap, a leak or a hang is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    ReaderHarness.check(.json, bytes)
    ReaderHarness.check(.ndjson, bytes)
    return 0
}
