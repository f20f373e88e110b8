@testable import RosterFormats

/// libFuzzer's entry point: the input as CSV, read to the end with buffers of several sizes, every record
/// validated. Malformed input is expected; a trap, a leak or a hang is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    ReaderHarness.check(.csv, bytes)
    return 0
}
