import MizanSim
import MizanTime
/// `timeline.svg`: one transaction as a sequence diagram: the till, the air and
/// the phone as lifelines, frames as arrows through the air, screens as labels,
/// time running down.
public enum TimelinePicture {
    /// The picture of `transaction` (`TimelineEvents.transaction` collects the one a run's timeline draws).
    public static func svg(_ transaction: TransactionTrace) -> String {
        let events = transaction.events, till = transaction.till, start = transaction.start
        let title = "transaction \(transaction.number): \(transaction.till), \(transaction.phone), seed \(transaction.seed)"
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
            let millis = Double((event.time - start).wholeMicroseconds) / 1000
            svg.text("\(SVGDocument.n(millis)) ms", x: 20, y: y + 4, size: 11, fill: "#666")
            let lane = event.device == till ? x.host : x.phone
            switch event.event {
            case "sends":
                svg.line(x1: lane, y1: y, x2: x.air, y2: y, stroke: "#c0392b", width: 1.5, arrow: true)
                svg.text(event.string("frame") ?? "frame", x: (lane + x.air) / 2, y: y - 4, size: 11, anchor: "middle")
            case "receives":
                svg.line(x1: x.air, y1: y, x2: lane, y2: y, stroke: "#c0392b", width: 1.5, arrow: true)
                svg.text(event.string("frame") ?? "frame", x: (lane + x.air) / 2, y: y - 4, size: 11, anchor: "middle")
            case "set-up":
                // A GATT set-up exchange: the phone's request and the till's response, through the air.
                svg.line(x1: x.phone, y1: y, x2: x.host, y2: y, stroke: "#7f8c8d", dashed: true)
                svg.text(event.string("exchange") ?? "set-up", x: x.air, y: y - 4, size: 11, anchor: "middle", fill: "#7f8c8d")
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
