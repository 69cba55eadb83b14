/// Identifies a till on the shop floor. It travels in the clear in every
/// advertisement (its 4 `bytes`) and is part of each transaction's associated data.
public struct TillID: IntegerIdentifier, CustomStringConvertible {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `till-<n>`, for traces.
    public var description: String { "till-\(rawValue)" }
}
