import MizanSim
import MizanFormats

/// What `mizan twin --compare` prints: a Markdown table (real against
/// simulated accuracy per strategy, packets per receiver per second, RSSI
/// histograms), one JSON object, and an SVG.
public enum TwinReport {
    static func percent(_ value: Double) -> String { value.isNaN ? "n/a" : Decimals.format(value * 100, digits: 1) }

    /// Pooled accuracy of one strategy over several comparisons: real, and simulated (mean over seeds of the pooled).
    static func pooled(_ comparisons: [TwinComparison], strategy index: Int) -> (real: Double, simulated: Double) {
        let rows = comparisons.map { $0.strategies[index] }
        let sessions = rows.reduce(0) { $0 + $1.real.sessions }, right = rows.reduce(0) { $0 + $1.real.right }
        let seeds = rows.map(\.simulated.count).min() ?? 0
        var simulated = 0.0
        for seed in 0..<seeds {
            let s = rows.reduce(0) { $0 + $1.simulated[seed].sessions }, r = rows.reduce(0) { $0 + $1.simulated[seed].right }
            simulated += s > 0 ? Double(r) / Double(s) : .nan
        }
        return (sessions > 0 ? Double(right) / Double(sessions) : .nan, seeds > 0 ? simulated / Double(seeds) : .nan)
    }

    /// One row per comparison (track), one column per strategy ("real / simulated", per cent), then packets per receiver per second.
    public static func table(_ comparisons: [TwinComparison]) -> String {
        guard let first = comparisons.first else { return "(nothing compared)\n" }
        var text = "| track | " + first.strategies.map { $0.strategy.label }.joined(separator: " | ") + " | packets/receiver/s | RSSI mean, sd |\n"
        text += "|---|" + String(repeating: "---|", count: first.strategies.count + 2) + "\n"
        for c in comparisons {
            text += "| \(c.name) | " + c.strategies.map { "\(percent($0.real.accuracy)) / \(percent($0.simulatedAccuracy))" }.joined(separator: " | ")
                + " | \(Decimals.format(c.realRate, digits: 2)) / \(Decimals.format(c.simulatedRate, digits: 2))"
                + " | \(Decimals.format(c.realHistogram.mean, digits: 1)), \(Decimals.format(c.realHistogram.sd, digits: 1)) / "
                + "\(Decimals.format(c.simulatedHistogram.mean, digits: 1)), \(Decimals.format(c.simulatedHistogram.sd, digits: 1)) |\n"
        }
        if comparisons.count > 1 {
            text += "| all (pooled) | " + first.strategies.indices.map { index in
                let p = pooled(comparisons, strategy: index)
                return "\(percent(p.real)) / \(percent(p.simulated))"
            }.joined(separator: " | ")
            let real = comparisons.reduce(0) { $0 + $1.realRate } / Double(comparisons.count)
            let simulated = comparisons.reduce(0) { $0 + $1.simulatedRate } / Double(comparisons.count)
            text += " | \(Decimals.format(real, digits: 2)) / \(Decimals.format(simulated, digits: 2)) | |\n"
        }
        let gaps = comparisons.flatMap { $0.strategies.map { abs($0.gapPoints) } }
        let rates = comparisons.map { abs($0.rateRatio - 1) }
        let spreads = comparisons.flatMap { $0.strategies.map(\.simulatedSpread) }.filter { !$0.isNaN }.sorted()
        let within = gaps.filter { $0 <= 5 }.count
        text += "\nreal / simulated (mean over seeds), per cent chose the nearest till; "
            + "\(within) of \(gaps.count) cells within 5 points, largest gap \(Decimals.format(gaps.max() ?? .nan, digits: 1)) points; "
            + "one seed's accuracy lies \(Decimals.format((spreads.isEmpty ? Double.nan : spreads[spreads.count / 2]) * 100, digits: 1)) points "
            + "(median sd over seeds) from the mean; "
            + "largest packet-rate difference \(Decimals.format((rates.max() ?? .nan) * 100, digits: 1)) %; "
            + "RSSI histogram overlap " + comparisons.map { Decimals.format($0.realHistogram.overlap($0.simulatedHistogram), digits: 2) }.joined(separator: ", ") + "\n"
        return text
    }

    public static func json(_ comparisons: [TwinComparison]) -> String {
        func n(_ value: Double) -> String { value.isNaN ? "null" : JSONText.number(value) }
        func histogram(_ h: RSSIHistogram) -> String {
            JSONText.object([("mean", n(h.mean)), ("sd", n(h.sd)), ("low", String(RSSIHistogram.low)), ("binWidth", String(RSSIHistogram.width)),
                             ("counts", "[" + h.counts.map(String.init).joined(separator: ",") + "]")])
        }
        let tracks = comparisons.map { c in
            JSONText.object([
                ("track", JSONText.string(c.name)),
                ("strategies", "[" + c.strategies.map { row in
                    JSONText.object([("strategy", JSONText.string(row.strategy.label)), ("real", n(row.real.accuracy)),
                                     ("simulated", n(row.simulatedAccuracy)), ("gapPoints", n(row.gapPoints)),
                                     ("simulatedBySeed", "[" + row.simulated.map { n($0.accuracy) }.joined(separator: ",") + "]"),
                                     ("simulatedSpread", n(row.simulatedSpread)),
                                     ("sessions", String(row.real.sessions))])
                }.joined(separator: ",") + "]"),
                ("packetsPerReceiverPerSecond", JSONText.object([("real", n(c.realRate)), ("simulated", n(c.simulatedRate))])),
                ("rssi", JSONText.object([("real", histogram(c.realHistogram)), ("simulated", histogram(c.simulatedHistogram)),
                                          ("overlap", n(c.realHistogram.overlap(c.simulatedHistogram)))])),
                ("fit", c.fit?.json ?? "null"),
            ])
        }
        return "{\"comparisons\":[" + tracks.joined(separator: ",") + "]}\n"
    }

