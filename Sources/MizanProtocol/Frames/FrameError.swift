/// Every way decoding a frame, or the plaintext of a sealed field, can fail.
/// Cases carry lengths, field names and single tag bytes only, never amounts,
/// labels or key bytes, so an error is always safe to log.
public enum FrameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There were no bytes at all.
    case empty
    /// The bytes ended early: `expected` is the least total length that could
    /// hold what was being read, `actual` the total length received.
    case truncated(expected: Int, actual: Int)
    /// The bytes went on too long: `expected` is the longest total length
    /// allowed, `actual` the total length received.
    case overlong(expected: Int, actual: Int)
    /// The frame's version byte is not `Frame.version`.
    case unknownVersion(UInt8)
    /// The frame's type byte names no frame.
    case unknownType(UInt8)
    /// A variable-length field is shorter than it may be: `expected` is its
    /// least length, `actual` its length.
    case badLength(field: String, expected: Int, actual: Int)
    /// A currency code is not three ASCII letters A-Z.
    case badCurrency
    /// An amount is zero or negative.
    case badAmount
    /// A till label is empty, longer than 32 UTF-8 bytes, or not valid UTF-8.
    case badTillLabel
    /// A one-byte field holds a value that names nothing.
    case unknownValue(field: String, value: UInt8)
    /// An advertisement carries another service's id.
    case wrongService

    public var description: String {
        switch self {
        case .empty:
            "nothing to decode: no bytes"
        case let .truncated(expected, actual):
            "truncated: expected \(expected) bytes, got \(actual)"
        case let .overlong(expected, actual):
            "overlong: expected at most \(expected) bytes, got \(actual)"
        case let .unknownVersion(version):
            "unknown frame version \(version) (expected \(Frame.version))"
        case let .unknownType(type):
            "unknown frame type \(type)"
        case let .badLength(field, expected, actual):
            "bad length for \(field): expected at least \(expected) bytes, got \(actual)"
        case .badCurrency:
            "currency code is not three ASCII letters A-Z"
        case .badAmount:
            "amount is not a positive number of minor units"
        case .badTillLabel:
            "till label is not 1 to 32 bytes of valid UTF-8"
        case let .unknownValue(field, value):
            "unknown value \(value) for \(field)"
        case .wrongService:
            "advertisement is for another service"
        }
    }
}
