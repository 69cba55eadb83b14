import MizanGeometry
import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signal model as the floor's `RadioMedium` uses it, by till index:
/// each till's drawn offset and its correlated shadowing field (a
/// `CorrelatedField` per till as in `CorrelatedShadowing`, built as
/// `SharedSpectrumShadowing` so that a phone evaluates all tills' fields at
/// its spot for the price of one), and the fades and per-packet
/// noise drawn by hashing what they belong to, so that they cost no storage
/// and every party that asks (the phone hearing a packet, another till's
/// packet colliding with it) gets the same value.
///
/// - A link's fade (Rician, K `fadingKdB`) and each channel's own fade
///   (K `channelFadingKdB`) are a function of (till, phone, `stand`): held
///   while the phone stands, drawn afresh when it moves (the medium gives a
///   new `stand` every `fadingLength` a phone walks). Unlike `LinkFading`'s
///   fields, two phones at one spot fade independently (their bodies and
///   hands differ); within one stand the fade is the same, as on the Danis
///   tracks. Both fades are centred (their mean dB subtracted), so the
///   reference RSSI stays the mean, as in `LinkFading`.
/// - The per-packet noise is a function of (till, advertising event, phone,
///   channel).
public struct FloorSignal: Sendable {
    /// The path loss (`PathLoss`, by the decibels table).
    public let pathLoss: PathLoss
    public let tillOffsetSigma: Double
    public let shadowingSigma: Double
    public let shadowingLength: Double
    public let packetNoise: Double
    /// Each till's drawn offset, dB, by index.
    public private(set) var offsets: [Double] = []
    private var shadowing: SharedSpectrumShadowing
    private let root: SeededGenerator
    private let hashKey: UInt64
    private let link: RicianDraw?
    private let channel: RicianDraw?
    /// The hashed normals' tables, and the held signals' logarithms, behind one shared reference:
    /// a copy of the model (one per advertising event) retains it once, where stored copies of
    /// the tables retained their four arrays, and reading the shared globals instead asked for
    /// their lazy initialisation at every draw.
    private let tables = SignalTables.standard
    @inline(__always) private var normals: Ziggurat { tables.normals }
    @inline(__always) private var decibels: Decibels { tables.decibels }

    public init(parameters: RadioParameters, generator: SeededGenerator) {
        pathLoss = PathLoss(referenceRSSI: parameters.referenceRSSI, exponent: parameters.pathLossExponent)
        tillOffsetSigma = parameters.tillOffsetSigma
        shadowingSigma = parameters.shadowingSigma
        shadowingLength = parameters.shadowingLength
        packetNoise = parameters.packetNoise
        noiseBound = parameters.packetNoise > 0 ? parameters.packetNoise * NormalQuantile.of(1 - 0x1.0p-53) : 0
        root = generator
        hashKey = generator.split("hashed draws").seed
        var spectrum = generator.split("shadowing spectrum")
        shadowing = SharedSpectrumShadowing(sigma: shadowingSigma, correlationLength: Swift.max(shadowingLength, 1e-6), generator: &spectrum)
        link = RicianDraw(kFactordB: parameters.fadingKdB)
        channel = parameters.channelFadingKdB.map { RicianDraw(kFactordB: $0) }
    }

    /// Draws the next till's offset and shadowing phases, each from its own stream (split by the till's index).
    public mutating func addTill() {
        let index = UInt64(offsets.count)
        var offsetStream = root.split("till offset").split(index)
        offsets.append(tillOffsetSigma > 0 ? offsetStream.normal(mean: 0, sd: tillOffsetSigma) : 0)
        var phaseStream = root.split("shadowing").split(index)
        shadowing.addTill(generator: &phaseStream)
    }

    /// Mean RSSI at `distance` metres.
    public func meanRSSI(distance: Double) -> Double {
        pathLoss.meanRSSI(decibelsOfDistance: decibels.of(PathLoss.clamped(distance)))
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
        var base = meanRSSI(distance: position.distance(to: tillPosition)) + offsets[till] + fixedOffset
        if shadowingSigma > 0 { base += shadowing.value(till: till, basis: basis) }
        let pair = pairKey(till: till, phone: phone)
        var state = key(pair: pair, stand: stand)
        if let link { base += link.fade(&state, normals, decibels) }
        guard let channel else { return HeldSignal(link: base, channels: (base, base, base), noiseKey: pair) }
        let c0 = channel.fade(&state, normals, decibels), c1 = channel.fade(&state, normals, decibels)
        let c2 = channel.fade(&state, normals, decibels)
        return HeldSignal(link: base, channels: (base + c0, base + c1, base + c2), noiseKey: pair)
    }

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

    /// `noise(till:event:phone:channel:)` for the pair whose `HeldSignal.noiseKey` is `pair`
    /// (the same value, without hashing the till and phone again for every packet).
    @inline(__always)
    func noise(pair: UInt64, event: Int, channel: Int) -> Double {
        guard packetNoise > 0 else { return 0 }
        var state = packetKey(pair: pair, event: event, channel: channel) ^ 0x5DEE_CE66_D1CE_4E5B
        return packetNoise * normals.normal(&state)
    }

    /// The hash state of what the phone's stack does with one packet it
    /// decoded (till's event `event` on `channel`, the pair's `noiseKey`):
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
    private func pairKey(till: Int, phone: Int) -> UInt64 {
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

/// What a phone standing still receives from a till before the per-packet
/// noise: on a connection (`link`) and on each advertising channel.
public struct HeldSignal: Sendable {
    public let link: Double
    public let channels: (Double, Double, Double)
    /// The (till, phone) pair's hash, for its packets' noise (`FloorSignal.noise(pair:event:channel:)`);
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

/// A centred Rician fade in dB, drawn from a hash state.
package struct RicianDraw: Sendable {
    let lineOfSight: Double
    let scatter: Double
    let mean: Double

    init(kFactordB: Double) {
        let k = pow(10, kFactordB / 10)
        lineOfSight = (k / (k + 1)).squareRoot()
        scatter = (1 / (2 * (k + 1))).squareRoot()
        // The mean of 10 log10 |h|^2 by a midpoint rule over the two normals
        // (+-6 sd, 81 points each; `LinkFading.moments` uses 281 and agrees
        // within 0.001 dB at K 0-10 dB), deterministic and cheap enough for every floor.
        let n = 81, span = 6.0, step = 2 * span / Double(n)
        var nodes: [Double] = [], weights: [Double] = []
        for index in 0..<n {
            let u = -span + (Double(index) + 0.5) * step
            nodes.append(u)
            weights.append(exp(-u * u / 2) / (2 * Double.pi).squareRoot() * step)
        }
        var sum = 0.0, total = 0.0
        for a in 0..<n {
            for b in 0..<n {
                let re = lineOfSight + scatter * nodes[a], im = scatter * nodes[b]
                sum += weights[a] * weights[b] * Decibels.standard.of(Swift.max(re * re + im * im, 1e-12))
                total += weights[a] * weights[b]
            }
        }
        mean = sum / total
    }

    func fade(_ state: inout UInt64, _ normals: Ziggurat, _ decibels: Decibels) -> Double {
        let re = lineOfSight + scatter * normals.normal(&state), im = scatter * normals.normal(&state)
        return decibels.of(Swift.max(re * re + im * im, 1e-12)) - mean
    }
}

/// The signal model's fixed tables (`FloorSignal.tables`), one instance for every model.
package final class SignalTables: Sendable {
    let normals = Ziggurat.standard
    let decibels = Decibels.standard

    static let standard = SignalTables()
}
