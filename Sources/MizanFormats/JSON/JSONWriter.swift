/// Writes a `JSON` value as text: the one JSON encoder of every output.
///
/// - `compact`: `{"a":1,"b":[2,3]}` (a line of JSON Lines: the trace, a sweep's rows);
/// - `spaced`: `{"a": 1, "b": [2, 3]}`;
/// - `lines(inner)`: the outermost object or list one member (item) per
///   line, indented two spaces, and each item of a member's non-empty list
///   on a line of its own, indented four; everything deeper written `inner`.
public struct JSONWriter: Sendable {
    /// A space after each comma and colon.
    private let spaced: Bool
    /// Whether the outermost value and its members' lists break over lines.
    private let broken: Bool

    public static var compact: JSONWriter { JSONWriter(spaced: false, broken: false) }
    public static var spaced: JSONWriter { JSONWriter(spaced: true, broken: false) }

    public static func lines(_ inner: JSONWriter) -> JSONWriter {
        JSONWriter(spaced: inner.spaced, broken: true)
    }

    private init(spaced: Bool, broken: Bool) {
        self.spaced = spaced
        self.broken = broken
    }

    public func text(_ value: JSON) -> String {
        var text = ""
        text.reserveCapacity(128)
        write(value, to: &text)
        return text
    }

    public func write(_ value: JSON, to text: inout String) {
        switch value {
        case let .object(members) where broken && !members.isEmpty:
            text += "{\n"
            for (index, member) in members.enumerated() {
                if index > 0 { text += ",\n" }
                text += "  "
                Self.quote(member.key, to: &text)
                text += ": "
                if case let .array(items) = member.value, !items.isEmpty {
                    text += "[\n"
                    for (number, item) in items.enumerated() {
                        text += number > 0 ? ",\n    " : "    "
                        Self.inline(item, spaced: spaced, to: &text)
                    }
                    text += "\n  ]"
                } else {
                    Self.inline(member.value, spaced: spaced, to: &text)
                }
            }
            text += "\n}"
        case let .array(items) where broken && !items.isEmpty:
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += index > 0 ? ",\n  " : "  "
                Self.inline(item, spaced: spaced, to: &text)
            }
            text += "\n]"
        default:
            Self.inline(value, spaced: spaced, to: &text)
        }
    }

    private static func inline(_ value: JSON, spaced: Bool, to text: inout String) {
        switch value {
        case let .object(members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += spaced ? ", " : "," }
                quote(member.key, to: &text)
                text += spaced ? ": " : ":"
                inline(member.value, spaced: spaced, to: &text)
            }
            text += "}"
        case let .array(items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += spaced ? ", " : "," }
                inline(item, spaced: spaced, to: &text)
            }
            text += "]"
        case let .string(string): quote(string, to: &text)
        case let .int(number): text += String(number)
        case let .unsigned(number): text += String(number)
        case let .number(number): text += number.isFinite ? String(number) : "null"
        case let .fixed(number, digits): text += number.isFinite ? Decimals.format(number, digits: digits) : "null"
        case let .decimal(units, places): decimal(units, places: places, to: &text)
        case let .bool(flag): text += flag ? "true" : "false"
        case .null: text += "null"
        case let .written(json): text += json
        }
    }

    /// `units` × 10^-`places` with every place written.
    private static func decimal(_ units: Int64, places: Int, to text: inout String) {
        precondition((0...18).contains(places), "JSON.decimal has 0 to 18 places")
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        if units < 0 { text += "-" }
        let magnitude = units.magnitude
        text += String(magnitude / UInt64(scale))
        guard places > 0 else { return }
        let fraction = String(magnitude % UInt64(scale))
        text += "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// Appends `string` as a JSON string literal.
    public static func quote(_ string: String, to text: inout String) {
        text += "\""
        // Most strings (every key, most values) need no escape: append them whole.
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            text += string
            text += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
