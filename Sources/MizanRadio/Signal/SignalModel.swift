import MizanGeometry
import MizanTime
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signal model: what a receiver reads from a transmitter. One
/// implementation for every part of the simulator that hears a packet: the
/// floor's advertising and its links (`RadioMedium`), the floor's calibration
/// walk (`CalibrationWalk`), the digital twin (`DigitalTwin`, fitted by
/// `TwinFit`) and `rssi-experiment`; the selection strategies' maps and
/// `mizan calibrate` take its mean (`PathLoss`, the one formula).
///
///     RSSI = referenceRSSI - 10 n_till log10 d       path loss (`PathLoss`), the till's own exponent where fitted
///          + till offset                            drawn N(0, tillOffsetSigma) per till, plus any given one
///          + fixedOffset                            the caller's: phone offset, body loss, per-link shadowing
///          + shadowing_till(spot)                   correlated field (`SharedSpectrumShadowing`)
///          + link fade + channel fade               Rician, held per stand (`RicianFade`)
///          + noise                                  per packet
///     heard at `sensitivity` or more
///
/// Held and hashed (`held`, `noise`): every draw but the field is a hash of
/// what it belongs to, so that it costs no storage and every party that asks
/// (the phone hearing a packet, another till's packet colliding with it, the
/// walk) gets the same value.
///
/// - A link's fade (Rician, K `fadingKdB`) and each channel's own fade
///   (K `channelFadingKdB`) are a function of (till, phone, `stand`): held
///   while the phone stands, drawn afresh when it moves (a new `stand` every
///   `fadingLength` walked). Two phones at one spot fade independently
///   (their bodies and hands differ); within one stand the fade is the same,
///   as on the Danis tracks. Both fades are centred (their mean dB
///   subtracted), so the reference RSSI stays the mean.
/// - The per-packet noise is a function of (till, advertising event, phone, channel).
///
/// Drawn afresh (`Fresh.packetRSSI(mean:generator:)`), from the caller's sequential
/// generator: a packet whose spread nothing holds. On the signal model these
/// are a connection's packets (its noise and, since data channels hop, a fresh
/// channel fade: `RadioParameters.linkPackets`) and the advertising packet a
/// faithful connection request answers. The first radio (`"advertising":
/// "simple"`, `RadioParameters.firstDefinition`) draws every packet there and
/// holds nothing: no field, no fades, no drawn offsets, every packet
/// N(0, `packetSigma`) (and Rician K `ricianKdB` if set) around the path loss
/// plus the caller's offsets.
public struct SignalModel: Sendable {
    /// The path loss (`PathLoss`), the parameters' exponent.
    public var pathLoss: PathLoss { fresh.pathLoss }
    public let tillOffsetSigma: Double
    public let shadowingSigma: Double
    public let shadowingLength: Double
    public let packetNoise: Double
    /// Each till's offset, dB, by index: drawn plus given.
    public private(set) var offsets: [Double] = []
    /// Each till's path-loss exponent, by index (the parameters' unless given).
    public private(set) var exponents: [Double] = []
    private var shadowing: SharedSpectrumShadowing
    private let root: SeededGenerator
    private let hashKey: UInt64
    private let link: RicianFade?
    private let channel: RicianFade?
    /// What a packet drawn afresh reads, and a link's packet error rate (`Fresh`).
    public let fresh: Fresh
    /// The hashed normals' tables, and the held signals' logarithms, behind one shared reference:
    /// a copy of the model (one per advertising event) retains it once, where stored copies of
    /// the tables retained their four arrays, and reading the shared globals instead asked for
    /// their lazy initialisation at every draw.
    private let tables = SignalTables.standard
    @inline(__always) private var normals: Ziggurat { tables.normals }
    @inline(__always) private var decibels: Decibels { tables.decibels }

    /// A model of `parameters` whose room (offsets, field, hashed draws) comes from `generator`; tills are added with `addTill`.
    public init(parameters: RadioParameters, generator: SeededGenerator) {
        tillOffsetSigma = parameters.tillOffsetSigma
        shadowingSigma = parameters.shadowingSigma
        shadowingLength = parameters.shadowingLength
        packetNoise = parameters.packetNoise
        let largestNormal = NormalQuantile.of(1 - 0x1.0p-53)
        noiseBound = parameters.packetNoise > 0 ? parameters.packetNoise * largestNormal : 0
        root = generator
        hashKey = generator.split("hashed draws").seed
        var spectrum = generator.split("shadowing spectrum")
        shadowing = SharedSpectrumShadowing(sigma: shadowingSigma, correlationLength: Swift.max(shadowingLength, 1e-6), generator: &spectrum)
        link = RicianFade(kFactordB: parameters.fadingKdB)
        channel = parameters.channelFadingKdB.map { RicianFade(kFactordB: $0) }
        fresh = Fresh(parameters.linkPackets)
        let channelBound = channel?.largest(normalsUpTo: largestNormal) ?? 0
        heldBounds = (shadowing.largest, (link?.largest(normalsUpTo: largestNormal) ?? 0) + channelBound, channelBound)
        (drawCeiling, fadeCeiling) = Self.ceilings(CeilingKey(shadowingSigma: shadowingSigma, packetNoise: parameters.packetNoise,
                                                              fadingKdB: parameters.fadingKdB, channelFadingKdB: parameters.channelFadingKdB))
    }

