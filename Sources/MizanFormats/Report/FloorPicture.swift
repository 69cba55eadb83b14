import MizanGeometry
import MizanSim
import MizanRadio
/// `floor.svg`: the floor seen from above: its walls as grey lines (thicker
/// the more they lose), tills as squares, each phone where it chose a till as
/// a dot, and every wrong-till choice as a red arrow from the phone to the
/// till it chose (the true nearest circled).
public enum FloorPicture {
    public static func svg(_ report: FloorReport) -> String {
        let ends = report.walls.flatMap { [Position(x: $0.x1, y: $0.y1), Position(x: $0.x2, y: $0.y2)] }
        let positions = report.tills + report.ledger.attempts.compactMap(\.position) + ends
        let minX = (positions.map(\.x).min() ?? 0) - 1, maxX = Swift.max(positions.map(\.x).max() ?? 1, report.area.width ?? 0) + 1
        let minY = (positions.map(\.y).min() ?? 0) - 1, maxY = (positions.map(\.y).max() ?? 1) + 1
        let scale = Swift.min(1400 / Swift.max(maxX - minX, 1), 60)
        let margin = 40.0
        let width = (maxX - minX) * scale + 2 * margin, height = (maxY - minY) * scale + 2 * margin + 40
        func px(_ x: Double) -> Double { margin + (x - minX) * scale }
        func py(_ y: Double) -> Double { margin + 30 + (y - minY) * scale }
        var svg = SVGDocument(width: width, height: height)
        let wrong = report.ledger.attempts.filter { $0.chosenTill != nil && $0.chosenTill != $0.nearestTill }
        let drawn = report.ledger.attempts.filter { $0.chosenTill != nil }.count
        // The ledger keeps the first transactions only (memory stays flat in the run's length): say which are drawn.
        let shown = drawn < report.attemptsWithChoice
            ? "\(report.attemptsWithChoice) choices, the first \(drawn) drawn (report.html has them all), \(wrong.count) of those of a wrong till (red arrows)"
            : "\(report.attemptsWithChoice) choices, \(wrong.count) of a wrong till (red arrows)"
        svg.text("\(report.name), seed \(report.seed): \(shown); 1 m = \(SVGDocument.n(scale)) px",
                 x: margin, y: 24, size: 14)
        for wall in report.walls {
            svg.line(x1: px(wall.x1), y1: py(wall.y1), x2: px(wall.x2), y2: py(wall.y2), stroke: "#7f8c8d",
                     width: Swift.min(1.5 + wall.loss / 3, 6))
        }
        for attempt in report.ledger.attempts {
            guard let position = attempt.position else { continue }
            svg.circle(x: px(position.x), y: py(position.y), r: 2.5, fill: "#2e86de", opacity: 0.35)
        }
        for attempt in wrong {
            guard let position = attempt.position, let chosen = attempt.chosenTill, report.tills.indices.contains(chosen) else { continue }
            let till = report.tills[chosen]
            svg.line(x1: px(position.x), y1: py(position.y), x2: px(till.x), y2: py(till.y), stroke: "#c0392b", width: 1.2, arrow: true)
        }
        for (index, till) in report.tills.enumerated() {
            let side = Swift.max(6, Swift.min(scale * 0.5, 16))
            svg.rect(x: px(till.x) - side / 2, y: py(till.y) - side / 2, width: side, height: side, fill: "#34495e")
            if report.tills.count <= 60 || index % 10 == 0 {
                svg.text(String(DeviceRef.till(index).number), x: px(till.x), y: py(till.y) - side / 2 - 4, size: 10, anchor: "middle")
            }
        }
        return svg.text
    }
}
