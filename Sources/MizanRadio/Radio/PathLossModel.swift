import MizanTime
#if canImport(Glibc)
import Glibc
#endif

/// The received signal strength model: log-distance path loss, per-device
/// offsets and body loss, per-link shadowing, and per-packet spread and
/// Rician fading. Pure functions of the parameters and the draws they are given.
public struct PathLossModel: Sendable {
    public let parameters: RadioParameters
    private let ricianLineOfSight: Double
    private let ricianScatter: Double

    public init(parameters: RadioParameters) {
        self.parameters = parameters
        if let kdB = parameters.ricianKdB {
            let k = pow(10, kdB / 10)
            ricianLineOfSight = (k / (k + 1)).squareRoot()
            ricianScatter = (1 / (2 * (k + 1))).squareRoot()
        } else {
            ricianLineOfSight = 1
            ricianScatter = 0
        }
    }

    /// Mean RSSI at `distance` metres (no spread, no offsets). Distances under
    /// 10 cm count as 10 cm.
    public func meanRSSI(distance: Double) -> Double {
        parameters.referenceRSSI - 10 * parameters.pathLossExponent * log10(Swift.max(distance, 0.1))
    }

    /// One packet's RSSI, dBm: the mean plus `fixedOffset` (device offsets,
    /// body loss, link shadowing), the per-packet spread and fading.
    public func packetRSSI(distance: Double, fixedOffset: Double, generator: inout SeededGenerator) -> Double {
        packetRSSI(mean: meanRSSI(distance: distance) + fixedOffset, generator: &generator)
    }

    /// One packet's RSSI, dBm, around a link mean already computed
    /// (`meanRSSI(distance:) + fixedOffset`): the per-packet spread and fading.
    public func packetRSSI(mean: Double, generator: inout SeededGenerator) -> Double {
        var rssi = mean
        if parameters.packetSigma > 0 { rssi += generator.normal(mean: 0, sd: parameters.packetSigma) }
        if ricianScatter > 0 {
            let i = ricianLineOfSight + ricianScatter * generator.normal()
            let q = ricianScatter * generator.normal()
            rssi += 10 * log10(Swift.max(i * i + q * q, 1e-12))
        }
        return rssi
    }

    /// The probability that one connection-event packet is lost at `rssi`.
    public func packetErrorRate(rssi: Double) -> Double {
        if rssi < parameters.sensitivity { return 1 }
        return 1 / (1 + exp((rssi - parameters.perMidpoint) / parameters.perSlope))
    }

    /// RSSI as Core Bluetooth reports it: a whole number of dBm.
    public static func reported(_ rssi: Double) -> Int { Int(rssi.rounded()) }
}
