import MizanTime
import MizanProtocol

/// Each till's own fixed RSSI offset, dB (its radio, antenna and mounting):
/// given (the per-receiver offsets `mizan calibrate` fits) or drawn per till
/// from N(0, spread).
///
/// Source of the spread: the Danis receivers' fitted offsets spread 3.1 dB
/// (sd over 12 receivers, -6.8 to +5.9 dB; `docs/calibration.md`). Phones
/// differ more: median -3 dB, 5-95 % -12 to +5 dB over 313 Android models
/// (Google Exposure Notification calibration table), which is a phone-side
/// offset, not this.
public struct TillOffsets: Hashable, Sendable {
    /// sd of a drawn till offset, dB: the Danis receivers' spread.
    public static let danisSpread = 3.1
    private let offsets: [TillID: Double]

    public init(_ offsets: [TillID: Double]) { self.offsets = offsets }

    /// One N(0, spread) draw per till, in ascending till order, from `generator`.
    public static func drawn(tills: [TillID], spread: Double = danisSpread, generator: inout SeededGenerator) -> TillOffsets {
        var offsets: [TillID: Double] = [:]
        for till in tills.sorted() { offsets[till] = generator.normal(mean: 0, sd: spread) }
        return TillOffsets(offsets)
    }

    /// dB; 0 for a till with no offset.
    public func offset(_ till: TillID) -> Double { offsets[till] ?? 0 }
}
