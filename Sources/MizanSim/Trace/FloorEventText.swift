import MizanRadio
import MizanTime
import MizanProtocol

/// What a trace line says about a `FloorEvent`: the device's name, the
/// event's name and its fields, in the line's order. The one place that names
/// events; `TraceWriter.line(_:)` writes it out, `mizan replay` prints it.
extension FloorEvent {
    /// The name of the floor itself as a trace's device.
    public static let floorDevice = "floor"

    /// The device's name (`till-3`, `phone-12`, or `floor`).
    public var deviceName: String { device?.name ?? Self.floorDevice }

    /// The event's name and fields as the trace writes them.
    public var text: (event: String, fields: [Field]) {
        switch kind {
        case let .air(event): return Self.text(event)
        case let .tillScreen(_, screen): return ("screen", [("screen", .string(screen.rawValue))])
        case let .serving(_, phone): return ("serving", [("phone", .int(DeviceRef.phone(phone).number))])
        case let .tillEnded(_, ending): return ("ended", [("ending", .string(ending.screen.rawValue))])
        case let .operatorLocks(_, phone, by):
            return ("operator locks", Self.by(by) + (phone.map { [("phone", .int(DeviceRef.phone($0).number))] } ?? []))
        case let .operatorPicks(_, outcome, by):
            return ("operator picks", Self.by(by) + [("outcome", .string(outcome == .success ? "success" : "failure"))])
        case let .operatorCancels(_, by): return ("operator cancels", Self.by(by))
        case let .arrives(_, till): return ("arrives", [("till", .int(DeviceRef.till(till).number))])
        case let .payerTurnedAway(till): return ("payer turned away", [("till", .int(DeviceRef.till(till).number))])
        case .payerTapsStart: return ("payer taps Start", [])
        case let .phoneScreen(_, screen): return ("screen", [("screen", .string(screen.rawValue))])
        case let .chooses(_, till, nearest):
            return ("chooses", [("till", .int(DeviceRef.till(till).number)), ("nearest", .int(Self.tillNumber(nearest)))])
        case .secureLink: return ("secure link", [])
        case let .phoneEnded(_, ending): return ("ended", [("ending", .string(ending.screen.rawValue))])
        case let .payerDecides(_, confirms, by): return (confirms ? "payer confirms" : "payer declines", Self.by(by))
        case let .payerCancels(_, by): return ("payer cancels", Self.by(by))
        case .payerLeaves: return ("payer leaves", [])
        case let .payerWalks(_, target, by):
            return ("payer walks", Self.by(by) + [("to_x", .string("\(target.x)")), ("to_y", .string("\(target.y)"))])
        case let .recorded(_, event, by, fields): return (event, Self.by(by) + fields)
        case let .settled(pair, verdict):
            var fields: [Field] = [
                ("host", .string(pair.host?.screen.rawValue ?? "-")),
                ("phone", .string(pair.phone?.screen.rawValue ?? "-")),
            ]
            switch verdict {
            case let .agreed(ending): fields.append(("ending", .int(ending.rawValue)))
            case .violated: fields.append(("violation", .bool(true)))
            }
            return ("settled", fields)
        case let .faultSkipped(device):
            // Named as everywhere else (`phone-5`), numbered from 1.
            return ("fault skipped", [("reason", .string("\(device.name) is not on the floor"))])
        case let .endOfTrace(lines): return ("end of trace", [("lines", .int(lines))])
        }
    }

    private static func text(_ event: MediumEvent) -> (event: String, fields: [Field]) {
        switch event {
        case .advertisingStarted: ("advertising starts", [])
        case .advertisingStopped: ("advertising stops", [])
        case let .connected(_, till): ("connected", [("till", .int(DeviceRef.till(till).number))])
        case let .connectFailed(_, till): ("connect failed", [("till", .int(tillNumber(till)))])
        case let .connectRequestLost(_, till): ("connect request lost", [("till", .int(DeviceRef.till(till).number))])
        case let .setUp(_, till, exchange):
            ("set-up", [("till", .int(DeviceRef.till(till).number)), ("exchange", .string(exchange.rawValue))])
        case let .sent(phone, till, toTill, type, bytes):
            ("sends", [("frame", .string(type?.name ?? "unknown")), ("bytes", .int(bytes)),
                       ("to", .string(toTill ? DeviceRef.till(till).name : DeviceRef.phone(phone).name))])
        case let .delivered(_, _, _, type): ("receives", [("frame", .string(type?.name ?? "unknown"))])
        case let .linkLost(_, till, reason):
            ("link lost", [("till", .int(DeviceRef.till(till).number)), ("reason", .string(reason.rawValue))])
        case let .unsubscribed(phone, _): ("unsubscribed", [("phone", .int(DeviceRef.phone(phone).number))])
        case .serviceRetired: ("service retired", [])
        case let .power(_, availability): ("bluetooth", [("state", .string("\(availability)"))])
        }
    }

    /// A till's number, or -1 for none.
    private static func tillNumber(_ till: Int?) -> Int { till.map { DeviceRef.till($0).number } ?? -1 }

    private static func by(_ person: String?) -> [Field] { person.map { [("by", .string($0))] } ?? [] }
}