    /// The first radio's model of `parameters`: nothing held, every packet
    /// drawn afresh with the parameters' own `packetSigma` and `ricianKdB`
    /// (whatever their advertising model), around the path loss.
    public static func firstRadio(_ parameters: RadioParameters) -> Fresh {
        Fresh(parameters)
    }

    /// Draws the next till's offset and shadowing phases, each from its own
    /// stream (split by the till's index); `offset` is added to the drawn
    /// offset (a measured one, with `tillOffsetSigma` 0), `exponent` replaces
    /// the parameters' for this till.
    public mutating func addTill(offset given: Double = 0, exponent: Double? = nil) {
        let index = UInt64(offsets.count)
        var offsetStream = root.split("till offset").split(index)
        let drawn = tillOffsetSigma > 0 ? offsetStream.normal(mean: 0, sd: tillOffsetSigma) : 0
        offsets.append(drawn + given)
        exponents.append(exponent ?? pathLoss.exponent)
        var phaseStream = root.split("shadowing").split(index)
        shadowing.addTill(generator: &phaseStream)
    }

    /// Mean RSSI from till `till` at `distance` metres, by its own exponent
    /// within the far field's breakpoint and the far field's beyond it
    /// (the decibels table: the held signals).
    @inline(__always)
    public func meanRSSI(till: Int, distance: Double) -> Double {
        pathLoss.withExponent(exponents[till]).meanRSSI(decibelsOfDistance: decibels.of(PathLoss.clamped(distance)))
    }

    /// The till's shadowing field at `position`, dB.
    public func shadowing(till: Int, at position: Position) -> Double {
        shadowingSigma > 0 ? shadowing.value(till: till, x: position.x, y: position.y) : 0
    }

    /// The shadowing fields' features at a spot, for `held` (one per spot serves every till).
    public func shadowingBasis(at position: Position) -> SharedSpectrumShadowing.Basis {
        shadowing.basis(x: position.x, y: position.y)
    }

    /// What holds while the phone stands: path loss, the till's drawn offset
    /// plus `fixedOffset` (its given offset, the phone's offset and body loss),
    /// shadowing at the phone's spot (`basis`, made for `position`) and the
    /// link's fade; and each channel's own fade on top.
    public func held(till: Int, tillPosition: Position, phone: Int, at position: Position, basis: SharedSpectrumShadowing.Basis,
                     stand: UInt64, fixedOffset: Double) -> HeldSignal {
        // Nothing is under minus infinity: never nil.
        held(till: till, tillPosition: tillPosition, phone: phone, at: position, basis: basis, stand: stand,
             unlessUnder: -.infinity, fixedAtMost: fixedOffset, fixedOffset: { _ in fixedOffset })!
    }

