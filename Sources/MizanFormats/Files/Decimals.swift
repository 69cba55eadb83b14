/// Fixed-point text of a finite number: rounded to `digits` decimals,
/// trailing zeros dropped, never exponent notation. What a value that is not
/// finite becomes is the output's rule, not this (`Figures`, `JSON.fixed`).
enum Decimals {
    static func format(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "n/a" }
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
