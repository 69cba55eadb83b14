extension Array where Element == UInt8 {
    /// Zero bytes to copy from (`zeroed(count:)`).
    private static let zeros = [UInt8](repeating: 0, count: 512)

    /// `count` zero bytes, for libsodium to write into: the same array as
    /// `[UInt8](repeating: 0, count: count)`. Below 512 bytes (every nonce, key
    /// and sealed message of the protocol) it is a copy of a slice of zeros
    /// (never all of them, which the copy could share rather than copy),
    /// which allocates on the standard library's inlinable (so specialized)
    /// path and copies with `memcpy`: `init(repeating:count:)` allocates through
    /// a non-inlinable generic entry that looks the storage's metadata up at
    /// run time, about 500 instructions a call (Swift 6.3.1), several times per
    /// sealed or opened frame.
    static func zeroed(count: Int) -> [UInt8] {
        count < zeros.count ? Array(zeros[..<count]) : [UInt8](repeating: 0, count: count)
    }
}
