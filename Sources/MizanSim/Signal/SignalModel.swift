import MizanProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The RSSI of one packet between a till and a phone: transmit side
/// (reference RSSI plus the till's own offset), minus log-distance path loss,
/// plus spatially correlated shadowing, minus body loss by where the person
/// faces, plus fading per link and channel held while the phone stands still,
/// plus a per-packet noise. Every draw but the noise is fixed when the model
/// is made (one seed, one room); the noise comes from the caller's generator.
public struct SignalModel: Sendable {
    public let parameters: SignalParameters
    public let offsets: TillOffsets
    public let shadowing: CorrelatedShadowing
    public let fading: LinkFading
    public let body: BodyLoss

    public init(parameters: SignalParameters, tills: [TillID], offsets: TillOffsets, body: BodyLoss = .none, generator: SeededGenerator) {
        self.parameters = parameters
        self.offsets = offsets
        self.body = body
        shadowing = CorrelatedShadowing(tills: tills, sigma: parameters.shadowingSigma, correlationLength: parameters.shadowingLength,
                                        generator: generator.split("shadowing"))
        fading = LinkFading(tills: tills, kFactordB: parameters.fadingKdB, correlationLength: parameters.fadingLength,
                            channelCoherence: parameters.fadingChannelCoherence, generator: generator.split("fading"))
    }

    /// Mean RSSI at `distance` metres (under 0.1 m counts as 0.1 m, as in `PathLossModel`).
    public func meanRSSI(distance: Double) -> Double {
        parameters.referenceRSSI - 10 * parameters.pathLossExponent * log10(Swift.max(distance, 0.1))
    }

    /// dBm of one packet from `till` at `tillPosition` to a phone at `phone`
    /// (facing `heading` radians) on `channel`.
    public func rssi(till: TillID, tillPosition: Position, phone: Position, heading: Double, channel: Int, generator: inout SeededGenerator) -> Double {
        meanRSSI(distance: phone.distance(to: tillPosition))
            + offsets.offset(till)
            + shadowing.shadowing(till: till, at: phone)
            - body.loss(phone: phone, heading: heading, till: tillPosition)
            + fading.fade(till: till, channel: channel, at: phone)
            + (parameters.packetNoise > 0 ? generator.normal(mean: 0, sd: parameters.packetNoise) : 0)
    }
}
