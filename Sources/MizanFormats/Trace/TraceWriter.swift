import MizanSim

/// The run's trace: one JSON line per `FloorEvent`, in the order events
/// happened, each with its virtual time in microseconds. It only serialises:
/// what each event is called and carries is `FloorEvent.text`. Built by hand
/// so that the same run gives the same bytes (no dictionary order, no locale,
/// no wall clock).
public final class TraceWriter {
    private let sink: (String) -> Void
    public private(set) var lines = 0

    /// `sink` receives each line, without its newline.
    public init(sink: @escaping (String) -> Void) { self.sink = sink }

    /// Writes `event` as one line.
    public func write(_ event: FloorEvent) {
        lines += 1
        sink(Self.line(event))
    }

    /// Writes `event` as one line, with `extra` fields after its own (the end record's floor and seed).
    public func write(_ event: FloorEvent, appending extra: [FloorEvent.Field]) {
        lines += 1
        sink(Self.line(event, appending: extra))
    }

    /// The trace line of `event`: `{"t":…,"device":…,"event":…}` and its
    /// fields, in order (`FloorEvent.text`), then `extra`.
    public static func line(_ event: FloorEvent, appending extra: [FloorEvent.Field] = []) -> String {
        let (name, own) = event.text
        let fields = own + extra
        var line = #"{"t":"#
        line += String(microseconds(event.time))
        line += #","device":"#
        appendQuoted(event.deviceName, to: &line)
        line += #","event":"#
        appendQuoted(name, to: &line)
        for field in fields {
            line += ","
            appendQuoted(field.key, to: &line)
            line += ":"
            switch field.value {
            case let .string(text): appendQuoted(text, to: &line)
            case let .int(number): line += String(number)
            case let .bool(flag): line += flag ? "true" : "false"
            }
        }
        line += "}"
        return line
    }

    /// What a floor is given to observe its events: `trace` writes each, then `events` receives it typed (either may be nil).
    public static func observer(_ trace: TraceWriter?, then events: ((FloorEvent) -> Void)?) -> ((FloorEvent) -> Void)? {
        switch (trace, events) {
        case let (trace?, events?): { trace.write($0); events($0) }
        case let (trace?, nil): trace.write
        case let (nil, events): events
        }
    }

    public static func microseconds(_ time: Duration) -> Int64 {
        let (seconds, attoseconds) = time.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// Appends `text` as a JSON string literal (also used by MizanRecordings's JSON output).
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
