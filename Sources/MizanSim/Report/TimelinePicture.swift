/// `timeline.svg`: one transaction as a sequence diagram: the till, the air and
/// the phone as lifelines, frames as arrows through the air, screens as labels,
/// time running down.
public enum TimelinePicture {
    /// The first transaction that ended in success (or else the first settled one that
    /// paired a till and a phone), drawn from the run's trace lines.
    public static func svg(_ report: FloorReport, trace: [String]) -> String? {
        let settled = report.ledger.settled
        guard let record = settled.first(where: { $0.pair.host == .paid && $0.attempt != nil })
            ?? settled.first(where: { $0.host != nil && $0.attempt != nil }),
            let hostIndex = record.host, let attemptIndex = record.attempt else { return nil }
        let host = report.ledger.hosts[hostIndex], attempt = report.ledger.attempts[attemptIndex]
        let start = Swift.min(host.lockedAt, attempt.startedAt)
        let end = Swift.max(host.endedAt ?? record.at, attempt.endedAt ?? record.at) + .milliseconds(100)
        let till = "till-\(host.till)", phone = "phone-\(attempt.phone)"
        let events = trace.compactMap(TraceEvent.init).filter {
            ($0.device == till || $0.device == phone) && $0.time >= start && $0.time <= end
        }
        return draw(events, till: till, phone: phone, start: start,
                    title: "transaction \(settled.firstIndex { $0.host == hostIndex } .map { $0 + 1 } ?? 0): till \(host.till + 1), phone \(attempt.phone + 1), seed \(report.seed)")
    }

    struct TraceEvent {
        let time: Duration
        let device: String
        let event: String
        let fields: [(key: String, value: JSONValue)]

        init?(_ line: String) {
            guard case let .object(members)? = try? JSONParser.parse(line),
                  case let .number(micros)? = members.first(where: { $0.key == "t" })?.value,
                  case let .string(device)? = members.first(where: { $0.key == "device" })?.value,
                  case let .string(event)? = members.first(where: { $0.key == "event" })?.value else { return nil }
            time = .microseconds(Int64(micros))
            self.device = device
            self.event = event
            fields = members.filter { !["t", "device", "event"].contains($0.key) }
        }

        func string(_ key: String) -> String? {
            if case let .string(text)? = fields.first(where: { $0.key == key })?.value { return text }
            return nil
        }
    }

    static func draw(_ events: [TraceEvent], till: String, phone: String, start: Duration, title: String) -> String {
        // Time runs down one row per event (long waits would leave the page empty); each row gives its time.
        let x = (host: 300.0, air: 520.0, phone: 740.0)
        let rowHeight = 26.0, top = 90.0
        var svg = SVGDocument(width: 1000, height: top + Double(events.count + 1) * rowHeight + 40)
        svg.text(title, x: 20, y: 28, size: 15)
        svg.text("till", x: x.host, y: 64, size: 14, anchor: "middle")
        svg.text("air", x: x.air, y: 64, size: 14, anchor: "middle")
        svg.text("phone", x: x.phone, y: 64, size: 14, anchor: "middle")
        let bottom = top + Double(events.count) * rowHeight + 10
        for lane in [x.host, x.air, x.phone] { svg.line(x1: lane, y1: 72, x2: lane, y2: bottom, stroke: "#999", dashed: true) }
        for (row, event) in events.enumerated() {
            let y = top + Double(row) * rowHeight
            let millis = Double(TraceWriter.microseconds(event.time - start)) / 1000
            svg.text("\(SVGDocument.n(millis)) ms", x: 20, y: y + 4, size: 11, fill: "#666")
            let lane = event.device == till ? x.host : x.phone
            switch event.event {
            case "sends":
                svg.line(x1: lane, y1: y, x2: x.air, y2: y, stroke: "#c0392b", width: 1.5, arrow: true)
                svg.text(event.string("frame") ?? "frame", x: (lane + x.air) / 2, y: y - 4, size: 11, anchor: "middle")
            case "receives":
                svg.line(x1: x.air, y1: y, x2: lane, y2: y, stroke: "#c0392b", width: 1.5, arrow: true)
                svg.text(event.string("frame") ?? "frame", x: (lane + x.air) / 2, y: y - 4, size: 11, anchor: "middle")
            case "screen":
                svg.rect(x: lane - 4, y: y - 4, width: 8, height: 8, fill: "#2e86de")
                svg.text(event.string("screen") ?? "", x: lane + (lane == x.host ? -10 : 10), y: y + 4, size: 11,
                         anchor: lane == x.host ? "end" : "start", fill: "#2e86de")
            default:
                svg.circle(x: lane, y: y, r: 3, fill: "#555")
                svg.text(event.event, x: lane + (lane == x.host ? -10 : 10), y: y + 4, size: 11, anchor: lane == x.host ? "end" : "start")
            }
        }
        return svg.text
    }
}
