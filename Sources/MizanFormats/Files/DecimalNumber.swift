/// A number written in decimal, as every input of the tool writes one: digits, a sign, a
/// point and an exponent. `Double(_:)` also reads hexadecimal floats ("0x1p2" is 4), "inf"
/// and "nan", which no input means.
public enum DecimalNumber {
    /// `text` as a finite number, or nil when it is not one written in decimal.
    public static func read(_ text: some StringProtocol) -> Double? {
        guard !text.isEmpty,
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.eE".utf8.contains($0) }),
              let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }
}
