import MizanProtocol

/// Something no device may ever log, with every way it could be printed.
public struct Forbidden: Sendable {
    public enum Pattern: Hashable, Sendable {
        /// Anywhere in the line; `caseInsensitive` for hex and labels.
        case substring(String, caseInsensitive: Bool)
        /// A whole run of letters and digits (an optional `0x` dropped),
        /// compared without case: how a number is printed on its own.
        case token(String)
    }

    /// What it is, for the finding: "the amount", "the till's secret key".
    public let what: String
    public let patterns: [Pattern]

    public init(what: String, patterns: [Pattern]) {
        self.what = what
        self.patterns = patterns
    }

    /// The amount in minor units, as a decimal with `.` or `,` (with and
    /// without trailing zeros and thousands separators), and whole amounts next
    /// to their currency code.
    public static func amount(_ amount: Amount) -> Forbidden {
        let minor = amount.minorUnits
        let code = amount.currency.code
        let digits = minorDigits(code)
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let major = minor / scale
        let fraction = minor % scale
        var texts: [String] = [String(minor), "\(code) \(major)", "\(code)\(major)", "\(major) \(code)", "\(major)\(code)"]
        if digits > 0 {
            let padded = String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
            var trimmed = padded
            while trimmed.hasSuffix("0") { trimmed.removeLast() }
            var wholes = [String(major)]
            if major >= 1_000 {
                for separator in [",", ".", " ", "'", "\u{00A0}", "\u{202F}"] { wholes.append(group(major, separator)) }
            }
            for whole in wholes {
                for point in [".", ","] {
                    texts.append(whole + point + padded)
                    if !trimmed.isEmpty, trimmed != padded { texts.append(whole + point + trimmed) }
                }
            }
        }
        return Forbidden(what: "the amount", patterns: unique(texts).map { .substring($0, caseInsensitive: true) })
    }

    /// A key (public, secret or session): its hex in either case, any 4 bytes
    /// of it as 8 hex digits, and its base64 (standard and URL-safe), whole or
    /// its first 8 characters.
    public static func key(_ what: String, _ bytes: [UInt8]) -> Forbidden {
        var patterns: [Pattern] = [.substring(hex(bytes), caseInsensitive: true)]
        if bytes.count >= 4 {
            for start in 0...(bytes.count - 4) { patterns.append(.substring(hex(Array(bytes[start..<(start + 4)])), caseInsensitive: true)) }
        }
        for alphabet in [Base64.standard, Base64.urlSafe] {
            let encoded = Base64.encode(bytes, alphabet: alphabet)
            patterns.append(.substring(encoded, caseInsensitive: false))
            var unpadded = encoded
            while unpadded.hasSuffix("=") { unpadded.removeLast() }
            patterns.append(.substring(unpadded, caseInsensitive: false))
            patterns.append(.substring(String(encoded.prefix(8)), caseInsensitive: false))
        }
        return Forbidden(what: what, patterns: unique(patterns))
    }

    /// A numeric identifier: in decimal and in hex, with and without zero
    /// padding to its width, as a token of its own.
    public static func identifier(_ what: String, _ value: UInt64, byteWidth: Int) -> Forbidden {
        let hexDigits = String(value, radix: 16)
        let padded = String(repeating: "0", count: Swift.max(0, 2 * byteWidth - hexDigits.count)) + hexDigits
        return Forbidden(what: what, patterns: unique([String(value), hexDigits, padded]).map { .token($0) })
    }

    /// A name such as a till's label, in any case.
    public static func label(_ what: String, _ text: String) -> Forbidden {
        Forbidden(what: what, patterns: [.substring(text, caseInsensitive: true)])
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    /// ISO 4217 minor-unit digits of the few currencies that do not use two.
    static func minorDigits(_ code: String) -> Int {
        switch code {
        case "JPY", "KRW", "VND", "CLP", "ISK", "XOF", "XAF", "UGX", "PYG", "RWF": 0
        case "BHD", "KWD", "OMR", "JOD", "TND", "IQD", "LYD": 3
        default: 2
        }
    }

    private static func group(_ value: Int64, _ separator: String) -> String {
        var digits = Array(String(value))
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(String(digits), at: 0)
        return groups.joined(separator: separator)
    }

    private static func unique<T: Hashable>(_ items: [T]) -> [T] {
        var seen: Set<T> = []
        return items.filter { seen.insert($0).inserted }
    }
}
