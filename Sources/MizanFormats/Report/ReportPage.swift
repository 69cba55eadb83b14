import MizanSim
import MizanProtocol
import MizanTime

/// `report.html`: one self-contained page (script, style and data inline; no
/// network) to watch a run: its summary (the same figures as `summary.json`),
/// the floor replayed (tills coloured by screen, payers where they chose,
/// secure links, wrong-till choices), every transaction in a sortable
/// table whose row opens its sequence diagram, and the distributions of
/// Start to secure link and to the result. `docs/outputs.md` says what each
/// part shows; `scripts/browser-tests` checks it in headless Chromium.
///
/// The page embeds every transaction, and the trace's events up to
/// `maximumEvents` (a long run's replay and diagrams then stop there, and the
/// page says so).
public struct ReportPage {
    public static let maximumEvents = 400_000

    private let report: FloorReport
    private let summaryJSON: String
    private var transactions: [JSON] = []
    private var events: [JSON] = []
    private var eventsCut = false
    private var eventsUntil = 0.0

    /// A page for `report`, whose `summary.json` is `summaryJSON`.
    public init(report: FloorReport, summaryJSON: String) {
        self.report = report
        self.summaryJSON = summaryJSON.hasSuffix("\n") ? String(summaryJSON.dropLast()) : summaryJSON
    }

    /// Adds a line of `transactions.jsonl` (a JSON object).
    public mutating func addTransaction(_ line: String) {
        transactions.append(.written(line))
    }

    /// Adds the trace's next event (in time order), up to `maximumEvents`.
    public mutating func add(_ event: TransactionTrace.Event) {
        guard events.count < Self.maximumEvents else { eventsCut = true; return }
        let item = Self.item(event)
        eventsUntil = Self.seconds(of: event)
        events.append(item)
    }

    /// The event's time, seconds, as the page embeds it.
    private static func seconds(of event: TransactionTrace.Event) -> Double {
        event.time.traceSeconds
    }

    /// An event as the page embeds it: its time (s), its device (`short`), its name, its details
    /// (a screen's name alone), and for a till's event naming phones, their numbers (a diagram of a
    /// phone's transaction alone takes of its till only the events that name the phone, as
    /// `TransactionTrace` does).
    static func item(_ event: TransactionTrace.Event) -> JSON {
        let device = short(event.device)
        let detail = event.event == "screen" ? (event.string("screen") ?? "") : event.details
        var item: [JSON] = [.fixed(seconds(of: event), digits: 6), .string(device), .string(event.event), .string(detail)]
        if device.hasPrefix("t"), case let named = event.namedPhones, !named.isEmpty { item.append(.array(named.map { .int($0) })) }
        return .array(item)
    }

    /// "till-12" as "t12", "phone-3" as "p3", anything else as "f" (the floor).
    static func short(_ device: String) -> String {
        if device.hasPrefix("till-") { return "t" + device.dropFirst(5) }
        if device.hasPrefix("phone-") { return "p" + device.dropFirst(6) }
        return "f"
    }

    public var html: String {
        let endings = JSON.object(Ending.allCases.map { (String($0.rawValue), .string($0.title)) })
        let tills = JSON.array(report.tills.map { .array([.fixed($0.x, digits: 3), .fixed($0.y, digits: 3)]) })
        // Each wall: its ends' x and y, metres, and its loss, dB.
        let walls = JSON.array(report.walls.map { wall in
            .array([wall.x1, wall.y1, wall.x2, wall.y2, wall.loss].map { .fixed($0, digits: 3) })
        })
        let data = JSONWriter.lines(.spaced).text(.object([
            ("title", .string(report.name)), ("seed", .unsigned(report.seed)),
            ("seconds", .fixed(report.simulated.traceSeconds, digits: 6)),
            ("summary", .written(summaryJSON)), ("endings", endings), ("tills", tills), ("walls", walls),
            ("transactions", .array(transactions)),
            ("events", .array(events)),
            ("eventsCut", .bool(eventsCut)), ("eventsUntil", .fixed(eventsUntil, digits: 6)),
        ]))
        return Self.head(title: report.name) + "<script type=\"application/json\" id=\"data\">" + PageScript.embedded(data) + "</script>\n<script>\n"
            + PageScript.dom + "\n" + Self.script + "\n</script>\n</body>\n</html>\n"
    }

    static func head(title: String) -> String {
        let escaped = SVGDocument.escape(title)
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Mizan Floor: \(escaped)</title>\n<style>\n"
            + PageAssets.reportCSS + "\n</style>\n</head>\n<body>\n" + PageAssets.reportBodyHTML + "\n"
    }

    /// The page's own script (`Page/report.js`), after `PageScript.dom`.
    static let script = PageAssets.reportJS
}
