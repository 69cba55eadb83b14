import MizanFormats
/// An SVG line chart of accuracy against till spacing, one line per strategy
/// label (the label includes the window). Where other axes vary, each point is
/// the mean accuracy of the cells with that strategy and spacing.
public enum AccuracyPlot {
    public static func svg(_ results: [ExperimentResult], title: String) -> String {
        var labels: [String] = []
        for result in results where !labels.contains(result.cell.strategy.label) { labels.append(result.cell.strategy.label) }
        let spacings = Set(results.map(\.cell.tillSpacing)).sorted()
        let width = 760.0, height = 420.0 + 18 * Double(labels.count)
        let left = 60.0, right = 20.0, top = 40.0, plotHeight = 320.0
        let plotWidth = width - left - right
        let low = spacings.first ?? 0, high = spacings.last ?? 1
        func x(_ spacing: Double) -> Double { left + (high > low ? (spacing - low) / (high - low) : 0.5) * plotWidth }
        func y(_ accuracy: Double) -> Double { top + (1 - accuracy) * plotHeight }
        let colours = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]

        var svg = SVGDocument(width: width, height: height)
        svg.text(title, x: width / 2, y: 22, size: 15, anchor: "middle")
        for tick in stride(from: 0.0, through: 1.0, by: 0.2) {
            svg.line(x1: left, y1: y(tick), x2: left + plotWidth, y2: y(tick), stroke: "#ddd")
            svg.text("\(Int((tick * 100).rounded())) %", x: left - 6, y: y(tick) + 4, anchor: "end")
        }
        for spacing in spacings {
            svg.line(x1: x(spacing), y1: top, x2: x(spacing), y2: top + plotHeight, stroke: "#eee")
            svg.text(Figures.text(spacing, digits: 2), x: x(spacing), y: top + plotHeight + 16, anchor: "middle")
        }
        svg.rect(x: left, y: top, width: plotWidth, height: plotHeight, fill: "none", stroke: "black")
        svg.text("till spacing (m)", x: left + plotWidth / 2, y: top + plotHeight + 34, anchor: "middle")
        svg.text("chose the nearest till", x: 16, y: top + plotHeight / 2, rotated: -90, anchor: "middle")
        for (index, label) in labels.enumerated() {
            let colour = colours[index % colours.count]
            let points = spacings.compactMap { spacing -> (x: Double, y: Double)? in
                let cells = results.filter { $0.cell.strategy.label == label && $0.cell.tillSpacing == spacing }
                guard !cells.isEmpty else { return nil }
                let mean = cells.reduce(0) { $0 + $1.accuracy } / Double(cells.count)
                return (x(spacing), y(mean))
            }
            svg.polyline(points, stroke: colour, width: 2)
            for point in points { svg.circle(x: point.x, y: point.y, r: 3, fill: colour) }
            let legendY = top + plotHeight + 56 + 18 * Double(index)
            svg.line(x1: left, y1: legendY - 4, x2: left + 24, y2: legendY - 4, stroke: colour, width: 2)
            svg.text(label, x: left + 30, y: legendY)
        }
        return svg.text
    }
}
