import MizanGeometry
import MizanTime
import MizanProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small-scale fading of one link (till, phone) on each advertising channel,
/// held while nothing moves and changing as the phone moves: Rician, its
/// in-phase and quadrature parts two `CorrelatedField`s over the phone's
/// position, so the fade is a pure function of where the phone is.
///
/// - K factor: about 7 dB at 2.4 GHz on-body, walking (EURASIP JWCN 2014);
///   `mizan twin` solves K from the fading share of the residual variance it
///   fits on its training tracks (on the Danis tracks about 8 % of the variance...
///   see `docs/signal-model.md` for the fitted values).
/// - Channels 37, 38 and 39 fade independently (narrowband; Faragher and Harle,
///   IEEE JSAC 2015): `channelCoherence` 0. At 1 the three channels share one
///   fade (what the Danis tracks show, whose reports do not say the channel).
/// - Correlation length: how far the phone moves before the fade changes; half
///   a wavelength is 6 cm at 2.4 GHz, the Danis tracks fit about 0.17 m.
///
/// The fade is centred (its mean in dB over the Rician distribution is
/// subtracted) so that a fitted reference RSSI stays the mean.
public struct LinkFading: Sendable {
    public let kFactordB: Double
    public let correlationLength: Double
    public let channelCoherence: Double
    public static let channels = 3
    private let lineOfSight: Double
    private let scatter: Double
    private let meanFade: Double
    /// Per till: the common in-phase and quadrature fields, then per channel its own pair.
    private let fields: [TillID: [CorrelatedField]]

    public init(tills: [TillID], kFactordB: Double, correlationLength: Double, channelCoherence: Double, generator: SeededGenerator) {
        self.kFactordB = kFactordB
        self.correlationLength = correlationLength
        self.channelCoherence = Swift.min(Swift.max(channelCoherence, 0), 1)
        let k = pow(10, kFactordB / 10)
        lineOfSight = (k / (k + 1)).squareRoot()
        scatter = (1 / (2 * (k + 1))).squareRoot()
        meanFade = Self.moments(kFactordB: kFactordB).mean
        var fields: [TillID: [CorrelatedField]] = [:]
        for till in tills {
            var stream = generator.split("fading/\(till.rawValue)")
            fields[till] = (0..<(2 + 2 * Self.channels)).map { _ in
                CorrelatedField(sigma: 1, correlationLength: correlationLength, generator: &stream)
            }
        }
        self.fields = fields
    }

    /// dB added to the link's mean on `channel` (0, 1, 2 for 37, 38, 39) with the phone at `position`.
    public func fade(till: TillID, channel: Int, at position: Position) -> Double {
        guard let f = fields[till] else { return 0 }
        let c = Swift.min(Swift.max(channel, 0), Self.channels - 1)
        let common = channelCoherence.squareRoot(), own = (1 - channelCoherence).squareRoot()
        let i = common * f[0].value(at: position) + own * f[2 + 2 * c].value(at: position)
        let q = common * f[1].value(at: position) + own * f[3 + 2 * c].value(at: position)
        let re = lineOfSight + scatter * i, im = scatter * q
        return 10 * log10(Swift.max(re * re + im * im, 1e-12)) - meanFade
    }

    /// Mean, standard deviation and third central moment (dB, dB^3) of
    /// `10 log10 |h|^2` for Rician `h` with unit mean power and K factor
    /// `kFactordB`: a midpoint rule over the two standard normals (±7 sd, 281
    /// points each), deterministic.
    public static func moments(kFactordB: Double) -> (mean: Double, sd: Double, third: Double) {
        let k = pow(10, kFactordB / 10)
        let los = (k / (k + 1)).squareRoot(), sc = (1 / (2 * (k + 1))).squareRoot()
        let n = 281, span = 7.0, step = 2 * span / Double(n)
        var weights: [Double] = [], nodes: [Double] = []
        for index in 0..<n {
            let u = -span + (Double(index) + 0.5) * step
            nodes.append(u)
            weights.append(exp(-u * u / 2) / (2 * Double.pi).squareRoot() * step)
        }
        var m1 = 0.0, m2 = 0.0, m3 = 0.0
        for a in 0..<n {
            for b in 0..<n {
                let re = los + sc * nodes[a], im = sc * nodes[b]
                let db = 10 * log10(Swift.max(re * re + im * im, 1e-12))
                let w = weights[a] * weights[b]
                m1 += w * db
                m2 += w * db * db
                m3 += w * db * db * db
            }
        }
        let variance = Swift.max(m2 - m1 * m1, 0)
        return (m1, variance.squareRoot(), m3 - 3 * m1 * variance - m1 * m1 * m1)
    }

    /// The K factor, dB, whose fade has standard deviation `sd` dB, by
    /// bisection over -10 to 40 dB (a Rayleigh-like fade spreads about 5.6 dB;
    /// a larger `sd` gives -10 dB).
    public static func kFactor(forSpread sd: Double) -> Double {
        var low = -10.0, high = 40.0
        if moments(kFactordB: low).sd <= sd { return low }
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if moments(kFactordB: middle).sd > sd { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
