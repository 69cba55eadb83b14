import MizanSim
/// The trace events of one settled transaction: those of its till and its
/// phone from the first of them locking or tapping Start until both ended.
public struct TransactionTrace {
    public struct Event {
        public let time: Duration
        public let device: String
        public let event: String
        public let fields: [(key: String, value: JSONValue)]

        init?(_ line: String) {
            guard case let .object(members)? = try? JSONParser.parse(line),
                  case let .number(micros)? = members.first(where: { $0.key == "t" })?.value,
                  case let .string(device)? = members.first(where: { $0.key == "device" })?.value,
                  case let .string(event)? = members.first(where: { $0.key == "event" })?.value,
                  // Whole microseconds within the trace's span: no conversion can trap.
                  FloorTraceFile.microsecondBounds.contains(micros), micros == micros.rounded() else { return nil }
            time = .microseconds(Int64(micros))
            self.device = device
            self.event = event
            fields = members.filter { !["t", "device", "event"].contains($0.key) }
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
                case let .number(number): "\(field.key)=\(number == number.rounded() ? String(Int(number)) : String(number))"
                case let .bool(flag): "\(field.key)=\(flag)"
                case .null, .array, .object: "\(field.key)=…"
                }
            }.joined(separator: " ")
        }
    }

    /// The transaction's number, from 1, in the order transactions settled (as in transactions.jsonl).
    public let number: Int
    public let seed: UInt64
    public let till: String
    public let phone: String
    public let start: Duration
    /// The transaction's events collected so far, in trace order.
    public private(set) var events: [Event] = []
    private let end: Duration

    /// `nil` when there is no such transaction, or it did not pair a till and a phone.
    public init?(report: FloorReport, number: Int, trace: [String]) {
        self.init(report: report, number: number)
        for line in trace { if let event = Event(line) { collect(event) } }
    }

    /// The transaction with no events yet: `collect` them from its run's trace
    /// as it streams in. `nil` when there is no such transaction, or it did
    /// not pair a till and a phone.
    public init?(report: FloorReport, number: Int) {
        let settled = report.ledger.settled
        guard settled.indices.contains(number - 1) else { return nil }
        let record = settled[number - 1]
        let host = record.host.flatMap { report.ledger.host($0) }
        let attempt = record.attempt.flatMap { report.ledger.attempt($0) }
        guard host != nil || attempt != nil else { return nil }
        let starts = [host?.lockedAt, attempt?.startedAt].compactMap { $0 }
        let ends = [host?.endedAt, attempt?.endedAt, record.at].compactMap { $0 }
        // Trace times are whole microseconds: compare at that grain.
        start = Duration.microseconds(TraceWriter.microseconds(starts.min() ?? record.at))
        end = (ends.max() ?? record.at) + .milliseconds(100)
        till = host.map { "till-\($0.till + 1)" } ?? "till-?"
        phone = attempt.map { "phone-\($0.phone + 1)" } ?? "phone-?"
        self.number = number
        seed = report.seed
    }

    /// Keeps `event` if it is the transaction's: of its till or its phone, between its start and end.
    public mutating func collect(_ event: Event) {
        if (event.device == till || event.device == phone) && event.time >= start && event.time <= end { events.append(event) }
    }
}
