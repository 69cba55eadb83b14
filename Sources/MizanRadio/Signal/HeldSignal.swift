/// What a phone standing still receives from a till before the per-packet
/// noise: on a connection (`link`) and on each advertising channel, and the
/// most any of its advertising packets reads (`ceiling`).
public struct HeldSignal: Sendable {
    public let link: Double
    public let channels: (Double, Double, Double)
    /// The (till, phone) pair's hash, for its packets' noise (`SignalModel.noise(pair:event:channel:)`);
    /// 0 off the signal model, where nothing draws noise from it.
    let noiseKey: UInt64
    /// The pair's mean with its offsets plus the least of the model's `drawCeiling` and its
    /// shadowing plus `fadeCeiling` (or the fades' and noise's own largest, if less), dBm: what
    /// its draws never lift an advertising packet past.
    public let ceiling: Double

    init(link: Double, channels: (Double, Double, Double), noiseKey: UInt64, ceiling: Double) {
        self.link = link
        self.channels = channels
        self.noiseKey = noiseKey
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
