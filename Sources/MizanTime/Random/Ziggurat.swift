#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard normals from a hash state by the ziggurat method (Marsaglia and
/// Tsang, "The Ziggurat Method for Generating Random Variables", Journal of
/// Statistical Software 5(8), 2000), with 256 layers: the signal model's
/// hashed normals (`SignalModel`).
///
/// Of every draw, 98.8 % is one hash, a multiply and a compare against the
/// layer's table; the rest take a wedge test (one `exp`) or, one draw in
/// 3,900, the tail beyond r = 3.654, which is drawn by Wichura's quantile
/// function (`NormalQuantile`, AS 241) of one more hashed uniform, so the
/// distribution is the normal's in every region, to the precision of the
/// tables. A tail uniform is never below 2^-53 of the normal's mass, so no
/// draw exceeds `NormalQuantile.of(1 - 2^-53)` (8.2) in size: the bound the
/// collision check relies on (`SignalModel.noiseBound`), as with AS 241 alone.
///
/// AS 241 of one uniform for every draw would cost a division and two
/// degree-7 polynomials per draw, about a tenth of W3's wall time.
public struct Ziggurat: Sendable {
    /// Layer edges: x[0] = v / f(r) (the base layer's width, its tail
    /// folded in), x[1] = r, x[i] decreasing, x[256] = 0.
    @usableFromInline let x: [Double]
    /// f(x[i]) = exp(-x[i]^2 / 2), increasing to f(x[256]) = 1.
    @usableFromInline let f: [Double]
    /// The normal's mass beyond r, 1 - Phi(r).
    @usableFromInline let tailMass: Double

    /// The tables of the standard 256-layer ziggurat: r and the layers'
    /// common area v (of the unnormalised density exp(-x^2 / 2)) from
    /// Marsaglia and Tsang's paper; the edges by their recurrence.
    public static let standard = Ziggurat()

    static let r = 3.6541528853610088
    static let area = 4.92867323399e-3

    private init() {
        let r = Self.r, v = Self.area
        var x = [Double](repeating: 0, count: 257)
        x[0] = v / exp(-r * r / 2)
        x[1] = r
        for i in 2..<256 {
            x[i] = (-2 * log(v / x[i - 1] + exp(-x[i - 1] * x[i - 1] / 2))).squareRoot()
        }
        x[256] = 0
        self.x = x
        f = x.map { exp(-$0 * $0 / 2) }
        tailMass = 0.5 * erfc(r / 2.0.squareRoot())
    }

    /// A standard normal from `state`, advancing it (one `SeededGenerator.splitMix64` step per try).
    @inlinable @inline(__always)
    public func normal(_ state: inout UInt64) -> Double {
        while true {
            let bits = SeededGenerator.splitMix64(&state)
            let layer = Int(truncatingIfNeeded: bits & 0xFF)
            // (k + 1/2) / 2^51 - 1 for the top 52 bits k: in (-1, 1), never 0, every value exact.
            let u = (Double(bits >> 12) + 0.5) * 0x1.0p-51 - 1
            let value = u * x[layer]
            if abs(value) < x[layer + 1] { return value }
            if layer == 0 { return tail(&state, negative: u < 0) }
            let height = f[layer] + (f[layer + 1] - f[layer]) * Self.unit(&state)
            if height < exp(-value * value / 2) { return value }
        }
    }

    /// Beyond r: the normal's quantile of a uniform share of the tail's mass (at least 2^-53 of the whole).
    @usableFromInline @inline(never)
    func tail(_ state: inout UInt64, negative: Bool) -> Double {
        let share = Swift.max(Self.unit(&state) * tailMass, 0x1.0p-53)
        let magnitude = -NormalQuantile.of(share)
        return negative ? -magnitude : magnitude
    }

    /// A uniform in (0, 1) from the top 52 bits of one hash step: (k + 1/2) / 2^52.
    @inlinable @inline(__always)
    public static func unit(_ state: inout UInt64) -> Double {
        (Double(SeededGenerator.splitMix64(&state) >> 12) + 0.5) * 0x1.0p-52
    }
}
