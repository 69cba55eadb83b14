import MizanGeometry
import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Gaussian random field over the floor (x, y in metres) with standard
/// deviation `sigma` and exponential correlation `exp(-r / correlationLength)`,
/// drawn once from a seeded generator and then a pure function of position.
///
/// Built by random Fourier features: the 2-D spectral density of the
/// exponential covariance is a bivariate Cauchy with scale 1/L, sampled as
/// `z / (L |w|)` (z a 2-D standard normal, w a standard normal); the field is
/// `sigma * sqrt(2/M) * sum cos(k_m . p + phi_m)`. Its variance is exactly
/// `sigma^2`; its correlation tends to the exponential as M grows (M = 96 by
/// default is within a few hundredths at 0.25-3 m).
public struct CorrelatedField: Sendable {
    public let sigma: Double
    public let correlationLength: Double
    /// Four features: wave vectors, phases, and 1 for a real feature or 0 for padding (in the last).
    private struct FourFeatures {
        let kx: SIMD4<Double>
        let ky: SIMD4<Double>
        let phase: SIMD4<Double>
        let weight: SIMD4<Double>
    }

    private let chunks: [FourFeatures]
    private let features: Int
    private let scale: Double

    public init(sigma: Double, correlationLength: Double, features: Int = 96, generator: inout SeededGenerator) {
        precondition(features > 0 && correlationLength > 0, "a field needs features and a positive correlation length")
        self.sigma = sigma
        self.correlationLength = correlationLength
        var kx: [Double] = [], ky: [Double] = [], phase: [Double] = []
        for _ in 0..<features {
            let wave = Self.waveVector(correlationLength: correlationLength, generator: &generator)
            kx.append(wave.x)
            ky.append(wave.y)
            phase.append(generator.uniform(0...(2 * Double.pi)))
        }
        chunks = stride(from: 0, to: features, by: 4).map { start in
            func four(_ values: [Double]) -> SIMD4<Double> {
                var vector = SIMD4<Double>(repeating: 0)
                for lane in 0..<Swift.min(4, features - start) { vector[lane] = values[start + lane] }
                return vector
            }
            return FourFeatures(kx: four(kx), ky: four(ky), phase: four(phase), weight: four(Array(repeating: 1, count: features)))
        }
        self.features = features
        scale = sigma * (2 / Double(features)).squareRoot()
    }

    /// One feature's wave vector, from the spectral density of the exponential
    /// covariance (a bivariate Cauchy with scale 1/L): z / (L |w|), z a 2-D
    /// standard normal and w a standard normal (`SharedSpectrumShadowing` draws its own the same way).
    static func waveVector(correlationLength: Double, generator: inout SeededGenerator) -> (x: Double, y: Double) {
        let zx = generator.normal(), zy = generator.normal()
        var w = 0.0
        repeat { w = abs(generator.normal()) } while w < 1e-9
        return (zx / (correlationLength * w), zy / (correlationLength * w))
    }

    /// The field's value at (x, y), in the field's unit (dB for shadowing).
    /// Four features' cosines at a time, summed in the features' order.
    public func value(x: Double, y: Double) -> Double {
        guard sigma > 0 else { return 0 }
        var sum = 0.0
        let limit = SIMD4<Double>(repeating: Cosine.reducedLimit)
        chunks.withUnsafeBufferPointer { chunks in
            for (index, chunk) in chunks.enumerated() {
                let argument = chunk.kx * x + chunk.ky * y + chunk.phase
                if any(argument .> limit .| argument .< -limit) {
                    for lane in 0..<Swift.min(4, features - index * 4) { sum += Cosine.cos(argument[lane]) }
                    continue
                }
                // A padding lane's weight is 0: its cosine adds +0, which leaves the sum as it was.
                let cosines = Cosine.cos(argument) * chunk.weight
                sum += cosines[0]
                sum += cosines[1]
                sum += cosines[2]
                sum += cosines[3]
            }
        }
        return scale * sum
    }

    public func value(at position: Position) -> Double { value(x: position.x, y: position.y) }
}
