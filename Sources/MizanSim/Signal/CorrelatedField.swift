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
    private let kx: [Double]
    private let ky: [Double]
    private let phase: [Double]
    private let scale: Double

    public init(sigma: Double, correlationLength: Double, features: Int = 96, generator: inout SeededGenerator) {
        precondition(features > 0 && correlationLength > 0, "a field needs features and a positive correlation length")
        self.sigma = sigma
        self.correlationLength = correlationLength
        var kx: [Double] = [], ky: [Double] = [], phase: [Double] = []
        for _ in 0..<features {
            let zx = generator.normal(), zy = generator.normal()
            var w = 0.0
            repeat { w = abs(generator.normal()) } while w < 1e-9
            kx.append(zx / (correlationLength * w))
            ky.append(zy / (correlationLength * w))
            phase.append(generator.uniform(0...(2 * Double.pi)))
        }
        self.kx = kx
        self.ky = ky
        self.phase = phase
        scale = sigma * (2 / Double(features)).squareRoot()
    }

    /// The field's value at (x, y), in the field's unit (dB for shadowing).
    public func value(x: Double, y: Double) -> Double {
        guard sigma > 0 else { return 0 }
        var sum = 0.0
        kx.withUnsafeBufferPointer { kx in
            ky.withUnsafeBufferPointer { ky in
                phase.withUnsafeBufferPointer { phase in
                    for index in 0..<kx.count { sum += Cosine.cos(kx[index] * x + ky[index] * y + phase[index]) }
                }
            }
        }
        return scale * sum
    }

    public func value(at position: Position) -> Double { value(x: position.x, y: position.y) }
}
