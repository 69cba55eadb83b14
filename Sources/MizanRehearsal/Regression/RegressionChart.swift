/// The regression table as an SVG chart: one stacked bar per drop, each
/// segment a pair of endings in proportion to how often it settled, bars
/// grouped by drop point, with a legend. Built by hand; same table, same bytes.
public enum RegressionChart {
    static let palette = [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
        "#9c755f", "#bab0ac", "#1f77b4", "#aec7e8", "#ffbb78", "#98df8a", "#c5b0d5", "#8c564b",
    ]

    public static func render(_ table: RegressionTable, title: String) -> String {
        let pairs = table.pairs
        let barWidth = 14
        let gap = 4
        let groupGap = 18
        let left = 50
        let top = 40
        let plotHeight = 300
        var x = left
        var bars: [String] = []
        var labels: [String] = []
        var group: String?
        var groupStart = left
        func closeGroup() {
            guard let group else { return }
            let middle = (groupStart + x - gap) / 2
            labels.append(#"<text x="\#(middle)" y="\#(top + plotHeight + 52)" text-anchor="middle" font-size="11">\#(escape(group))</text>"#)
        }
        for row in table.rows {
            if row.drop.group != group {
                closeGroup()
                if group != nil { x += groupGap }
                group = row.drop.group
                groupStart = x
            }
            let total = row.counts.reduce(0) { $0 + $1.count }
            var y = Double(top + plotHeight)
            for count in row.counts where total > 0 {
                let height = Double(plotHeight) * Double(count.count) / Double(total)
                y -= height
                let color = palette[(pairs.firstIndex { $0.pair == count.pair } ?? 0) % palette.count]
                bars.append(#"<rect x="\#(x)" y="\#(format(y))" width="\#(barWidth)" height="\#(format(height))" fill="\#(color)"><title>\#(escape(row.drop.label)): \#(escape(name(count))) \#(count.count)</title></rect>"#)
            }
            labels.append(#"<text x="\#(x + barWidth / 2)" y="\#(top + plotHeight + 12)" text-anchor="end" font-size="8" transform="rotate(-60 \#(x + barWidth / 2) \#(top + plotHeight + 12))">\#(escape(row.drop.offsetMilliseconds))</text>"#)
            x += barWidth + gap
        }
        closeGroup()
        let width = Swift.max(x + 20, 420)
        var legend: [String] = []
        var legendY = top + plotHeight + 94
        for (index, count) in pairs.enumerated() {
            legend.append(#"<rect x="\#(left)" y="\#(legendY - 10)" width="12" height="12" fill="\#(palette[index % palette.count])"/>"#)
            legend.append(#"<text x="\#(left + 18)" y="\#(legendY)" font-size="12">\#(escape(name(count))) (\#(count.count))</text>"#)
            legendY += 18
        }
        let height = legendY + 10
        var svg = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)" font-family="sans-serif">"#,
            #"<rect width="100%" height="100%" fill="white"/>"#,
            #"<text x="\#(left)" y="22" font-size="15">\#(escape(title))</text>"#,
            #"<line x1="\#(left - 4)" y1="\#(top)" x2="\#(left - 4)" y2="\#(top + plotHeight)" stroke="black"/>"#,
            #"<text x="\#(left - 8)" y="\#(top + 4)" text-anchor="end" font-size="10">100%</text>"#,
            #"<text x="\#(left - 8)" y="\#(top + plotHeight)" text-anchor="end" font-size="10">0%</text>"#,
            #"<text x="\#(left)" y="\#(top + plotHeight + 70)" font-size="10">bars: offset in ms after the step (time: ms since the start); groups: drop point</text>"#,
        ]
        svg += bars + labels + legend
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    static func name(_ count: RegressionTable.Count) -> String {
        let ending = count.endings.isEmpty ? "REJECTED" : "ending " + RegressionTable.endings(count)
        return "\(RegressionTable.name(count.pair.host)) / \(RegressionTable.name(count.pair.phone)) (\(ending))"
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        var text = String(rounded)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
