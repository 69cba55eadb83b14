/// Identifies one transaction of a till. The host picks it; it is sealed inside
/// the amount details and also sent in the clear beside them (its 8 `bytes`),
/// because it is part of the associated data the phone needs before it can open them.
public struct TransactionID: IntegerIdentifier {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }
}
