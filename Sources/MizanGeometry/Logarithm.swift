/// Natural and decimal logarithms with the standard library only (what the
/// phone-side selection code and the fits use, `MizanSelection`): split `x`
/// into `m * 2^e` with `m` in [sqrt(1/2), sqrt(2)), then
/// `ln m = 2 atanh((m - 1) / (m + 1))` by its series. Relative error under 1e-15.
public enum Logarithm {
    public static let ln2 = 0.693_147_180_559_945_309_4
    public static let ln10 = 2.302_585_092_994_045_684_0

    @inlinable
    public static func natural(_ x: Double) -> Double {
        guard x > 0 else { return x == 0 ? -.infinity : .nan }
        guard x.isFinite else { return x }
        var exponent = Double(x.exponent)
        var m = x.significand // [1, 2)
        if m > 1.414_213_562_373_095_1 {
            m /= 2
            exponent += 1
        }
        let z = (m - 1) / (m + 1) // |z| < 0.172
        let z2 = z * z
        var term = z, sum = 0.0, k = 1.0
        for _ in 0..<14 {
            sum += term / k
            term *= z2
            k += 2
        }
        return exponent * ln2 + 2 * sum
    }

    @inlinable
    public static func decimal(_ x: Double) -> Double { natural(x) / ln10 }
}
