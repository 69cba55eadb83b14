import MizanSim
import MizanTime

/// The run's trace: one JSON line per `FloorEvent`, in the order events
/// happened, each with its virtual time in microseconds. It only serialises:
/// what each event is called and carries is `FloorEvent.text`. Written by
/// `JSONWriter`, so the same run gives the same bytes (no dictionary order,
/// no locale, no wall clock).
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
        var members: [(key: String, value: JSON)] = []
        members.reserveCapacity(3 + own.count + extra.count)
        members.append(("t", .int(Int(event.time.wholeMicroseconds))))
        members.append(("device", .string(event.deviceName)))
        members.append(("event", .string(name)))
        for field in own { members.append((field.key, JSON(field.value))) }
        for field in extra { members.append((field.key, JSON(field.value))) }
        return JSON.object(members).compact
    }

    /// What a floor is given to observe its events: `trace` writes each, then `events` receives it typed (either may be nil).
    public static func observer(_ trace: TraceWriter?, then events: ((FloorEvent) -> Void)?) -> ((FloorEvent) -> Void)? {
        switch (trace, events) {
        case let (trace?, events?): { trace.write($0); events($0) }
        case let (trace?, nil): trace.write
        case let (nil, events): events
        }
    }

}

extension JSON {
    /// A trace field's value.
    init(_ value: FloorEvent.Value) {
        switch value {
        case let .string(text): self = .string(text)
        case let .int(number): self = .int(number)
        case let .bool(flag): self = .bool(flag)
        }
    }
}
