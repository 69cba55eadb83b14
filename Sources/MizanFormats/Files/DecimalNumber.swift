/// A number written in decimal, as every input of the tool writes one: digits, a sign, a
/// point and an exponent. `Double(_:)` also reads hexadecimal floats ("0x1p2" is 4), "inf"
/// and "nan", which no input means.
public enum DecimalNumber {
    /// `text` as a finite number, or nil when it is not one written in decimal.
    /// Inlinable, so that a reader of many rows calls it for its own string type.
    @inlinable
    public static func read(_ text: some StringProtocol) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ byte in
                  switch byte {
                  case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                       UInt8(ascii: "e"), UInt8(ascii: "E"): true
                  default: false
                  }
              }),
              let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }
}
