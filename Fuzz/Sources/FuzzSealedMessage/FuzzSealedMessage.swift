import MizanFuzzChecks

/// libFuzzer's entry point: one input, checked by `FuzzChecks.sealedMessage`. A
/// broken property or a trap ends the process, which libFuzzer reports as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzChecks.sealedMessage(bytes)
    return 0
}
