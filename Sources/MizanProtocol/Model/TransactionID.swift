/// Identifies one transaction of a till. The host picks it; it is sealed inside
/// the amount details and also sent in the clear beside them, because it is part
/// of the associated data the phone needs before it can open them.
public struct TransactionID: Hashable, Comparable, Sendable {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The 8 bytes of `rawValue`, big-endian, as on the air and in the transcript.
    public var bytes: [UInt8] {
        var writer = ByteWriter()
        writer.append(rawValue)
        return writer.bytes
    }

    public static func < (lhs: TransactionID, rhs: TransactionID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
