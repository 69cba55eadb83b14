import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// 10 log10(x) for the signal model's held signals (`SignalModel`): a
/// phone's path loss and fades from every till it hears, five logarithms
/// per till and scan, which through the C library were a sixth of the held
/// signal's cost.
///
/// x = m 2^e with m in [1, 2); m's nearest centre c = 1 + k / 128 (k from 0 to
/// 128) leaves r = (m - c) / c within 1/256 of 0, and ln m = ln c + ln(1 + r),
/// the latter by its series to r^6 (what is left, r^7 / 7, is under 2e-18 of
/// it); near m = 1 the centre is 1 itself, so nothing cancels. The
/// centres' logarithms are the C library's, taken once. Within 8 units in the
/// last place of the C library's, or 1e-15 dB where the result is near 0 dB
/// (`DecibelsTests`), in about 20 instructions.
/// Zero, negative, subnormal and non-finite inputs go to the C library.
package struct Decibels: Sendable {
    /// 1 / c and ln c for each of the 129 centres.
    private let inverse: [Double]
    private let logarithm: [Double]

    static let standard = Decibels()

    private init() {
        var inverse: [Double] = [], logarithm: [Double] = []
        for k in 0...128 {
            let centre = 1 + Double(k) / 128
            inverse.append(1 / centre)
            // The last centre is 2: its logarithm is the very `ln2` the exponent is scaled by, so
            // that just below 1 (exponent -1, centre 2) the two cancel exactly.
            logarithm.append(k == 128 ? Self.ln2 : log(centre))
        }
        self.inverse = inverse
        self.logarithm = logarithm
    }

    private static let ln2 = 0.693_147_180_559_945_309_4
    private static let decibelsPerNeper = 10 / 2.302_585_092_994_045_684_0

    /// 10 log10(x).
    @inline(__always)
    func of(_ x: Double) -> Double {
        Self.decibelsPerNeper * natural(x)
    }

    /// ln x.
    @inline(__always)
    func natural(_ x: Double) -> Double {
        let bits = x.bitPattern
        let biased = Int(truncatingIfNeeded: bits >> 52)
        // Positive, normal and finite: the sign bit clear, the exponent neither 0 nor all ones.
        guard biased > 0, biased < 0x7FF else { return log(x) }
        // The top 8 bits of m's fraction, rounded to 7: the nearest centre.
        let k = (Int(truncatingIfNeeded: (bits >> 44) & 0xFF) + 1) >> 1
        let m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
        // m and the centre lie within a factor of 2 of each other, so the difference is exact.
        let r = (m - (1 + Double(k) * 0x1.0p-7)) * inverse[k]
        let r2 = r * r
        let series = r - r2 * (0.5 - r * (1.0 / 3 - r * (0.25 - r * (0.2 - r * (1.0 / 6)))))
        return (Double(biased - 1023) * Self.ln2 + logarithm[k]) + series
    }
}
