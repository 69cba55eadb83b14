/// Identifies a till on the shop floor. It travels in the clear in every
/// advertisement and is part of each transaction's associated data.
public struct TillID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The 4 bytes of `rawValue`, big-endian, as on the air and in the transcript.
    public var bytes: [UInt8] {
        var writer = ByteWriter()
        writer.append(rawValue)
        return writer.bytes
    }

    /// `till-<n>`, for traces.
    public var description: String { "till-\(rawValue)" }

    public static func < (lhs: TillID, rhs: TillID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
