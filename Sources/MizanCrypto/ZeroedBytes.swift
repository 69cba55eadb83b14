extension Array where Element == UInt8 {
    /// `count` zero bytes, for libsodium to write into. The same array as
    /// `[UInt8](repeating: 0, count: count)`, allocated through the standard
    /// library's inlinable (so specialized) buffer path: `init(repeating:count:)`
    /// allocates through a non-inlinable generic entry that looks the storage's
    /// metadata up at run time, about 500 instructions a call (Swift 6.3.1),
    /// several times per sealed or opened frame.
    @inline(__always)
    static func zeroed(count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        bytes.append(contentsOf: repeatElement(0, count: count))
        return bytes
    }
}
