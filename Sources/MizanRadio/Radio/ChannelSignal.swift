/// What a phone receives from a till on each advertising channel before the per-packet
/// noise (`HeldSignal` without the link's own figure and the pair's key for the noise, which
/// `SignalModel.pairKey` gives again), and the most a packet reads (`HeldSignal.ceiling`): 32
/// bytes, so that a held cache's entry takes 40.
struct ChannelSignal {
    let channels: (Double, Double, Double)
    let ceiling: Double

    init(channels: (Double, Double, Double), ceiling: Double) {
        self.channels = channels
        self.ceiling = ceiling
    }

    init(_ held: HeldSignal) {
        self.init(channels: held.channels, ceiling: held.ceiling)
    }

    /// What a silent till gives (`HeldCache.keepSilent`): nothing on any channel. Made where it
    /// is asked for (a stored constant would be initialised lazily, checked at every packet).
    @inline(__always)
    static var silent: ChannelSignal { ChannelSignal(channels: (-.infinity, -.infinity, -.infinity), ceiling: -.infinity) }

    /// The strongest of the three channels.
    var loudest: Double { Swift.max(channels.0, channels.1, channels.2) }

    /// The most any of its packets reads, noise `noiseBound` at most: the loudest channel with that
    /// noise, never past the ceiling.
    @inline(__always)
    func loudestPacket(noiseBound: Double) -> Double { Swift.min(loudest + noiseBound, ceiling) }

    @inline(__always)
    func channel(_ index: Int) -> Double {
        switch index {
        case 0: channels.0
        case 1: channels.1
        default: channels.2
        }
    }
}
