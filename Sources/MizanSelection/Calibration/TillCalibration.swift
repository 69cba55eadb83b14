import MizanProtocol
import MizanGeometry
/// The log-distance model fitted once per shop (`mizan calibrate`,
/// `docs/calibration.md`): a till heard from `d` metres reads on average
/// `referenceRSSI + offset(till) - 10 * pathLossExponent * log10(max(d, 0.1))`
/// dBm, with `packetSigma` dB of scatter around it. `phoneHeight` is where the
/// phone is held (the calibration walk's mean height), metres.
public struct TillCalibration: Hashable, Sendable {
    public struct Offset: Hashable, Sendable {
        public let till: TillID
        public let offset: Double

        public init(till: TillID, offset: Double) {
            self.till = till
            self.offset = offset
        }
    }

    public let referenceRSSI: Double
    public let pathLossExponent: Double
    public let packetSigma: Double
    /// Ascending till id; a till not listed has offset 0.
    public let offsets: [Offset]
    public let phoneHeight: Double

    public init(referenceRSSI: Double, pathLossExponent: Double, packetSigma: Double, offsets: [Offset], phoneHeight: Double) {
        self.referenceRSSI = referenceRSSI
        self.pathLossExponent = pathLossExponent
        self.packetSigma = packetSigma
        self.offsets = offsets.sorted { $0.till < $1.till }
        self.phoneHeight = phoneHeight
    }

    /// The path loss, without the tills' offsets.
    public var pathLoss: PathLoss { PathLoss(referenceRSSI: referenceRSSI, exponent: pathLossExponent) }

    public func offset(of till: TillID) -> Double {
        offsets.first { $0.till == till }?.offset ?? 0
    }

    /// The model's mean RSSI of `till` heard from `distance` metres.
    public func meanRSSI(till: TillID, distance: Double) -> Double {
        pathLoss.meanRSSI(distance: distance) + offset(of: till)
    }
}
