/// An identifier that is one unsigned integer (a till's, a transaction's):
/// ordered by that integer, and sent as its big-endian bytes.
public protocol IntegerIdentifier: Hashable, Comparable, Sendable {
    associatedtype RawValue: FixedWidthInteger & UnsignedInteger
    var rawValue: RawValue { get }
}

extension IntegerIdentifier {
    /// The `RawValue.bitWidth / 8` bytes of `rawValue`, big-endian, as on the air and in the transcript.
    /// Inlinable, so that callers in other modules get it specialised: generic,
    /// it shifted through the protocol's witnesses (about 3,000 instructions a call).
    @inlinable
    public var bytes: [UInt8] {
        withUnsafeBytes(of: rawValue.bigEndian) { Array($0) }
    }

    @inlinable
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
