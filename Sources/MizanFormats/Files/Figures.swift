/// How every output writes a figure, with one rule for a figure that is not a
/// finite number (NaN where nothing was measured, an infinite ratio): text
/// for people says "n/a", JSON writes `null` (`JSON.fixed`, `JSON.figure`), a CSV cell stays empty.
/// Finite figures are fixed-point, rounded to `digits` decimals, trailing
/// zeros dropped, never in exponent notation (`Decimals`).
public enum Figures {
    /// For people: `value` to `digits` decimals, or "n/a".
    public static func text(_ value: Double, digits: Int) -> String {
        value.isFinite ? Decimals.format(value, digits: digits) : "n/a"
    }

    /// For people: a share as a percentage (`share` × 100) to `digits` decimals, or "n/a".
    public static func percent(_ share: Double, digits: Int = 1) -> String {
        text(share * 100, digits: digits)
    }

    /// For people: a difference of shares in percentage points with its sign, or "n/a".
    public static func signedPercent(_ share: Double, digits: Int = 1) -> String {
        share.isFinite ? (share >= 0 ? "+" : "") + percent(share, digits: digits) : "n/a"
    }

    /// In a CSV cell: `value` to `digits` decimals, or an empty cell (none, or not finite).
    public static func csv(_ value: Double?, digits: Int = 4) -> String {
        guard let value, value.isFinite else { return "" }
        return Decimals.format(value, digits: digits)
    }
}
