/// Fixed-point text of a finite number: rounded to `digits` decimals,
/// trailing zeros dropped, no exponent notation below 9·10^15 / 10^`digits`
/// (beyond, the shortest text of the number). What a value that is not finite
/// becomes is the caller's rule (`Figures`, `JSON.fixed`), so it is never given one.
enum Decimals {
    static func format(_ value: Double, digits: Int) -> String {
        precondition(value.isFinite, "Decimals.format is given finite numbers; Figures and JSON.fixed say what the others become")
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
