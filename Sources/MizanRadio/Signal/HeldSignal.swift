/// What a phone standing still receives from a till before the per-packet
/// noise: on a connection (`link`) and on each advertising channel.
public struct HeldSignal: Sendable {
    public let link: Double
    public let channels: (Double, Double, Double)
    /// The (till, phone) pair's hash, for its packets' noise (`SignalModel.noise(pair:event:channel:)`);
    /// 0 off the signal model, where nothing draws noise from it.
    let noiseKey: UInt64

    init(link: Double, channels: (Double, Double, Double), noiseKey: UInt64) {
        self.link = link
        self.channels = channels
        self.noiseKey = noiseKey
    }

    public func channel(_ index: Int) -> Double {
        switch index {
        case 0: channels.0
        case 1: channels.1
        default: channels.2
        }
    }
}
