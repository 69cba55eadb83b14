/// What a phone receives from a till on each advertising channel before the per-packet
/// noise (`HeldSignal` without the link's own figure), and the pair's key for that noise.
struct ChannelSignal {
    let channels: (Double, Double, Double)
    let noiseKey: UInt64

    init(channels: (Double, Double, Double), noiseKey: UInt64) {
        self.channels = channels
        self.noiseKey = noiseKey
    }

    init(_ held: HeldSignal) {
        self.init(channels: held.channels, noiseKey: held.noiseKey)
    }

    /// What a silent till gives (`HeldCache.keepSilent`): nothing on any channel. Made where it
    /// is asked for (a stored constant would be initialised lazily, checked at every packet).
    @inline(__always)
    static var silent: ChannelSignal { ChannelSignal(channels: (-.infinity, -.infinity, -.infinity), noiseKey: 0) }

    /// The strongest of the three channels.
    var loudest: Double { Swift.max(channels.0, channels.1, channels.2) }

    @inline(__always)
    func channel(_ index: Int) -> Double {
        switch index {
        case 0: channels.0
        case 1: channels.1
        default: channels.2
        }
    }
}
