import MizanTime
/// A floor trace in the Trace Event Format, the JSON that Perfetto
/// (ui.perfetto.dev) and chrome://tracing open (`trace.perfetto.json`;
/// `docs/outputs.md` says how to read it):
///
/// - a process per device (each till, each phone, and the floor), named as
///   the trace names it, tills first, then phones, then the floor;
/// - a slice per screen on a device's track, from the screen's start to the
///   next screen or the trace's end;
/// - an instant for every other event (chooses, connected, set-up exchanges,
///   link lost, settled ...), its fields as the instant's arguments;
/// - a flow arrow for each frame from the sender's `sends` to the receiver's
///   `receives` (matched first in, first out by receiver and frame); a frame
///   sent and never received is an instant `frame lost` on the sender;
/// - virtual time as the clock: `ts` in microseconds since the run began.
///
/// Events are written track by track in time order, so every track's
/// timestamps are non-decreasing in the file.
public struct PerfettoTrace {
    private struct Record {
        let pid: Int
        let ts: Int64
        /// The order added: ties in time keep it.
        let order: Int
        let json: JSON
    }

    private var records: [Record] = []
    private var pids: [String: Int] = [:]
    private var names: [String] = []
    private var openScreens: [Int: String] = [:]
    /// Frames sent and not yet received, by receiver and frame: (the sender's pid, when, the flow's id).
    private var inFlight: [String: [(pid: Int, ts: Int64, id: Int)]] = [:]
    private var inFlightOrder: [String] = []
    private var flows = 0
    private var last: Int64 = 0

    public init() {}

    /// Adds the next event of the trace (events in time order).
    public mutating func add(_ event: TransactionTrace.Event) {
        let ts = event.time.wholeMicroseconds
        last = Swift.max(last, ts)
        let pid = pid(of: event.device)
        switch event.event {
        case "screen":
            let screen = event.string("screen") ?? "?"
            if let open = openScreens[pid] { append(pid, ts, phase: "E", name: open) }
            append(pid, ts, phase: "B", name: screen)
            openScreens[pid] = screen
        case "sends" where event.string("to") != nil:
            let frame = event.string("frame") ?? "frame", receiver = event.string("to") ?? ""
            flows += 1
            let key = receiver + "\u{0}" + frame
            if inFlight[key] == nil { inFlightOrder.append(key) }
            inFlight[key, default: []].append((pid, ts, flows))
            append(pid, ts, phase: "i", name: "sends " + frame, arguments: event.fields)
        case "receives":
            let frame = event.string("frame") ?? "frame"
            let key = event.device + "\u{0}" + frame
            append(pid, ts, phase: "i", name: "receives " + frame, arguments: event.fields)
            if var queue = inFlight[key], !queue.isEmpty {
                let sent = queue.removeFirst()
                inFlight[key] = queue
                append(sent.pid, sent.ts, phase: "s", name: frame, id: sent.id)
                append(pid, ts, phase: "f", name: frame, id: sent.id)
            }
        default:
            append(pid, ts, phase: "i", name: event.event, arguments: event.fields)
        }
    }

    /// The whole file: the processes' names, then each track's events in time order.
    public mutating func json() -> String {
        // Frames never received, and screens still open at the end.
        for key in inFlightOrder {
            for sent in inFlight[key] ?? [] {
                append(sent.pid, sent.ts, phase: "i", name: "frame lost", arguments: [("frame", .string(String(key.split(separator: "\u{0}").last ?? "")))])
            }
        }
        inFlight = [:]
        inFlightOrder = []
        for pid in openScreens.keys.sorted() {
            if let open = openScreens[pid] { append(pid, last, phase: "E", name: open) }
        }
        openScreens = [:]
        let sorted = records.sorted { ($0.pid, $0.ts, $0.order) < ($1.pid, $1.ts, $1.order) }
        var events: [JSON] = []
        events.reserveCapacity(sorted.count + 2 * names.count)
        for (pid, name) in names.enumerated() {
            events.append(.object([("ph", .string("M")), ("name", .string("process_name")), ("pid", .int(pid + 1)),
                                   ("tid", .int(1)), ("args", .object([("name", .string(name))]))]))
            events.append(.object([("ph", .string("M")), ("name", .string("process_sort_index")), ("pid", .int(pid + 1)),
                                   ("tid", .int(1)), ("args", .object([("sort_index", .int(Self.sortIndex(name, pid: pid)))]))]))
        }
        events += sorted.map(\.json)
        return JSONWriter.lines(.spaced).text(.object([("displayTimeUnit", .string("ms")), ("traceEvents", .array(events))])) + "\n"
    }

    /// Tills first (by number), then phones, then the floor.
    static func sortIndex(_ name: String, pid: Int) -> Int {
        if name.hasPrefix("till-"), let n = Int(name.dropFirst(5)) { return n }
        if name.hasPrefix("phone-"), let n = Int(name.dropFirst(6)) { return 1_000_000 + n }
        return 3_000_000 + pid
    }

    private mutating func pid(of device: String) -> Int {
        if let known = pids[device] { return known }
        names.append(device)
        pids[device] = names.count
        return names.count
    }

    private mutating func append(_ pid: Int, _ ts: Int64, phase: String, name: String, id: Int? = nil,
                                 arguments: [(key: String, value: JSONValue)] = []) {
        var members: [(key: String, value: JSON)] = [("ph", .string(phase)), ("name", .string(name)), ("pid", .int(pid)),
                                                     ("tid", .int(1)), ("ts", .int(Int(ts)))]
        switch phase {
        case "i": members.append(("s", .string("t")))
        case "s", "f":
            members.append(("cat", .string("frame")))
            members.append(("id", .int(id ?? 0)))
            if phase == "f" { members.append(("bp", .string("e"))) }
        default: break
        }
        if !arguments.isEmpty { members.append(("args", .object(arguments.map { ($0.key, JSON($0.value)) }))) }
        records.append(Record(pid: pid, ts: ts, order: records.count, json: .object(members)))
    }
}
