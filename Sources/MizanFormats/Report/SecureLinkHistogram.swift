import MizanSim

/// `secure-link.svg`: a histogram of the time from Start to the secure link,
/// one bar series per phone platform, in 100 ms bins.
public enum SecureLinkHistogram {
    public static func svg(_ report: FloorReport) -> String? {
        let series = report.byPlatform.map { entry in
            (entry.platform, report.ledger.attempts.filter { ($0.platform ?? PlatformTimes.unnamed) == entry.platform }
                .compactMap { a in a.secureAt.map { ($0 - a.startedAt).seconds } })
        }.filter { !$0.1.isEmpty }
        guard !series.isEmpty else { return nil }
        let binWidth = 0.1
        let maxTime = series.flatMap(\.1).max() ?? 0
        let bins = Swift.max(1, Int((maxTime / binWidth).rounded(.up)))
        let counts = series.map { (name, values) -> (String, [Int]) in
            var counts = [Int](repeating: 0, count: bins)
            for value in values { counts[Swift.min(Int(value / binWidth), bins - 1)] += 1 }
            return (name, counts)
        }
        let tallest = Double(counts.flatMap(\.1).max() ?? 1)
        let left = 70.0, top = 60.0, plotWidth = 860.0, plotHeight = 320.0
        var svg = SVGDocument(width: 1000, height: top + plotHeight + 90)
        svg.text("Start to secure link, \(report.name), seed \(report.seed) (\(report.linkLayer) link layer)", x: 20, y: 28, size: 15)
        svg.line(x1: left, y1: top + plotHeight, x2: left + plotWidth, y2: top + plotHeight, stroke: "#333")
        svg.line(x1: left, y1: top, x2: left, y2: top + plotHeight, stroke: "#333")
        let colours = ["#2e86de", "#e67e22", "#27ae60", "#8e44ad"]
        let barWidth = plotWidth / Double(bins) / Double(counts.count)
        for (s, (name, binCounts)) in counts.enumerated() {
            let colour = colours[s % colours.count]
            for (bin, count) in binCounts.enumerated() where count > 0 {
                let height = plotHeight * Double(count) / tallest
                svg.rect(x: left + plotWidth * Double(bin) / Double(bins) + barWidth * Double(s), y: top + plotHeight - height,
                         width: barWidth, height: height, fill: colour)
            }
            svg.rect(x: left + 10 + 140 * Double(s), y: top + plotHeight + 52, width: 12, height: 12, fill: colour)
            svg.text("\(name) (n = \(series[s].1.count))", x: left + 28 + 140 * Double(s), y: top + plotHeight + 62, size: 12)
        }
        let ticks = Swift.min(10, bins)
        for k in 0...ticks {
            let seconds = maxTime * Double(k) / Double(ticks)
            let x = left + plotWidth * Double(k) / Double(ticks)
            svg.text("\(SVGDocument.n(seconds)) s", x: x, y: top + plotHeight + 18, size: 11, anchor: "middle", fill: "#666")
        }
        svg.text("\(Int(tallest))", x: left - 8, y: top + 4, size: 11, anchor: "end", fill: "#666")
        svg.text("attempts per 100 ms", x: left, y: top - 10, size: 11, fill: "#666")
        return svg.text
    }
}
