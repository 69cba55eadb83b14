/// A positive sum of money in a currency's minor units (cents, halalas, fils).
///
/// Deliberately not `CustomStringConvertible`: an amount has no log-friendly
/// rendering, so it does not slip into logs by accident.
public struct Amount: Hashable, Sendable {
    public let minorUnits: Int64
    public let currency: CurrencyCode

    /// `minorUnits` must be greater than zero, else `FrameError.badAmount`.
    public init(minorUnits: Int64, currency: CurrencyCode) throws(FrameError) {
        guard minorUnits > 0 else { throw .badAmount }
        self.minorUnits = minorUnits
        self.currency = currency
    }
}