    /// Left: each strategy's accuracy, real against simulated, pooled over the
    /// comparisons. Right: the RSSI histograms, real against simulated.
    public static func svg(_ comparisons: [TwinComparison], title: String) -> String {
        func f(_ value: Double) -> String { Decimals.format(value, digits: 1) }
        let labels = comparisons.first?.strategies.map { $0.strategy.label } ?? []
        let width = 980.0, height = 470.0, top = 50.0, plotHeight = 300.0
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" font-family="sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(f(width / 2))" y="22" text-anchor="middle" font-size="15">\(AccuracyPlot.escape(title))</text>

        """
        // Accuracy bars.
        let left = 60.0, plotWidth = 520.0
        func y(_ accuracy: Double) -> Double { top + (1 - accuracy) * plotHeight }
        for tick in stride(from: 0.0, through: 1.0, by: 0.2) {
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y(tick)))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y(tick)))\" stroke=\"#ddd\"/>\n"
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(y(tick) + 4))\" text-anchor=\"end\">\(Int((tick * 100).rounded())) %</text>\n"
        }
        let slot = plotWidth / Double(Swift.max(labels.count, 1))
        for (index, label) in labels.enumerated() {
            let p = pooled(comparisons, strategy: index)
            let x0 = left + Double(index) * slot + slot * 0.15, bar = slot * 0.35
            for (offset, value, colour) in [(0.0, p.real, "#1f77b4"), (bar, p.simulated, "#ff7f0e")] where !value.isNaN {
                svg += "<rect x=\"\(f(x0 + offset))\" y=\"\(f(y(value)))\" width=\"\(f(bar))\" height=\"\(f(top + plotHeight - y(value)))\" fill=\"\(colour)\"/>\n"
            }
            svg += "<text transform=\"translate(\(f(x0 + bar)) \(f(top + plotHeight + 12))) rotate(30)\" font-size=\"10\">\(AccuracyPlot.escape(label))</text>\n"
        }
        svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"black\"/>\n"
        svg += "<text transform=\"translate(16 \(f(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">chose the nearest till</text>\n"
        // RSSI histograms.
        let hLeft = 640.0, hWidth = 320.0
        let real = RSSIHistogram.merge(comparisons.map(\.realHistogram)), simulated = RSSIHistogram.merge(comparisons.map(\.simulatedHistogram))
        let peak = Swift.max(real.fractions.max() ?? 0, simulated.fractions.max() ?? 0, 0.01)
        func hx(_ bin: Int) -> Double { hLeft + (Double(bin) + 0.5) / Double(RSSIHistogram.bins) * hWidth }
        func hy(_ fraction: Double) -> Double { top + (1 - fraction / peak) * plotHeight }
        for (histogram, colour) in [(real, "#1f77b4"), (simulated, "#ff7f0e")] {
            let points = histogram.fractions.enumerated().map { "\(f(hx($0.offset))),\(f(hy($0.element)))" }
            svg += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>\n"
        }
        for bin in stride(from: 0, to: RSSIHistogram.bins, by: 5) {
            svg += "<text x=\"\(f(hx(bin)))\" y=\"\(f(top + plotHeight + 16))\" text-anchor=\"middle\">\(RSSIHistogram.low + bin * RSSIHistogram.width)</text>\n"
        }
        svg += "<rect x=\"\(f(hLeft))\" y=\"\(f(top))\" width=\"\(f(hWidth))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"black\"/>\n"
        svg += "<text x=\"\(f(hLeft + hWidth / 2))\" y=\"\(f(top + plotHeight + 34))\" text-anchor=\"middle\">RSSI (dBm), share of readings</text>\n"
        let legendY = top + plotHeight + 80
        svg += "<rect x=\"\(f(left))\" y=\"\(f(legendY - 10))\" width=\"12\" height=\"12\" fill=\"#1f77b4\"/><text x=\"\(f(left + 18))\" y=\"\(f(legendY))\">real recording</text>\n"
        svg += "<rect x=\"\(f(left + 140))\" y=\"\(f(legendY - 10))\" width=\"12\" height=\"12\" fill=\"#ff7f0e\"/><text x=\"\(f(left + 158))\" y=\"\(f(legendY))\">twin (mean over seeds)</text>\n"
        return svg + "</svg>\n"
    }
}

extension RSSIHistogram {
    init(counts: [Int], mean: Double, sd: Double) {
        self.counts = counts
        self.mean = mean
        self.sd = sd
    }

    /// Counts added; mean and sd recomputed from the bins' centres.
    static func merge(_ histograms: [RSSIHistogram]) -> RSSIHistogram {
        var counts = [Int](repeating: 0, count: bins)
        for h in histograms { for index in 0..<bins { counts[index] += h.counts[index] } }
        return RSSIHistogram(counts: counts, mean: .nan, sd: .nan)
    }
}
