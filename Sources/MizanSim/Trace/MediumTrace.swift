/// Writes what happened on the air to the trace, devices counted from 1.
enum MediumTrace {
    static func write(_ event: MediumEvent, to trace: TraceWriter, at time: Duration) {
        switch event {
        case let .advertisingStarted(till): trace.write(at: time, device: "till-\(till + 1)", event: "advertising starts")
        case let .advertisingStopped(till): trace.write(at: time, device: "till-\(till + 1)", event: "advertising stops")
        case let .connected(phone, till): trace.write(at: time, device: "phone-\(phone + 1)", event: "connected", [("till", .int(till + 1))])
        case let .connectFailed(phone, till):
            trace.write(at: time, device: "phone-\(phone + 1)", event: "connect failed", [("till", .int((till ?? -2) + 1))])
        case let .connectRequestLost(phone, till):
            trace.write(at: time, device: "phone-\(phone + 1)", event: "connect request lost", [("till", .int(till + 1))])
        case let .setUp(phone, till, exchange):
            trace.write(at: time, device: "phone-\(phone + 1)", event: "set-up", [("till", .int(till + 1)), ("exchange", .string(exchange.rawValue))])
        case let .sent(phone, till, toTill, type, bytes):
            trace.write(at: time, device: toTill ? "phone-\(phone + 1)" : "till-\(till + 1)", event: "sends",
                        [("frame", .string(type?.name ?? "unknown")), ("bytes", .int(bytes)), ("to", .string(toTill ? "till-\(till + 1)" : "phone-\(phone + 1)"))])
        case let .delivered(phone, till, toTill, type):
            trace.write(at: time, device: toTill ? "till-\(till + 1)" : "phone-\(phone + 1)", event: "receives",
                        [("frame", .string(type?.name ?? "unknown"))])
        case let .linkLost(phone, till, reason):
            trace.write(at: time, device: "phone-\(phone + 1)", event: "link lost", [("till", .int(till + 1)), ("reason", .string(reason.rawValue))])
        case let .unsubscribed(phone, till):
            trace.write(at: time, device: "till-\(till + 1)", event: "unsubscribed", [("phone", .int(phone + 1))])
        case let .serviceRetired(till): trace.write(at: time, device: "till-\(till + 1)", event: "service retired")
        case let .power(device, availability):
            let name = switch device { case let .till(i): "till-\(i + 1)"; case let .phone(i): "phone-\(i + 1)" }
            trace.write(at: time, device: name, event: "bluetooth", [("state", .string("\(availability)"))])
        }
    }
}
