/// A strict JSON parser (RFC 8259) whose errors give the line and column.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private let path: String

    public static func parse(_ text: String, path: String) throws(InputError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8), path: path)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    private func error(_ reason: String) -> InputError {
        var line = 1, column = 1
        for byte in bytes[..<Swift.min(index, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return InputError(path: path, line: line, "column \(column): \(reason)")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(InputError) {
        skipSpace()
        guard current == byte else { throw error("expected \(what)") }
        index += 1
    }

    private mutating func value(depth: Int) throws(InputError) -> JSONValue {
        guard depth < 64 else { throw error("nested too deeply") }
        skipSpace()
        guard let byte = current else { throw error("unexpected end of file: expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: String) throws(InputError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected a value")
        }
        index += expected.count
    }

    private mutating func object(depth: Int) throws(InputError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a field name in double quotes") }
            let key = try string()
            if members.contains(where: { $0.key == key }) { throw error("field '\(key)' appears twice") }
            try expect(UInt8(ascii: ":"), "':' after field name '\(key)'")
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(InputError) -> JSONValue {
        index += 1
        var values: [JSONValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") { index += 1; return .array(values) }
        while true {
            values.append(try value(depth: depth + 1))
            skipSpace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return .array(values)
        }
    }

    private mutating func string() throws(InputError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                guard let escape = current else { throw error("unterminated string") }
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
                    guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(code) else { throw error("bad \\u escape (surrogate pairs are not supported)") }
                    index += 4
                    scalars.append(scalar)
                default: throw error("bad escape in string")
                }
            default:
                guard byte >= 0x20 else { throw error("control character in string") }
                raw.append(byte)
            }
        }
        throw error("unterminated string")
    }

    private mutating func number() throws(InputError) -> Double {
        let start = index
        let allowed = Set("+-0123456789.eE".utf8)
        while let byte = current, allowed.contains(byte) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let digitsOK = text.first == "-" || text.first?.isNumber == true
        guard !text.isEmpty, digitsOK, !text.hasPrefix("+"), let value = Double(text), value.isFinite else {
            index = start
            throw error(text.isEmpty ? "expected a value" : "'\(text)' is not a number")
        }
        return value
    }
}
