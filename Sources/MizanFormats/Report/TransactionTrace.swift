import MizanSim
import MizanRadio
import MizanTime
/// The trace events of one settled transaction: those of its till and its
/// phone from the first of them locking or tapping Start until both ended.
/// They come either typed, from the run as it happens (`collect(FloorEvent)`),
/// or read from a recorded trace file (`FloorTraceFile.read`).
public struct TransactionTrace {
    /// One event as the trace gives it: its time in whole microseconds, the
    /// device's name, the event's name and its fields.
    public struct Event: Equatable {
        public let time: Duration
        public let device: String
        public let event: String
        public let fields: [(key: String, value: JSONValue)]

        /// A line of a recorded trace file.
        init?(_ line: String) {
            guard case let .object(members)? = try? JSONParser.parse(line),
                  case let .number(t)? = members.first(where: { $0.key == "t" })?.value, let micros = t.exactly(Int64.self),
                  case let .string(device)? = members.first(where: { $0.key == "device" })?.value,
                  case let .string(event)? = members.first(where: { $0.key == "event" })?.value,
                  // Whole microseconds within the trace's span: no conversion can trap.
                  FloorTraceFile.microsecondBounds.contains(Double(micros)) else { return nil }
            time = .microseconds(micros)
            self.device = device
            self.event = event
            fields = members.filter { !["t", "device", "event"].contains($0.key) }
        }

        /// A typed event of the run, as its trace line says it (no text in between).
        init(_ floorEvent: FloorEvent) {
            time = TransactionTrace.traceTime(floorEvent.time)
            device = floorEvent.deviceName
            let (name, fields) = floorEvent.text
            event = name
            self.fields = fields.map { field in
                switch field.value {
                case let .string(text): (field.key, .string(text))
                case let .int(number): (field.key, .number(JSONNumber(number)))
                case let .bool(flag): (field.key, .bool(flag))
                }
            }
        }

        /// The same event: time, device, name, and fields in order.
        public static func == (a: Event, b: Event) -> Bool {
            a.time == b.time && a.device == b.device && a.event == b.event && a.fields.count == b.fields.count
                && zip(a.fields, b.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        }

        /// The numbers of the phones the event names, each once, in the order of its fields: a field
        /// `phone` holding a phone's number (`phone=50`, from 1), or any field holding a phone's name
        /// (`to=phone-50`).
        public var namedPhones: [Int] {
            var named: [Int] = []
            for field in fields {
                let number: Int? = switch field.value {
                case let .string(text): if case let .phone(index)? = DeviceRef(name: text) { DeviceRef.phone(index).number } else { nil }
                case let .number(number): field.key == "phone" ? number.exactly(Int.self).flatMap { $0 >= 1 ? $0 : nil } : nil
                default: nil
                }
                if let number, !named.contains(number) { named.append(number) }
            }
            return named
        }

        public func string(_ key: String) -> String? {
            if case let .string(text)? = fields.first(where: { $0.key == key })?.value { return text }
            return nil
        }

        /// The event's fields as `key=value` words.
        public var details: String {
            fields.map { field in
                switch field.value {
                case let .string(text): "\(field.key)=\(text)"
                case .number: "\(field.key)=\(JSON(field.value).compact)"
                case let .bool(flag): "\(field.key)=\(flag)"
                case .null, .array, .object: "\(field.key)=…"
                }
            }.joined(separator: " ")
        }
    }

    /// The transaction's number, from 1, in the order transactions settled (as in transactions.jsonl).
    public let number: Int
    public let seed: UInt64
    /// The transaction's till and phone, if it had one.
    public let tillDevice: DeviceRef?
    public let phoneDevice: DeviceRef?
    /// The till a transaction of the phone alone chose (`transactions.jsonl`'s till): busy with
    /// another, it kept no record of this one (ending 16), so only its events that name the
    /// phone are this transaction's.
    public let tillChosen: DeviceRef?
    /// The till whose air is the transaction's: its own, or the one its phone chose.
    public var airTill: DeviceRef? { tillDevice ?? tillChosen }
    /// Their names in the trace (`till-?`, `phone-?` for none).
    public let till: String
    public let phone: String
    public let start: Duration
    /// The transaction's events collected so far, in trace order.
    public private(set) var events: [Event] = []
    /// When the transaction's events end: its last step, and 100 ms more.
    public let end: Duration

    /// The transaction with no events yet, from a report that kept it:
    /// `collect` its events from its run. `nil` when there is no such
    /// transaction, or it did not pair a till and a phone.
    public init?(report: FloorReport, number: Int) {
        let settled = report.ledger.settled
        guard settled.indices.contains(number - 1) else { return nil }
        let record = settled[number - 1]
        self.init(number: number, record: record, host: record.host.flatMap { report.ledger.host($0) },
                  attempt: record.attempt.flatMap { report.ledger.attempt($0) }, seed: report.seed)
    }

    /// The transaction as it settled during a run of `seed` (`TransactionLedger.streamSettled`).
    public init?(_ transaction: TransactionLedger.SettledTransaction, seed: UInt64) {
        self.init(number: transaction.number, record: transaction.record, host: transaction.host, attempt: transaction.attempt, seed: seed)
    }

    private init?(number: Int, record: TransactionLedger.Settled, host: TransactionLedger.HostRecord?,
                  attempt: TransactionLedger.PhoneAttempt?, seed: UInt64) {
        guard host != nil || attempt != nil else { return nil }
        let starts = [host?.lockedAt, attempt?.startedAt].compactMap { $0 }
        let ends = [host?.endedAt, attempt?.endedAt, record.at].compactMap { $0 }
        // Trace times are whole microseconds: compare at that grain.
        start = Self.traceTime(starts.min() ?? record.at)
        end = (ends.max() ?? record.at) + .milliseconds(100)
        tillDevice = host.map { .till($0.till) }
        phoneDevice = attempt.map { .phone($0.phone) }
        tillChosen = host == nil ? attempt?.chosenTill.map { .till($0) } : nil
        till = (tillDevice ?? tillChosen)?.name ?? "till-?"
        phone = phoneDevice?.name ?? "phone-?"
        self.number = number
        self.seed = seed
    }

    /// Keeps `event`, read from a trace file, if it is the transaction's: of its till or its phone, between its start and end.
    public mutating func collect(_ event: Event) {
        guard event.time >= start && event.time <= end else { return }
        if event.device == phone || (event.device == till && (tillDevice != nil || names(phone: event))) { events.append(event) }
    }

    /// Keeps `event`, as the run records it, if it is the transaction's.
    public mutating func collect(_ event: FloorEvent) {
        guard let device = event.device, device == tillDevice || device == phoneDevice || device == tillChosen else { return }
        let time = Self.traceTime(event.time)
        guard time >= start && time <= end else { return }
        let typed = Event(event)
        if device != tillChosen || names(phone: typed) { events.append(typed) }
    }

    /// Whether a till's event names the transaction's phone (`to=phone-50`, `phone=50`).
    private func names(phone event: Event) -> Bool {
        guard let phoneDevice else { return false }
        return event.namedPhones.contains(phoneDevice.number)
    }

    /// Whether an event at `time` comes after the transaction's span: the run's events are in time order, so none of the transaction's follows.
    public func isOver(at time: Duration) -> Bool { Self.traceTime(time) > end }

    /// `time` as the trace records it: whole microseconds.
    static func traceTime(_ time: Duration) -> Duration { .microseconds(time.wholeMicroseconds) }
}
