/// An ISO 4217 alphabetic currency code: exactly three ASCII letters A-Z.
public struct CurrencyCode: Hashable, Sendable, CustomStringConvertible {
    /// The three letters, e.g. `"EUR"`.
    public let code: String

    /// Number of bytes a code takes on the air.
    static let byteCount = 3

    /// Accepts exactly three ASCII uppercase letters; anything else is
    /// `FrameError.badCurrency`.
    public init(_ code: String) throws(FrameError) {
        try self.init(asciiBytes: Array(code.utf8))
    }

    /// Decodes the three ASCII bytes of a code; anything else is `badCurrency`.
    init(asciiBytes: [UInt8]) throws(FrameError) {
        guard asciiBytes.count == Self.byteCount,
              asciiBytes.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
        else { throw .badCurrency }
        self.init(unchecked: String(decoding: asciiBytes, as: UTF8.self))
    }

    private init(unchecked code: String) {
        self.code = code
    }

    /// The code's bytes on the air (always 3 ASCII bytes).
    var asciiBytes: [UInt8] { Array(code.utf8) }

    public var description: String { code }

    public static let eur = CurrencyCode(unchecked: "EUR")
    public static let usd = CurrencyCode(unchecked: "USD")
    public static let gbp = CurrencyCode(unchecked: "GBP")
    public static let sar = CurrencyCode(unchecked: "SAR")
    public static let aed = CurrencyCode(unchecked: "AED")
}