    /// `held`, to the bit, unless every packet it could give on any channel, noise included, is
    /// surely under `level` dB: then nil, and the parts that could not lift one to `level` are not
    /// worked out. Step by step, what is known so far plus the most the rest could add
    /// (`heldBounds` and `noiseBound`, and never past `drawCeiling` over the mean), asked after the
    /// mean and the till's offsets, after the shadowing, and after the fixed offset
    /// (`fixedOffset(needed)`, asked only then, at most `fixedAtMost`, nil when surely under the
    /// `needed` that could still lift a packet to `level`) and the link's fade; then the channels' fades.
    @inline(__always)
    func held(till: Int, tillPosition: Position, phone: Int, at position: Position, basis: SharedSpectrumShadowing.Basis,
              stand: UInt64, unlessUnder level: Double, fixedAtMost: Double, fixedOffset: (_ needed: Double) -> Double?) -> HeldSignal? {
        // Rounding's slack: these sums and the held signal's add the same terms in other orders.
        let sure = level - 1e-9, bounds = heldBounds, most = drawCeiling, noise = noiseBound
        let fadesMost = Swift.min(fadeCeiling, bounds.fades + noise)
        let mean = meanRSSI(till: till, distance: position.distance(to: tillPosition)) + offsets[till]
        if mean + fixedAtMost + Swift.min(most, bounds.shadowing + fadesMost) < sure { return nil }
        let shadow = shadowingSigma > 0 ? shadowing.value(till: till, basis: basis) : 0
        // The most the draws can add now: also what the packets never pass.
        let rest = Swift.min(most, shadow + fadesMost)
        if mean + fixedAtMost + rest < sure { return nil }
        guard let fixed = fixedOffset(sure - (mean + rest)) else { return nil }
        var base = mean + fixed
        let ceiling = base + rest
        if shadowingSigma > 0 { base += shadow }
        let pair = pairKey(till: till, phone: phone)
        var state = key(pair: pair, stand: stand)
        if let link { base += link.fade(&state, normals, decibels) }
        guard let channel else { return HeldSignal(link: base, channels: (base, base, base), ceiling: ceiling) }
        if Swift.min(base + bounds.channel + noise, ceiling) < sure { return nil }
        let c0 = channel.fade(&state, normals, decibels), c1 = channel.fade(&state, normals, decibels)
        let c2 = channel.fade(&state, normals, decibels)
        return HeldSignal(link: base, channels: (base + c0, base + c1, base + c2), ceiling: ceiling)
    }

    /// The most a packet's draws (the shadowing, the link's and the channel's fades and the noise)
    /// add to its mean, dB: a packet reads at most its mean plus this (`HeldSignal.packet`). The
    /// level their sum passes with a chance under 2^-53, the rarity of the largest normal the
    /// hashed draws give (8.2 sd, `noiseBound`), by a Chernoff bound over the draws' distributions
    /// (`drawCeiling(gaussianVariance:fades:)`): about 33.4 dB for the Danis fit, where the parts'
    /// own largest draws sum to 71.9. So no draw ever seen moves, and a till's reach (the distance
    /// beyond which nothing it sends can be heard or spoil a packet) is its mean's: 1.3 km on the
    /// far field, not 16 km.
    public let drawCeiling: Double
    /// The same for the fades and the noise alone, on top of the shadowing: about 25.4 dB for the
    /// Danis fit (their own largest draws sum to 40.0). A packet reads at most its mean plus the
    /// least of `drawCeiling` and its shadowing plus this, so a till whose shadowing is known
    /// leaves its fades undrawn where even that could not lift it to what matters.
    public let fadeCeiling: Double

    /// The chance a packet's draws pass `drawCeiling`: 2^-53.
    static let ceilingChance = 0x1.0p-53

    /// `drawCeiling` for draws whose Gaussian parts (the shadowing field, whose every moment
    /// generating function is at most the Gaussian's; the noise) have `gaussianVariance` in all,
    /// plus `fades`: min over t of (ln E[e^(t S)] - ln 2^-53) / t, which the sum S passes with a
    /// chance under 2^-53 (Markov's inequality on e^(t S), at any t), rounded up to a 64th of a
    /// dB. 0 when nothing is drawn.
    static func drawCeiling(gaussianVariance: Double, fades: [RicianFade]) -> Double {
        guard gaussianVariance > 0 || !fades.isEmpty else { return 0 }
        let rarity = -log(ceilingChance), largest = NormalQuantile.of(1 - 0x1.0p-53)
        func bound(_ logT: Double) -> Double {
            let t = exp(logT)
            return (t * t * gaussianVariance / 2 + fades.reduce(0) { $0 + $1.logMomentGenerating(t, normalsUpTo: largest) } + rarity) / t
        }
        // The bound is smallest at one t: a golden-section search over log t, from 10^-3 to 10^2 per
        // dB, one new bound a step (each is a bound: the least found is taken).
        var low = log(1e-3), high = log(1e2)
        let ratio = (5.0.squareRoot() - 1) / 2
        var a = high - ratio * (high - low), b = low + ratio * (high - low)
        var boundA = bound(a), boundB = bound(b)
        for _ in 0..<48 {
            if boundA < boundB {
                (high, b, boundB) = (b, a, boundA)
                a = high - ratio * (high - low)
                boundA = bound(a)
            } else {
                (low, a, boundA) = (a, b, boundB)
                b = low + ratio * (high - low)
                boundB = bound(b)
            }
        }
        return (Swift.min(boundA, boundB) * 64).rounded(.up) / 64
    }

    /// What the ceilings are worked out from: the model's draws.
    struct CeilingKey: Hashable {
        let shadowingSigma: Double, packetNoise: Double, fadingKdB: Double, channelFadingKdB: Double?
    }

