import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shadowing of the signal model (`SignalModel`): a Gaussian random field
/// over the floor per till (x, y in metres), standard deviation `sigma` and
/// exponential correlation `exp(-r / correlationLength)` (the Danis residuals
/// between tracks at the same spot: 2.3 dB, 1.7 m; `docs/signal-model.md`),
/// built so that a phone can evaluate every till's field at its spot for the
/// price of one.
///
/// Every till's field is a sum of M random Fourier features,
/// `sigma sqrt(2/M) sum cos(k_m . p + phi_tm)`, with the wave vectors `k_m`
/// drawn once for the floor and the phases `phi_tm` drawn for each till. Since
/// `cos(k.p + phi) = cos(k.p) cos(phi) - sin(k.p) sin(phi)`, a phone computes
/// the M cosines and sines of its spot once (`Basis`) and each till's value is
/// then a dot product: 2M multiply-adds instead of M cosines. The wave vectors
/// sample the spectral density of the exponential covariance (random Fourier
/// features), so each till's field has variance exactly `sigma^2` and a
/// correlation that tends to the exponential as M grows (M = 96 is within a
/// few hundredths at 0.25-3 m); two tills' fields
/// are uncorrelated (independent phases), as separate fields are, though not
/// independent (they share their spectrum's sample). `SharedSpectrumShadowingTests`
/// checks the variance, the spatial correlation and the tills' cross-correlation.
public struct SharedSpectrumShadowing: Sendable {
    public let sigma: Double
    public let correlationLength: Double
    public let features: Int
    let kx: [Double]
    let ky: [Double]
    /// Each till's phases as cos(phi) and sin(phi), four features to a vector
    /// (`chunks` vectors per till, till after till; padding lanes are 0).
    private var cosPhase: [SIMD4<Double>] = []
    private var sinPhase: [SIMD4<Double>] = []
    private let chunks: Int
    let scale: Double

    /// A spot's features, cos(k_m . p) and sin(k_m . p), four to a vector (padding lanes 0).
    /// Immutable, and a class so that passing it on retains one object, not its two arrays
    /// (a phone's held signals from every till it hears use its spot's basis).
    public final class Basis: Sendable {
        let cosines: [SIMD4<Double>]
        let sines: [SIMD4<Double>]

        init(cosines: [SIMD4<Double>], sines: [SIMD4<Double>]) {
            self.cosines = cosines
            self.sines = sines
        }
    }

    /// Draws the wave vectors (`waveVector`).
    public init(sigma: Double, correlationLength: Double, features: Int = 96, generator: inout SeededGenerator) {
        precondition(features > 0 && correlationLength > 0, "a field needs features and a positive correlation length")
        self.sigma = sigma
        self.correlationLength = correlationLength
        self.features = features
        var kx: [Double] = [], ky: [Double] = []
        for _ in 0..<features {
            let wave = Self.waveVector(correlationLength: correlationLength, generator: &generator)
            kx.append(wave.x)
            ky.append(wave.y)
        }
        self.kx = kx
        self.ky = ky
        chunks = (features + 3) / 4
        scale = sigma * (2 / Double(features)).squareRoot()
    }

    /// Tills whose phases are drawn.
    public var tills: Int { cosPhase.count / chunks }

    /// Draws the next till's phases.
    public mutating func addTill(generator: inout SeededGenerator) {
        var cosines = [Double](repeating: 0, count: chunks * 4), sines = cosines
        for index in 0..<features {
            let phase = generator.uniform(0...(2 * Double.pi))
            cosines[index] = cos(phase)
            sines[index] = sin(phase)
        }
        cosPhase += Self.packed(cosines)
        sinPhase += Self.packed(sines)
    }

    /// The features at (x, y), for `value(till:basis:)`: four cosines and
    /// sines at a time by `Cosine` (within 2 units in the last place of the C
    /// library's), the C library's for an angle beyond its reach.
    public func basis(x: Double, y: Double) -> Basis {
        var cosines = [SIMD4<Double>](repeating: .zero, count: chunks), sines = cosines
        for chunk in 0..<chunks {
            var angle = SIMD4<Double>.zero
            let lanes = Swift.min(4, features - chunk * 4)
            for lane in 0..<lanes { angle[lane] = kx[chunk * 4 + lane] * x + ky[chunk * 4 + lane] * y }
            (cosines[chunk], sines[chunk]) = Cosine.cosineAndSine(angle)
            // An angle beyond `Cosine`'s reach: the C library's, for that feature alone.
            for lane in 0..<lanes where abs(angle[lane]) > Cosine.reducedLimit {
                (cosines[chunk][lane], sines[chunk][lane]) = (libraryCosine(angle[lane]), librarySine(angle[lane]))
            }
            // Padding lanes stay 0 (their phases are 0 too).
            for lane in lanes..<4 { (cosines[chunk][lane], sines[chunk][lane]) = (0, 0) }
        }
        return Basis(cosines: cosines, sines: sines)
    }

    /// One feature's wave vector, from the spectral density of the exponential
    /// covariance (a bivariate Cauchy with scale 1/L): z / (L |w|), z a 2-D
    /// standard normal and w a standard normal.
    static func waveVector(correlationLength: Double, generator: inout SeededGenerator) -> (x: Double, y: Double) {
        let zx = generator.normal(), zy = generator.normal()
        var w = 0.0
        repeat { w = abs(generator.normal()) } while w < 1e-9
        return (zx / (correlationLength * w), zy / (correlationLength * w))
    }

    /// The largest value a till's field can take anywhere, dB: `scale` times the features (each
    /// term a cosine, at most 1 in size; a little above, for the features' rounding).
    public var largest: Double { sigma > 0 ? scale * Double(features) * (1 + 1e-12) : 0 }

    /// The till's field at the spot `basis` was made for, dB.
    public func value(till: Int, basis: Basis) -> Double {
        guard sigma > 0 else { return 0 }
        precondition(till >= 0 && till < tills && basis.cosines.count == chunks && basis.sines.count == chunks,
                     "a till of this floor and a basis made by it")
        let start = till * chunks
        var sum = SIMD4<Double>(repeating: 0)
        cosPhase.withUnsafeBufferPointer { cosPhase in
            sinPhase.withUnsafeBufferPointer { sinPhase in
                basis.cosines.withUnsafeBufferPointer { cosines in
                    basis.sines.withUnsafeBufferPointer { sines in
                        for chunk in 0..<chunks {
                            sum += cosines[chunk] * cosPhase[start + chunk] - sines[chunk] * sinPhase[start + chunk]
                        }
                    }
                }
            }
        }
        return scale * sum.sum()
    }

    /// The phase of feature `feature` of till `till`, radians (for tests).
    func phase(till: Int, feature: Int) -> Double {
        let chunk = till * chunks + feature / 4
        return atan2(sinPhase[chunk][feature % 4], cosPhase[chunk][feature % 4])
    }

    private static func packed(_ values: [Double]) -> [SIMD4<Double>] {
        stride(from: 0, to: values.count, by: 4).map { SIMD4(values[$0], values[$0 + 1], values[$0 + 2], values[$0 + 3]) }
    }

    /// The till's field at (x, y), dB (a basis made for this one value).
    public func value(till: Int, x: Double, y: Double) -> Double {
        value(till: till, basis: basis(x: x, y: y))
    }
}
