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
        func f(_ value: Double) -> String { Decimals.format(value, digits: 1) }
        let colours = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]

        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" font-family="sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(f(width / 2))" y="22" text-anchor="middle" font-size="15">\(escape(title))</text>

        """
        for tick in stride(from: 0.0, through: 1.0, by: 0.2) {
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y(tick)))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y(tick)))\" stroke=\"#ddd\"/>\n"
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(y(tick) + 4))\" text-anchor=\"end\">\(Int((tick * 100).rounded())) %</text>\n"
        }
        for spacing in spacings {
            svg += "<line x1=\"\(f(x(spacing)))\" y1=\"\(f(top))\" x2=\"\(f(x(spacing)))\" y2=\"\(f(top + plotHeight))\" stroke=\"#eee\"/>\n"
            svg += "<text x=\"\(f(x(spacing)))\" y=\"\(f(top + plotHeight + 16))\" text-anchor=\"middle\">\(Decimals.format(spacing, digits: 2))</text>\n"
        }
        svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"black\"/>\n"
        svg += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(top + plotHeight + 34))\" text-anchor=\"middle\">till spacing (m)</text>\n"
        svg += "<text transform=\"translate(16 \(f(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">chose the nearest till</text>\n"
        for (index, label) in labels.enumerated() {
            let colour = colours[index % colours.count]
            let points = spacings.compactMap { spacing -> String? in
                let cells = results.filter { $0.cell.strategy.label == label && $0.cell.tillSpacing == spacing }
                guard !cells.isEmpty else { return nil }
                let mean = cells.reduce(0) { $0 + $1.accuracy } / Double(cells.count)
                return "\(f(x(spacing))),\(f(y(mean)))"
            }
            svg += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>\n"
            for point in points {
                let xy = point.split(separator: ",")
                svg += "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\" fill=\"\(colour)\"/>\n"
            }
            let legendY = top + plotHeight + 56 + 18 * Double(index)
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(legendY - 4))\" x2=\"\(f(left + 24))\" y2=\"\(f(legendY - 4))\" stroke=\"\(colour)\" stroke-width=\"2\"/>\n"
            svg += "<text x=\"\(f(left + 30))\" y=\"\(f(legendY))\">\(escape(label))</text>\n"
        }
        return svg + "</svg>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences("&", "&amp;").replacingOccurrences("<", "&lt;").replacingOccurrences(">", "&gt;")
    }
}

extension String {
    /// Stdlib-only replacement (no Foundation).
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
