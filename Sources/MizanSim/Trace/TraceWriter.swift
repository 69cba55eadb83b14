/// The run's trace: one JSON line per event, in the order events happened,
/// each with its virtual time in microseconds. Built by hand so that the same
/// run gives the same bytes (no dictionary order, no locale, no wall clock).
public final class TraceWriter {
    public typealias Field = (key: String, value: Value)

    public enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
    }

    private let sink: (String) -> Void
    public private(set) var lines = 0

    /// `sink` receives each line, without its newline.
    public init(sink: @escaping (String) -> Void) { self.sink = sink }

    public func write(at time: Duration, device: String, event: String, _ fields: [Field] = []) {
        var line = #"{"t":"#
        line += String(Self.microseconds(time))
        line += #","device":"#
        Self.appendQuoted(device, to: &line)
        line += #","event":"#
        Self.appendQuoted(event, to: &line)
        for field in fields {
            line += ","
            Self.appendQuoted(field.key, to: &line)
            line += ":"
            switch field.value {
            case let .string(text): Self.appendQuoted(text, to: &line)
            case let .int(number): line += String(number)
            case let .bool(flag): line += flag ? "true" : "false"
            }
        }
        line += "}"
        lines += 1
        sink(line)
    }

    public static func microseconds(_ time: Duration) -> Int64 {
        let (seconds, attoseconds) = time.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// Appends `text` as a JSON string literal (also used by MizanSelection's JSON output).
    public static func appendQuoted(_ text: String, to line: inout String) {
        line += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    line += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    line.unicodeScalars.append(scalar)
                }
            }
        }
        line += "\""
    }
}
