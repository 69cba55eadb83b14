/// A strict JSON parser (RFC 8259) for lane files: no comments, no trailing
/// commas, no duplicate keys. Errors give the line and column.
public enum JSONParser {
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let message: String
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.atEnd else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var offset = 0
        static let maximumDepth = 64

        var atEnd: Bool { offset >= bytes.count }

        func error(_ message: String) -> SyntaxError {
            var line = 1
            var column = 1
            for byte in bytes[0..<Swift.min(offset, bytes.count)] {
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            }
            return SyntaxError(line: line, column: column, message: message)
        }

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
            guard depth < Self.maximumDepth else { throw error("nested too deeply") }
            guard offset < bytes.count else { throw error("expected a value, got the end of the file") }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: String) throws(SyntaxError) {
            let expected = Array(word.utf8)
            guard offset + expected.count <= bytes.count, Array(bytes[offset..<(offset + expected.count)]) == expected else {
                throw error("expected a value")
            }
            offset += expected.count
        }

        mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
            offset += 1
            var members: [(key: String, value: JSONValue)] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
            while true {
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let key = try string()
                guard !members.contains(where: { $0.key == key }) else { throw error("duplicate key \"\(key)\"") }
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\"") }
                offset += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard offset < bytes.count else { throw error("unterminated object") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                if bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
                throw error("expected ',' or '}'")
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
            offset += 1
            var items: [JSONValue] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard offset < bytes.count else { throw error("unterminated array") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                if bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(items) }
                throw error("expected ',' or ']'")
            }
        }

        mutating func string() throws(SyntaxError) -> String {
            offset += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() -> Bool {
                guard !raw.isEmpty else { return true }
                guard let text = String(validating: raw, as: UTF8.self) else { return false }
                scalars.append(contentsOf: text.unicodeScalars)
                raw.removeAll()
                return true
            }
            while true {
                guard offset < bytes.count else { throw error("unterminated string") }
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard flush() else { throw error("invalid UTF-8 in a string") }
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    guard flush() else { throw error("invalid UTF-8 in a string") }
                    scalars.append(try escape())
                case 0x00..<0x20:
                    throw error("control character in a string")
                default:
                    raw.append(byte)
                }
            }
        }

        mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
            guard offset < bytes.count else { throw error("unterminated escape") }
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let first = try hex4()
                if (0xD800..<0xDC00).contains(first) {
                    guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    offset += 2
                    let second = try hex4()
                    guard (0xDC00..<0xE000).contains(second),
                          let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    return scalar
                }
                guard let scalar = Unicode.Scalar(first) else { throw error("unpaired surrogate in \\u escape") }
                return scalar
            default:
                throw error("unknown escape")
            }
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw error("truncated \\u escape") }
            var value: UInt32 = 0
            for byte in bytes[offset..<(offset + 4)] {
                guard let digit = Self.hexDigit(byte) else { throw error("bad hex digit in \\u escape") }
                value = value << 4 | digit
            }
            offset += 4
            return value
        }

        static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        mutating func number() throws(SyntaxError) -> Double {
            let start = offset
            func digits() -> Int {
                let from = offset
                while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
                return offset - from
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let integerStart = offset
            let integerDigits = digits()
            guard integerDigits > 0 else { throw error("expected a value") }
            guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw error("leading zero in a number") }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                guard digits() > 0 else { throw error("expected digits after '.'") }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
                guard digits() > 0 else { throw error("expected digits in the exponent") }
            }
            guard let number = Double(String(decoding: bytes[start..<offset], as: UTF8.self)), number.isFinite else {
                throw error("number out of range")
            }
            return number
        }
    }
}
