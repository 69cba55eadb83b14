import MizanGeometry
import MizanTime
import MizanProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The RSSI of one packet between a till and a phone: transmit side
/// (reference RSSI plus the till's own offset), minus log-distance path loss,
/// plus spatially correlated shadowing, minus body loss by where the person
/// faces, plus fading per link and per channel held while the phone stands still,
/// plus a per-packet noise. Every draw but the noise is fixed when the model
/// is made (one seed, one room); the noise comes from the caller's generator.
public struct SignalModel: Sendable {
    public let parameters: SignalParameters
    public let offsets: TillOffsets
    public let shadowing: CorrelatedShadowing
    public let fading: LinkFading
    /// Each channel's own fade (nil: none).
    public let channelFading: LinkFading?
    public let body: BodyLoss
    /// A till's own path-loss exponent where it has one (receivers differ:
    /// the Danis receivers fit 1.1 to 2.4 one by one), else the parameters'.
    public let exponents: [TillID: Double]

    public init(parameters: SignalParameters, tills: [TillID], offsets: TillOffsets, exponents: [TillID: Double] = [:],
                body: BodyLoss = .none, generator: SeededGenerator) {
        self.parameters = parameters
        self.offsets = offsets
        self.exponents = exponents
        self.body = body
        shadowing = CorrelatedShadowing(tills: tills, sigma: parameters.shadowingSigma, correlationLength: parameters.shadowingLength,
                                        generator: generator.split("shadowing"))
        fading = LinkFading(tills: tills, kFactordB: parameters.fadingKdB, correlationLength: parameters.fadingLength,
                            channelCoherence: parameters.fadingChannelCoherence, generator: generator.split("fading"))
        channelFading = parameters.channelFadingKdB.map { kdB in
            LinkFading(tills: tills, kFactordB: kdB, correlationLength: parameters.fadingLength, channelCoherence: 0,
                       generator: generator.split("channel fading"))
        }
    }

    /// Mean RSSI at `distance` metres (`PathLoss`, by the C library's logarithm), with `exponent` if given.
    public func meanRSSI(distance: Double, exponent: Double? = nil) -> Double {
        PathLoss(referenceRSSI: parameters.referenceRSSI, exponent: exponent ?? parameters.pathLossExponent)
            .meanRSSI(log10Distance: log10(PathLoss.clamped(distance)))
    }

    /// dBm of one packet from `till` at `tillPosition` to a phone at `phone`
    /// (facing `heading` radians) on `channel`.
    public func rssi(till: TillID, tillPosition: Position, phone: Position, heading: Double, channel: Int, generator: inout SeededGenerator) -> Double {
        meanRSSI(distance: phone.distance(to: tillPosition), exponent: exponents[till])
            + offsets.offset(till)
            + shadowing.shadowing(till: till, at: phone)
            - body.loss(phone: phone, heading: heading, till: tillPosition)
            + fading.fade(till: till, channel: channel, at: phone)
            + (channelFading?.fade(till: till, channel: channel, at: phone) ?? 0)
            + (parameters.packetNoise > 0 ? generator.normal(mean: 0, sd: parameters.packetNoise) : 0)
    }
}
