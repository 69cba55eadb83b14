/// A strict JSON parser (RFC 8259) whose errors say the line and column.
public struct JSONParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let message: String
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private var values = 0

    /// The most values (objects, arrays, strings, numbers, literals) a document may hold: each
    /// takes about 80 bytes parsed, so a 64 MiB file of nested arrays would take 2 GB. A floor
    /// at every limit (docs/running-a-floor.md, input limits) holds under 100,000.
    public static let maximumValues = 1_000_000

    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        guard !parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) else {
            throw parser.failure("the file starts with a UTF-8 byte-order mark (bytes EF BB BF), which JSON does not allow: save it without one")
        }
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ message: String) -> Failure {
        var line = 1, column = 1
        for byte in bytes[..<Swift.min(index, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return Failure(line: line, column: column, message: message)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of file, expected a value") }
        values += 1
        if values > Self.maximumValues {
            throw failure("more than \(Self.maximumValues) values (objects, arrays, strings, numbers, literals): no input of this tool needs as many")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character '\(Character(Unicode.Scalar(bytes[index])))', expected a value")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected '\(word)'")
        }
        index += expected.count
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > 64 { throw failure("nested more than 64 levels deep") }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = [] // a linear check for repeated fields, however many there are
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a field name in double quotes") }
            let key = try string()
            guard keys.insert(key).inserted else { throw failure("field '\(key)' appears twice") }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after field '\(key)'") }
            index += 1
            skipSpace()
            members.append((key, try value()))
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end of file inside an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(members) }
            throw failure("expected ',' or '}' in an object")
        }
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end of file inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(items) }
            throw failure("expected ',' or ']' in an array")
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                guard index < bytes.count else { throw failure("unexpected end of file in a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw failure("unpaired surrogate in a string")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate in a string") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw failure("invalid \\u escape") }
                    scalars.append(scalar)
                default: throw failure("invalid escape in a string")
                }
            case 0x00..<0x20:
                throw failure("control character in a string")
            default:
                raw.append(byte)
                index += 1
            }
        }
        throw failure("unexpected end of file in a string")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw failure("expected four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func number() throws(Failure) -> JSONNumber {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        let whole = index
        guard digits() > 0 else { throw failure("expected a digit") }
        if bytes[whole] == UInt8(ascii: "0"), index - whole > 1 { throw failure("a number may not start with 0") }
        let wholeEnd = index
        var fraction = wholeEnd..<wholeEnd
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let from = index
            guard digits() > 0 else { throw failure("expected a digit after '.'") }
            fraction = from..<index
        }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var sign = 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                if bytes[index] == UInt8(ascii: "-") { sign = -1 }
                index += 1
            }
            let from = index
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
            // Saturated past the document's length (plus the 20 digits of 2^64): an exponent as
            // large moves the point past every digit the number has and 20 more, so whatever its
            // exact value the number is 0, infinite or not whole in 64 bits; a smaller one is exact,
            // however many digits the number has.
            let saturated = bytes.count + 100
            for digit in bytes[from..<index] { exponent = min(exponent * 10 + Int(digit - UInt8(ascii: "0")), saturated) }
            exponent *= sign
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw failure("number out of range")
        }
        let magnitude = wholeMagnitude(whole: whole..<wholeEnd, fraction: fraction, point: (wholeEnd - whole) + exponent)
        return JSONNumber(value: value, wholeMagnitude: magnitude, isNegative: negative)
    }

    /// The whole number that the digits of `whole` then `fraction`, with the
    /// decimal point after the first `point` of them, denote, exactly, when it
    /// is whole and below 2^64: nil when a digit after the point is not 0, or
    /// the number does not fit.
    private func wholeMagnitude(whole: Range<Int>, fraction: Range<Int>, point: Int) -> UInt64? {
        let zero = UInt8(ascii: "0")
        let count = whole.count + fraction.count
        func digit(_ at: Int) -> UInt8 {
            if at >= count { return zero }
            return at < whole.count ? bytes[whole.lowerBound + at] : bytes[fraction.lowerBound + at - whole.count]
        }
        guard (max(0, point)..<max(0, point, count)).allSatisfy({ digit($0) == zero }) else { return nil }
        // Every digit 0 is 0 whatever the exponent; otherwise, from its first digit that is not 0
        // ("0.05e3" is 50), past 20 digits before the point it is 10^20 or more.
        guard let first = (0..<Swift.min(Swift.max(0, point), count)).first(where: { digit($0) != zero }) else { return 0 }
        guard point - first <= 20 else { return nil }
        var magnitude: UInt64 = 0
        for at in first..<point {
            let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, overflowPlus) = times.addingReportingOverflow(UInt64(digit(at) - zero))
            guard !overflowTimes, !overflowPlus else { return nil }
            magnitude = plus
        }
        return magnitude
    }
}
