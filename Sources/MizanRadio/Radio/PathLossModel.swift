import MizanTime
import MizanGeometry
#if canImport(Glibc)
import Glibc
#endif

/// The first radio's received signal strength (`"advertising": "simple"`,
/// and every floor's connection events): the log-distance path loss
/// (`PathLoss`, by the C library's logarithm), per-device offsets and body
/// loss, per-link shadowing, and per-packet spread and Rician fading. Pure
/// functions of the parameters and the draws they are given.
public struct PathLossModel: Sendable {
    public let parameters: RadioParameters
    public let pathLoss: PathLoss
    private let ricianLineOfSight: Double
    private let ricianScatter: Double

    public init(parameters: RadioParameters) {
        self.parameters = parameters
        pathLoss = PathLoss(referenceRSSI: parameters.referenceRSSI, exponent: parameters.pathLossExponent)
        if let kdB = parameters.ricianKdB {
            let k = pow(10, kdB / 10)
            ricianLineOfSight = (k / (k + 1)).squareRoot()
            ricianScatter = (1 / (2 * (k + 1))).squareRoot()
        } else {
            ricianLineOfSight = 1
            ricianScatter = 0
        }
    }

    /// Mean RSSI at `distance` metres (no spread, no offsets).
    public func meanRSSI(distance: Double) -> Double {
        pathLoss.meanRSSI(log10Distance: log10(PathLoss.clamped(distance)))
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
