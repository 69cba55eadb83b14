/// Fixed-point text for numbers in CSV and JSON: rounded to `digits`
/// decimals, trailing zeros dropped, never exponent notation.
public enum Decimals {
    public static func format(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let whole = Int64(scaled)
        let unit = Int64(scale)
        let integer = whole / unit
        var fraction = String(whole % unit)
        fraction = String(repeating: "0", count: Swift.max(0, digits - fraction.count)) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && whole != 0 ? "-" : ""
        return sign + String(integer) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
