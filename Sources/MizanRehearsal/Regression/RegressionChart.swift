import MizanFormats

/// The regression table as an SVG chart (MizanSim's `SVGDocument`): one
/// stacked bar per drop, each segment a pair of endings in proportion to how
/// often it settled, bars grouped by drop point, with a legend. Same table,
/// same bytes.
public enum RegressionChart {
    static let palette = [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
        "#9c755f", "#bab0ac", "#1f77b4", "#aec7e8", "#ffbb78", "#98df8a", "#c5b0d5", "#8c564b",
    ]

    public static func render(_ table: RegressionTable, title: String) -> String {
        let pairs = table.pairs
        let barWidth = 18.0, gap = 4.0, groupGap = 18.0, left = 50.0, top = 40.0, plotHeight = 300.0
        var groups: [(name: String, from: Double, to: Double)] = []
        var bars: [(x: Double, row: RegressionTable.Row)] = []
        var x = left
        for row in table.rows {
            if groups.last?.name != row.drop.group {
                if !groups.isEmpty { x += groupGap }
                groups.append((row.drop.group, x, x))
            }
            bars.append((x, row))
            groups[groups.count - 1].to = x + barWidth
            x += barWidth + gap
        }
        let legendTop = top + plotHeight + 80
        var svg = SVGDocument(width: Swift.max(x + 20, 480), height: legendTop + 18 * Double(pairs.count) + 10)
        svg.text(title, x: left, y: 22, size: 15)
        svg.line(x1: left - 4, y1: top, x2: left - 4, y2: top + plotHeight, stroke: "black")
        svg.text("100%", x: left - 8, y: top + 4, size: 10, anchor: "end")
        svg.text("0%", x: left - 8, y: top + plotHeight, size: 10, anchor: "end")
        for (barX, row) in bars {
            let total = row.counts.reduce(0) { $0 + $1.count }
            var y = top + plotHeight
            for count in row.counts where total > 0 {
                let height = plotHeight * Double(count.count) / Double(total)
                y -= height
                let color = palette[(pairs.firstIndex { $0.pair == count.pair } ?? 0) % palette.count]
                svg.rect(x: barX, y: y, width: barWidth, height: height, fill: color)
            }
            svg.text(row.drop.offsetMilliseconds, x: barX + barWidth / 2, y: top + plotHeight + 12, size: 7, anchor: "middle")
        }
        for group in groups {
            svg.text(group.name, x: (group.from + group.to) / 2, y: top + plotHeight + 32, size: 11, anchor: "middle")
        }
        svg.text("under each bar: ms after the step (time: ms since the start); below: the drop point",
                 x: left, y: top + plotHeight + 52, size: 10)
        for (index, count) in pairs.enumerated() {
            let y = legendTop + 18 * Double(index)
            svg.rect(x: left, y: y - 10, width: 12, height: 12, fill: palette[index % palette.count])
            svg.text("\(name(count)) (\(count.count))", x: left + 18, y: y, size: 12)
        }
        return svg.text
    }

    static func name(_ count: RegressionTable.Count) -> String {
        let ending = count.endings.isEmpty ? "REJECTED" : "ending " + RegressionTable.endings(count)
        return "\(RegressionTable.name(count.pair.host)) / \(RegressionTable.name(count.pair.phone)) (\(ending))"
    }
}
