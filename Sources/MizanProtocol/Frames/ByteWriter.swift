/// Appends bytes and big-endian integers; the encoding twin of `ByteReader`.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    /// A writer with room for `capacity` bytes: what it writes then grows the buffer once at most,
    /// not once per doubling (frames and sealed messages are a few dozen bytes).
    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// Appends `value` big-endian, `T.bitWidth / 8` bytes.
    mutating func append<T: FixedWidthInteger & UnsignedInteger>(_ value: T) {
        for shift in stride(from: T.bitWidth - 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
