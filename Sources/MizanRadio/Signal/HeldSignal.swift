/// What a phone standing still receives from a till before the per-packet
/// noise: on a connection (`link`) and on each advertising channel, and the
/// most any of its advertising packets reads (`ceiling`).
public struct HeldSignal: Sendable {
    public let link: Double
    public let channels: (Double, Double, Double)
    /// The pair's mean with its offsets plus the least of the model's `drawCeiling` and its
    /// shadowing plus `fadeCeiling` (or the fades' and noise's own largest, if less), dBm: what
    /// its draws never lift an advertising packet past.
    public let ceiling: Double

    init(link: Double, channels: (Double, Double, Double), ceiling: Double) {
        self.link = link
        self.channels = channels
        self.ceiling = ceiling
    }

    public func channel(_ index: Int) -> Double {
        switch index {
        case 0: channels.0
        case 1: channels.1
        default: channels.2
        }
    }

    /// An advertising packet on `channel` whose noise is `noise` (`SignalModel.noise`), dBm.
    public func packet(on channel: Int, noise: Double) -> Double {
        Swift.min(self.channel(channel) + noise, ceiling)
    }
}