    /// The ceilings worked out so far, by draws: a floor's runs (a sweep's thousands) share them.
    private static let knownCeilings = Mutex<[CeilingKey: (draws: Double, fades: Double)]>([:])

    /// `drawCeiling` and `fadeCeiling` for `key`, worked out once per process (at most 256 kept).
    static func ceilings(_ key: CeilingKey) -> (draws: Double, fades: Double) {
        if let known = knownCeilings.withLock({ $0[key] }) { return known }
        let fades = [RicianFade(kFactordB: key.fadingKdB)] + (key.channelFadingKdB.map { [RicianFade(kFactordB: $0)] } ?? [])
        let noise = key.packetNoise * key.packetNoise
        let ceilings = (draws: drawCeiling(gaussianVariance: key.shadowingSigma * key.shadowingSigma + noise, fades: fades),
                        fades: drawCeiling(gaussianVariance: noise, fades: fades))
        knownCeilings.withLock { known in
            if known.count >= 256 { known.removeAll() }
            known[key] = ceilings
        }
        return ceilings
    }

    /// The most a held signal's draws can add, dB: the shadowing (each of its features' terms at
    /// most its scale), the link's and a channel's fade together, and a channel's fade alone (both
    /// fades at their normals' largest, `Ziggurat`'s bound, as `noiseBound`).
    let heldBounds: (shadowing: Double, fades: Double, channel: Double)

    /// RSSI as a phone's stack reports it: a whole number of dBm.
    public static func reported(_ rssi: Double) -> Int { Int(rssi.rounded()) }

    /// The largest per-packet noise `noise` can draw, dB: its normals
    /// (`Ziggurat`) never exceed `NormalQuantile.of(1 - 2^-53)`, 8.2 standard
    /// deviations. A packet that beats an interferer by the capture
    /// threshold even with this much noise on the interferer survives
    /// whatever is drawn.
    public let noiseBound: Double

    /// The per-packet noise of one packet (till's advertising event `event`, on `channel`) at one phone, dB.
    public func noise(till: Int, event: Int, phone: Int, channel: Int) -> Double {
        noise(pair: pairKey(till: till, phone: phone), event: event, channel: channel)
    }

    /// `noise(till:event:phone:channel:)` for the pair whose `pairKey` is `pair`
    /// (the same value, without hashing the till and phone again for every packet).
    @inline(__always)
    func noise(pair: UInt64, event: Int, channel: Int) -> Double {
        guard packetNoise > 0 else { return 0 }
        var state = packetKey(pair: pair, event: event, channel: channel) ^ 0x5DEE_CE66_D1CE_4E5B
        return packetNoise * normals.normal(&state)
    }

    /// The hash state of what the phone's stack does with one packet it
    /// decoded (till's event `event` on `channel`, the pair's `pairKey`):
    /// its report loss and its hold-off, drawn by `unit` and `normal` from
    /// this state, never from the medium's generator, so that they do not
    /// depend on the order in which the phones are visited.
    @inline(__always)
    func reportState(pair: UInt64, event: Int, channel: Int) -> UInt64 {
        packetKey(pair: pair, event: event, channel: channel) ^ 0x2545_F491_4F6C_DD1D
    }

    /// A packet's draws' key: the pair's hash and the packet (event and channel), not yet
    /// mixed: the first step of `SeededGenerator.splitMix64` mixes it.
    @inline(__always)
    private func packetKey(pair: UInt64, event: Int, channel: Int) -> UInt64 {
        pair ^ (UInt64(truncatingIfNeeded: event) &* 4 &+ UInt64(truncatingIfNeeded: channel)) &* 0xC2B2_AE3D_27D4_EB4F
    }

    /// The hash of a (till, phone) pair: the part of every draw's key that does not change with the stand or packet.
    @inline(__always)
    func pairKey(till: Int, phone: Int) -> UInt64 {
        let h = SeededGenerator.mix64(hashKey ^ UInt64(truncatingIfNeeded: till))
        return SeededGenerator.mix64(h ^ UInt64(truncatingIfNeeded: phone) &* 0x9E37_79B9_7F4A_7C15)
    }

    @inline(__always)
    private func key(pair: UInt64, stand: UInt64) -> UInt64 {
        SeededGenerator.mix64(pair ^ stand &* 0xC2B2_AE3D_27D4_EB4F)
    }

    /// A standard normal from a hash state (`Ziggurat`), advancing it.
    @inline(__always)
    func normal(_ state: inout UInt64) -> Double {
        normals.normal(&state)
    }

    /// A uniform in (0, 1) from a hash state, advancing it.
    @inline(__always)
    func unit(_ state: inout UInt64) -> Double {
        Ziggurat.unit(&state)
    }
}
