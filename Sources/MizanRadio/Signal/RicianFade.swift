import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A centred Rician fade in dB (`10 log10 |h|^2 - its mean`, `h` Rician with
/// unit mean power and K factor `kFactordB`), drawn from a hash state: the
/// signal model's link and channel fades (`SignalModel`).
///
/// K about 7 dB at 2.4 GHz on-body, walking (EURASIP JWCN 2014); the Danis
/// fit splits the residual variance into a link fade of K 7 dB and each
/// channel's own fade of K 5.7 dB (`docs/signal-model.md`). `moments` and
/// `kFactor` turn a fitted share of variance into K (`TwinFit`).
public struct RicianFade: Sendable {
    let lineOfSight: Double
    let scatter: Double
    let mean: Double

    init(kFactordB: Double) {
        (lineOfSight, scatter) = Self.parts(kFactordB: kFactordB)
        // The mean of 10 log10 |h|^2 by a midpoint rule over the two normals
        // (+-6 sd, 81 points each; `moments` uses 281 and agrees
        // within 0.001 dB at K 0-10 dB), deterministic and cheap enough for every floor.
        let n = 81
        let (nodes, weights) = Self.midpointNormal(points: n, span: 6)
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

    /// The largest fade `fade` can draw, dB, its normals at most `largest` in size: both at their
    /// largest, the in-phase one positive (a little above, for the logarithm's rounding).
    func largest(normalsUpTo largest: Double) -> Double {
        Self.largestPower(lineOfSight: lineOfSight, scatter: scatter, normalsUpTo: largest) - mean
    }

    /// The largest 10 log10 |h|^2 of a fade of these parts whose normals are at most `largest` in
    /// size, dB: both at their largest, the in-phase one positive (a little above, for the
    /// logarithm's rounding).
    static func largestPower(lineOfSight: Double, scatter: Double, normalsUpTo largest: Double) -> Double {
        let re = abs(lineOfSight) + scatter * largest, im = scatter * largest
        return 10 * log10(re * re + im * im) + 1e-9
    }

    /// At most ln E[e^(t F)] for the fade F (dB) this draws, `t` (> 0) per dB, its normals at most
    /// `largest` in size: with P = |h|^2 and s = 10 t / ln 10, E[P^s] = (2 scatter^2)^s Gamma(1 + s)
    /// e^-K 1F1(1 + s; 1; K), K = lineOfSight^2 / (2 scatter^2) (the non-central chi-square's
    /// moments, its normals unbounded; 1F1 by its series, in logarithms), less t times the fade's
    /// mean. Past K 400 (26 dB: a fade within a dB or so), whose series would run to thousands of
    /// terms, t times the largest fade instead (`largest(normalsUpTo:)`), which F never passes.
    func logMomentGenerating(_ t: Double, normalsUpTo largest: Double) -> Double {
        let s = t * 10 / log(10.0)
        guard scatter > 0 else { return t * (10 * log10(Swift.max(lineOfSight * lineOfSight, 1e-12)) - mean) }
        let k = lineOfSight * lineOfSight / (2 * scatter * scatter)
        guard k <= 400 else { return t * self.largest(normalsUpTo: largest) }
        // ln of the series' sum: its terms (1 + s)_n K^n / (n!)^2 rise to a peak and fall; summed
        // relative to the largest so far until they are e^-40 of it and falling.
        var series = 0.0
        if k > 0 {
            var term = 0.0, largest = 0.0, sum = 1.0, n = 0.0
            while n < 100_000 {
                term += log(1 + s + n) + log(k) - 2 * log(n + 1)
                n += 1
                if term > largest {
                    sum = sum * exp(largest - term) + 1
                    largest = term
                } else {
                    sum += exp(term - largest)
                    if term < largest - 40, n > k { break }
                }
            }
            series = largest + log(sum) - k
        }
        return s * log(2 * scatter * scatter) + Self.logGamma(1 + s) + series - t * mean
    }

    /// ln Gamma(x) for x >= 1: raised past 10 by Gamma(x + 1) = x Gamma(x), then Stirling's series
    /// (within 1e-12; the C library's `lgamma` writes a global).
    static func logGamma(_ x: Double) -> Double {
        var x = x, shift = 0.0
        while x < 10 {
            shift += log(x)
            x += 1
        }
        let inverse = 1 / x, square = inverse * inverse
        let series = inverse * (1.0 / 12 - square * (1.0 / 360 - square * (1.0 / 1260 - square / 1680)))
        return (x - 0.5) * log(x) - x + 0.5 * log(2 * Double.pi) + series - shift
    }

    /// Mean, standard deviation and third central moment (dB, dB^3) of
    /// `10 log10 |h|^2` for Rician `h` with unit mean power and K factor
    /// `kFactordB`: a midpoint rule over the two standard normals (±7 sd, 281
    /// points each), deterministic.
    public static func moments(kFactordB: Double) -> (mean: Double, sd: Double, third: Double) {
        let (los, sc) = parts(kFactordB: kFactordB)
        let n = 281
        let (nodes, weights) = midpointNormal(points: n, span: 7)
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

    /// A Rician fade's line-of-sight and scatter amplitudes for K `kFactordB`, at unit mean power.
    static func parts(kFactordB: Double) -> (lineOfSight: Double, scatter: Double) {
        let k = pow(10, kFactordB / 10)
        return ((k / (k + 1)).squareRoot(), (1 / (2 * (k + 1))).squareRoot())
    }

    /// A standard normal's midpoint rule: `points` nodes evenly over +-`span` and their weights.
    private static func midpointNormal(points: Int, span: Double) -> (nodes: [Double], weights: [Double]) {
        let step = 2 * span / Double(points)
        var nodes: [Double] = [], weights: [Double] = []
        for index in 0..<points {
            let u = -span + (Double(index) + 0.5) * step
            nodes.append(u)
            weights.append(exp(-u * u / 2) / (2 * Double.pi).squareRoot() * step)
        }
        return (nodes, weights)
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
