/// Reads bytes front to back. Every read checks the bounds first and throws a
/// `FrameError` instead of trapping; lengths in errors count the whole input.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Bytes not read yet.
    var remainingCount: Int { bytes.count - offset }

    /// Throws `truncated` unless at least `count` more bytes can be read.
    func require(_ count: Int) throws(FrameError) {
        guard count >= 0, count <= remainingCount else {
            let (expected, overflow) = offset.addingReportingOverflow(count)
            throw .truncated(expected: overflow ? Int.max : expected, actual: bytes.count)
        }
    }

    /// Throws `truncated` if fewer than `count` bytes remain, `overlong` if more.
    func requireRemaining(exactly count: Int) throws(FrameError) {
        try require(count)
        guard remainingCount == count else {
            throw .overlong(expected: offset + count, actual: bytes.count)
        }
    }

    /// Throws `overlong` unless every byte has been read.
    func requireEnd() throws(FrameError) {
        guard remainingCount == 0 else {
            throw .overlong(expected: offset, actual: bytes.count)
        }
    }

    mutating func readByte() throws(FrameError) -> UInt8 {
        try require(1)
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readBytes(_ count: Int) throws(FrameError) -> [UInt8] {
        try require(count)
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    /// A big-endian `UInt32`.
    mutating func readUInt32() throws(FrameError) -> UInt32 {
        try readBigEndian()
    }

    /// A big-endian `UInt64`.
    mutating func readUInt64() throws(FrameError) -> UInt64 {
        try readBigEndian()
    }

    /// Everything not read yet (possibly nothing).
    mutating func readRest() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }

    private mutating func readBigEndian<T: FixedWidthInteger & UnsignedInteger>() throws(FrameError) -> T {
        let count = T.bitWidth / 8
        try require(count)
        var value: T = 0
        for byte in bytes[offset..<(offset + count)] {
            value = value << 8 | T(byte)
        }
        offset += count
        return value
    }
}
