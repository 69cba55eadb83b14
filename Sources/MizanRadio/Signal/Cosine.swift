import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cosine and sine of the shadowing field's features
/// (`SharedSpectrumShadowing`), written out so that it costs about a third of the
/// C library's, four at a time, and gives the same bits on every platform.
///
/// The argument is reduced by pi/2 in three parts (Cody and Waite, with
/// fdlibm's 33-bit split constants and no tail: each product is exact for
/// |x| up to `reducedLimit`, the subtractions round), and the remainder,
/// within pi/4, goes through fdlibm's cosine and sine kernels (`k_cos.c`,
/// `k_sin.c`: under one unit in the last place). Beyond `reducedLimit` the
/// caller takes the C library's. Against the C library's `cos` over 140,000 arguments
/// up to 10^6 it differs by at most 2 units in the last place and 2.3e-16
/// (`CosineTests`), so the figures are those of `cos`.
package enum Cosine {
    /// Largest |x| reduced here: n = x * 2/pi stays under 2^20, so n times each 33-bit part of pi/2 is exact.
    /// (Beyond it the three parts, with no tail, would lose accuracy.)
    static let reducedLimit = 1.0e6

    /// Four cosines and sines at once, each lane on its own, for arguments
    /// within `reducedLimit` (beyond it the caller takes the C library's:
    /// `libraryCosine`, `librarySine`): n = x * 2/pi rounded to nearest (the
    /// 1.5 x 2^52 shift rounds, and its low bits are n mod 4), r = x - n pi/2
    /// in three parts (fdlibm's pio2_1, pio2_2, pio2_3), fdlibm's cosine and
    /// sine kernels of r, and the quadrant's sign and swap: within 2 units in
    /// the last place of the C library's `cos` and `sin` (`CosineTests`).
    @inline(__always)
    static func cosineAndSine(_ x: SIMD4<Double>) -> (cos: SIMD4<Double>, sin: SIMD4<Double>) {
        let shift = SIMD4<Double>(repeating: 0x1.8p52)
        let shifted = x * 0x1.45F306DC9C883p-1 + shift
        let quadrant = unsafeBitCast(shifted, to: SIMD4<UInt64>.self) & 3
        let n = shifted - shift
        let r = ((x - n * 1.57079632673412561417e+00) - n * 6.07710050630396597660e-11) - n * 2.02226624871116645580e-21
        let z = r * r
        var c = z * -1.13596475577881948265e-11 + 2.08757232129817482790e-09
        c = z * c + -2.75573143513906633035e-07
        c = z * c + 2.48015872894767294178e-05
        c = z * c + -1.38888888888741095749e-03
        c = z * c + 4.16666666666666019037e-02
        c = z * c
        let hz = 0.5 * z
        let w = 1.0 - hz
        let cosR = unsafeBitCast(w + (((1.0 - w) - hz) + z * c), to: SIMD4<UInt64>.self)
        var s = z * 1.58969099521155010221e-10 + -2.50507602534068634195e-08
        s = z * s + 2.75573137070700676789e-06
        s = z * s + -1.98412698298579493134e-04
        s = z * s + 8.33333333332248946124e-03
        let sinR = unsafeBitCast(r + r * z * (-1.66666666666666324348e-01 + z * s), to: SIMD4<UInt64>.self)
        let odd = SIMD4<UInt64>(repeating: 0) &- (quadrant & 1)
        // cos(x) by quadrant: cos r, -sin r, -cos r, sin r; sin(x): sin r, cos r, -sin r, -cos r.
        let cosine = ((cosR & ~odd) | (sinR & odd)) ^ (((quadrant &+ 1) & 2) &<< 62)
        let sine = ((sinR & ~odd) | (cosR & odd)) ^ ((quadrant & 2) &<< 62)
        return (unsafeBitCast(cosine, to: SIMD4<Double>.self), unsafeBitCast(sine, to: SIMD4<Double>.self))
    }
}

/// The C library's cosine, for arguments beyond `Cosine.reducedLimit`.
@inline(never)
package func libraryCosine(_ x: Double) -> Double { cos(x) }

/// The C library's sine, for arguments beyond `Cosine.reducedLimit`.
@inline(never)
package func librarySine(_ x: Double) -> Double { sin(x) }
