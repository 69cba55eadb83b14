import MizanSim
import MizanFormats

/// What `mizan twin --compare` prints: a Markdown table (real against
/// simulated accuracy per strategy, packets per receiver per second, RSSI
/// histograms), one JSON object, and an SVG.
public enum TwinReport {
    static func percent(_ value: Double) -> String { Figures.percent(value) }

    /// Pooled accuracy of one strategy over several comparisons: real, and simulated (mean over seeds of the pooled).
    static func pooled(_ comparisons: [TwinComparison], strategy index: Int) -> (real: Double, simulated: Double) {
        let rows = comparisons.map { $0.strategies[index] }
        let sessions = rows.reduce(0) { $0 + $1.real.sessions }, right = rows.reduce(0) { $0 + $1.real.right }
        let bySeed = pooledBySeed(comparisons, strategy: index)
        return (sessions > 0 ? Double(right) / Double(sessions) : .nan, bySeed.isEmpty ? .nan : bySeed.reduce(0, +) / Double(bySeed.count))
    }

    /// The pooled accuracy of one strategy for each seed (sessions of every comparison together).
    static func pooledBySeed(_ comparisons: [TwinComparison], strategy index: Int) -> [Double] {
        let rows = comparisons.map { $0.strategies[index] }
        let seeds = rows.map(\.simulated.count).min() ?? 0
        return (0..<seeds).map { seed in
            let s = rows.reduce(0) { $0 + $1.simulated[seed].sessions }, r = rows.reduce(0) { $0 + $1.simulated[seed].right }
            return s > 0 ? Double(r) / Double(s) : .nan
        }
    }

    /// What a perfect model scores on the pooled target: each seed taken as the recording and the
    /// mean of the other seeds as the twin, how many seeds have every strategy's pooled figure within
    /// `points` of it, and how many (seed, strategy) pairs are.
    public struct PooledPerfect: Sendable, Equatable {
        public let seedsWithEveryStrategyWithin: Int, seeds: Int
        public let pairsWithin: Int, pairs: Int
        public let points: Double

        public init(_ comparisons: [TwinComparison], points: Double) {
            self.points = points
            let bySeed = (comparisons.first?.strategies.indices).map { $0.map { pooledBySeed(comparisons, strategy: $0) } } ?? []
            let count = bySeed.map(\.count).min() ?? 0
            var every = 0, within = 0
            if count > 1 {
                for seed in 0..<count {
                    let close = bySeed.map { values in
                        abs(values[seed] - (values.reduce(0, +) - values[seed]) / Double(count - 1)) * 100 <= points
                    }
                    within += close.filter { $0 }.count
                    if close.allSatisfy({ $0 }) { every += 1 }
                }
            }
            seedsWithEveryStrategyWithin = every
            seeds = count > 1 ? count : 0
            pairsWithin = within
            pairs = count > 1 ? count * bySeed.count : 0
        }
    }

    /// The pooled real accuracy's interval: the tracks' sessions one after another, bootstrapped in the same blocks.
    static func pooledInterval(_ comparisons: [TwinComparison], strategy index: Int) -> AccuracyInterval {
        let rows = comparisons.map { $0.strategies[index] }
        return AccuracyInterval(outcomes: rows.flatMap(\.realOutcomes), block: rows.first?.realInterval.block ?? 1,
                                generator: TwinComparison.bootstrapRoot.split("pooled").split(rows.first?.strategy.label ?? ""))
    }

    static func interval(_ i: AccuracyInterval) -> String { "[\(percent(i.low))-\(percent(i.high))]" }

    /// What the 5-point criterion can show on these comparisons (the table's closing line and the JSON's `summary`).
    public struct Summary: Sendable {
        public let cells: Int
        /// Cells whose twin (mean over seeds) is within 5 points of the real accuracy.
        public let within5: Int
        /// Cells whose twin lies in the real accuracy's 90 % interval.
        public let withinInterval: Int
        /// Seeds, over all cells, within 5 points of the mean of the other seeds, and how many seeds were tried:
        /// the share of cells a perfect model would put within 5 points.
        public let perfectWithin5: Int, perfectTrials: Int
        /// Seeds whose own 90 % interval covers the other seeds' mean (the interval's coverage under the twin).
        public let coverage: Int
        public let largestGap: Double
        public let medianSeedSpread: Double
        public let medianIntervalWidth: Double

        public var perfectShare: Double { perfectTrials > 0 ? Double(perfectWithin5) / Double(perfectTrials) : .nan }
        public var coverageShare: Double { perfectTrials > 0 ? Double(coverage) / Double(perfectTrials) : .nan }

        public init(_ comparisons: [TwinComparison]) {
            let rows = comparisons.flatMap(\.strategies)
            cells = rows.count
            within5 = rows.filter { abs($0.gapPoints) <= 5 }.count
            withinInterval = rows.filter(\.simulatedWithinRealInterval).count
            perfectWithin5 = rows.reduce(0) { $0 + $1.seedsWithin(points: 5) }
            perfectTrials = rows.reduce(0) { $0 + ($1.simulated.count > 1 ? $1.simulated.count : 0) }
            coverage = rows.reduce(0) { $0 + $1.seedIntervalsCoveringTheOthers }
            largestGap = rows.map { abs($0.gapPoints) }.max() ?? .nan
            let spreads = rows.map(\.simulatedSpread).filter { !$0.isNaN }.sorted()
            medianSeedSpread = spreads.isEmpty ? .nan : spreads[spreads.count / 2] * 100
            let widths = rows.map { ($0.realInterval.high - $0.realInterval.low) * 100 }.filter { !$0.isNaN }.sorted()
            medianIntervalWidth = widths.isEmpty ? .nan : widths[widths.count / 2]
        }
    }

    /// One row per comparison (track), one column per strategy ("real / simulated", per cent), then packets per receiver per second.
    public static func table(_ comparisons: [TwinComparison]) -> String {
        guard let first = comparisons.first else { return "(nothing compared)\n" }
        var text = "| track (sessions) | " + first.strategies.map { $0.strategy.label }.joined(separator: " | ") + " | packets/receiver/s | RSSI mean, sd |\n"
        text += "|---|" + String(repeating: "---|", count: first.strategies.count + 2) + "\n"
        for c in comparisons {
            text += "| \(c.name) (\(c.strategies.first?.real.sessions ?? 0)) | " + c.strategies.map {
                "\(percent($0.real.accuracy)) \(interval($0.realInterval)) / \(percent($0.simulatedAccuracy))\($0.simulatedWithinRealInterval ? "" : " *")"
            }.joined(separator: " | ")
                + " | \(Figures.text(c.realRate, digits: 2)) / \(Figures.text(c.simulatedRate, digits: 2))"
                + " | \(Figures.text(c.realHistogram.mean, digits: 1)), \(Figures.text(c.realHistogram.sd, digits: 1)) / "
                + "\(Figures.text(c.simulatedHistogram.mean, digits: 1)), \(Figures.text(c.simulatedHistogram.sd, digits: 1)) |\n"
        }
        if comparisons.count > 1 {
            let sessions = comparisons.reduce(0) { $0 + ($1.strategies.first?.real.sessions ?? 0) }
            text += "| all (pooled) (\(sessions)) | " + first.strategies.indices.map { index in
                let p = pooled(comparisons, strategy: index), i = pooledInterval(comparisons, strategy: index)
                return "\(percent(p.real)) \(interval(i)) / \(percent(p.simulated))\(i.contains(p.simulated) ? "" : " *")"
            }.joined(separator: " | ")
            let real = comparisons.reduce(0) { $0 + $1.realRate } / Double(comparisons.count)
            let simulated = comparisons.reduce(0) { $0 + $1.simulatedRate } / Double(comparisons.count)
            text += " | \(Figures.text(real, digits: 2)) / \(Figures.text(simulated, digits: 2)) | |\n"
        }
        let summary = Summary(comparisons)
        let perfect = PooledPerfect(comparisons, points: 3)
        let rates = comparisons.map { abs($0.rateRatio - 1) }
        func share(_ value: Double) -> String { Figures.text(value * 100, digits: 0) }
        text += "\nreal [90 % interval: circular block bootstrap, \(Figures.text(AccuracyInterval.defaultBlockSeconds, digits: 0)) s blocks] / simulated (mean over seeds), "
            + "per cent chose the nearest till; * the twin lies outside the real figure's interval.\n"
            + "\(summary.within5) of \(summary.cells) cells within 5 points (largest gap \(Figures.text(summary.largestGap, digits: 1))); "
            + "\(summary.withinInterval) of \(summary.cells) within the real figure's interval (median width \(Figures.text(summary.medianIntervalWidth, digits: 1)) points).\n"
            + "A perfect model would put \(share(summary.perfectShare)) % of cells within 5 points "
            + "(each seed taken as the recording against the mean of the others: \(summary.perfectWithin5) of \(summary.perfectTrials)); "
            + "one seed lies \(Figures.text(summary.medianSeedSpread, digits: 1)) points (median sd over seeds) from the mean; "
            + "a seed's own interval covers the others' mean \(share(summary.coverageShare)) % of the time.\n"
            + "Pooled, a perfect model puts every strategy within 3 points of the recording in \(perfect.seedsWithEveryStrategyWithin) of \(perfect.seeds) seeds "
            + "(one strategy: \(perfect.pairsWithin) of \(perfect.pairs)).\n"
            + "Largest packet-rate difference \(Figures.text((rates.max() ?? .nan) * 100, digits: 1)) %; "
            + "RSSI histogram overlap " + comparisons.map { Figures.text($0.realHistogram.overlap($0.simulatedHistogram), digits: 2) }.joined(separator: ", ") + "\n"
        return text + timeTable(comparisons) + directionTable(comparisons)
    }

    /// `strongest`'s accuracy by the way the carrier walks (`WalkingDirectionSplit`) per track, and pooled:
    /// real [90 % interval] (sessions) / twin (mean over seeds).
    static func directionTable(_ comparisons: [TwinComparison]) -> String {
        guard comparisons.first?.realDirection != nil else { return "" }
        let groups = WalkingDirectionSplit.Group.allCases
        let window = Figures.text(RecordedPath.walkingWindow, digits: 1), standing = Figures.text(RecordedPath.standingSpeed, digits: 2)
        let settling = Figures.text(WalkingDirectionSplit.settling, digits: 0), strategy = WalkingDirectionSplit.strategy.rawValue
        var text = "\nAccuracy of '\(strategy)' (1 s) by the way the carrier walks, from the angle between the walking direction "
        text += "(positions \(window) s either side) and the bearing to the nearest till: toward under 45 degrees, away over 135, beside between, "
        text += "standing under \(standing) m/s; sessions from \(settling) s into each track. real [90 % interval] (sessions) / twin\n\n"
        text += "| track | " + groups.map(\.rawValue).joined(separator: " | ") + " |\n|---|" + String(repeating: "---|", count: groups.count) + "\n"
        func row(_ name: String, _ figures: [TwinComparison.DirectionFigure]) -> String {
            "| \(name) | " + figures.map { figure in
                guard figure.sessions > 0 else { return "- (0)" }
                guard figure.hasInterval else { return "\(percent(figure.real.accuracy)) (\(figure.sessions)) / \(percent(figure.simulated))" }
                return "\(percent(figure.real.accuracy)) \(interval(figure.real)) (\(figure.sessions)) / \(percent(figure.simulated))"
                    + (figure.simulatedWithinRealInterval ? "" : " *")
            }.joined(separator: " | ") + " |\n"
        }
        for c in comparisons { text += row(c.name, c.directionFigures) }
        let pooled = comparisons.count > 1 ? TwinComparison.pooledDirectionFigures(comparisons) : comparisons[0].directionFigures
        if comparisons.count > 1 { text += row("all (pooled)", pooled) }
        let scored = pooled.filter { $0.sessions > 0 && !$0.simulated.isNaN }
        text += "\nPooled, \(scored.filter { $0.within(points: 10) }.count) of \(scored.count) groups within 10 points of the recording "
            + "(largest gap \(Figures.text((scored.map { abs($0.simulated - $0.real.accuracy) }.max() ?? .nan) * 100, digits: 1))); "
            + "* outside the real interval; no interval under \(2 * AccuracyInterval.block(every: comparisons[0].every)) sessions (two blocks).\n"
        return text
    }

    /// The time structure (`TimeStructure`) per track: real [90 % interval] / twin (mean over seeds), and how many twin figures lie inside.
    static func timeTable(_ comparisons: [TwinComparison]) -> String {
        guard let names = comparisons.first?.timeFigures.map(\.real.name), !names.isEmpty else { return "" }
        var text = "\nTime structure of '\(TwinComparison.timeStrategy.rawValue)' (1 s) and of the readings: real [90 % interval] / twin\n\n"
        text += "| track | " + names.joined(separator: " | ") + " |\n|---|" + String(repeating: "---|", count: names.count) + "\n"
        var inside = 0, total = 0
        for c in comparisons {
            let figures = c.timeFigures
            text += "| \(c.name) | " + figures.map { figure in
                let within = figure.real.contains(figure.simulated)
                if !figure.simulated.isNaN { total += 1; if within { inside += 1 } }
                return "\(Figures.text(figure.real.value, digits: 2)) [\(Figures.text(figure.real.low, digits: 2))-\(Figures.text(figure.real.high, digits: 2))] / "
                    + "\(Figures.text(figure.simulated, digits: 2))\(within ? "" : " *")"
            }.joined(separator: " | ") + " |\n"
        }
        text += "\n\(inside) of \(total) twin figures inside the real 90 % interval; * outside. Wrong after wrong p: a wrong streak lasts every / (1 - p) on average.\n"
        return text
    }

    public static func json(_ comparisons: [TwinComparison]) -> String {
        func n(_ value: Double) -> JSON { .figure(value) }
        func histogram(_ h: RSSIHistogram) -> JSON {
            .object([("mean", n(h.mean)), ("sd", n(h.sd)), ("low", .int(RSSIHistogram.low)), ("binWidth", .int(RSSIHistogram.width)),
                             ("counts", .array(h.counts.map(JSON.int)))])
        }
        let tracks: [JSON] = comparisons.map { c in
            .object([
                ("track", .string(c.name)),
                ("strategies", .array(c.strategies.map { row in
                    .object([("strategy", .string(row.strategy.label)), ("real", n(row.real.accuracy)),
                                     ("realInterval", .object([("low", n(row.realInterval.low)), ("high", n(row.realInterval.high)),
                                                                       ("level", n(row.realInterval.level)), ("blockSessions", .int(row.realInterval.block)),
                                                                       ("resamples", .int(row.realInterval.resamples))])),
                                     ("simulated", n(row.simulatedAccuracy)),
                                     ("simulatedWithinRealInterval", .bool(row.simulatedWithinRealInterval)),
                                     ("seedsWithin5PointsOfTheOthers", .int(row.seedsWithin(points: 5))),
                                     ("seedIntervalsCoveringTheOthers", .int(row.seedIntervalsCoveringTheOthers)), ("gapPoints", n(row.gapPoints)),
                                     ("simulatedBySeed", .array(row.simulated.map { n($0.accuracy) })),
                                     ("simulatedSpread", n(row.simulatedSpread)),
                                     ("sessions", .int(row.real.sessions))])
                })),
                ("packetsPerReceiverPerSecond", .object([("real", n(c.realRate)), ("simulated", n(c.simulatedRate))])),
                ("rssi", .object([("real", histogram(c.realHistogram)), ("simulated", histogram(c.simulatedHistogram)),
                                          ("overlap", n(c.realHistogram.overlap(c.simulatedHistogram)))])),
                ("timeStructure", .array(c.timeFigures.map { figure in
                    .object([("figure", .string(figure.real.name)), ("real", n(figure.real.value)),
                                     ("realInterval", .object([("low", n(figure.real.low)), ("high", n(figure.real.high))])),
                                     ("simulated", n(figure.simulated)), ("simulatedWithinRealInterval", .bool(figure.real.contains(figure.simulated)))])
                })),
                ("walkingDirection", directionJSON(c.directionFigures)),
                ("fit", c.fit?.json ?? .null),
            ])
        }
        let summary = Summary(comparisons)
        let perfect = PooledPerfect(comparisons, points: 3)
        var pooledRows: [JSON] = []
        if comparisons.count > 1, let first = comparisons.first {
            for index in first.strategies.indices {
                let p = pooled(comparisons, strategy: index), i = pooledInterval(comparisons, strategy: index)
                pooledRows.append(.object([("strategy", .string(first.strategies[index].strategy.label)), ("real", n(p.real)),
                                                   ("realInterval", .object([("low", n(i.low)), ("high", n(i.high))])),
                                                   ("simulated", n(p.simulated))]))
            }
        }
        let summaryJSON = JSON.object([
            ("cells", .int(summary.cells)), ("within5Points", .int(summary.within5)),
            ("withinRealInterval", .int(summary.withinInterval)),
            ("perfectModelWithin5Points", n(summary.perfectShare)),
            ("intervalCoverageUnderTheTwin", n(summary.coverageShare)),
            ("medianSeedSpreadPoints", n(summary.medianSeedSpread)),
            ("medianIntervalWidthPoints", n(summary.medianIntervalWidth)),
            ("blockSeconds", n(AccuracyInterval.defaultBlockSeconds)),
            ("pooled", .array(pooledRows)),
            ("walkingDirectionPooled", directionJSON(TwinComparison.pooledDirectionFigures(comparisons))),
            ("perfectModelPooled", .object([("points", n(perfect.points)), ("seedsWithEveryStrategyWithin", .int(perfect.seedsWithEveryStrategyWithin)),
                                            ("seeds", .int(perfect.seeds)), ("strategiesWithin", .int(perfect.pairsWithin)),
                                            ("strategySeedPairs", .int(perfect.pairs))])),
        ])
        return JSON.object([("comparisons", .array(tracks)), ("summary", summaryJSON)]).spaced + "\n"
    }

    /// The walking-direction split's groups as JSON (an empty array when `strongest` was not scored).
    static func directionJSON(_ figures: [TwinComparison.DirectionFigure]) -> JSON {
        .array(figures.map { figure in
            .object([("group", .string(figure.group.rawValue)), ("sessions", .int(figure.sessions)), ("real", .figure(figure.real.accuracy)),
                     ("realInterval", figure.hasInterval ? .object([("low", .figure(figure.real.low)), ("high", .figure(figure.real.high))]) : .null),
                     ("simulated", .figure(figure.simulated)), ("simulatedWithinRealInterval", .bool(figure.simulatedWithinRealInterval))])
        })
    }

    /// Left: each strategy's accuracy, real (with its 90 % interval) against
    /// simulated, pooled over the comparisons. Right: the RSSI histograms, real against simulated.
    public static func svg(_ comparisons: [TwinComparison], title: String) -> String {
        let labels = comparisons.first?.strategies.map { $0.strategy.label } ?? []
        let lowerRows = panelRows(comparisons)
        let timeTop = 560.0, rowHeight = 30.0
        let width = 980.0, height = lowerRows.isEmpty ? 540.0 : timeTop + 40 + rowHeight * Double(lowerRows.count), top = 50.0, plotHeight = 300.0
        var svg = SVGDocument(width: width, height: height)
        svg.text(title, x: width / 2, y: 22, size: 15, anchor: "middle")
        // Accuracy bars.
        let left = 60.0, plotWidth = 520.0
        func y(_ accuracy: Double) -> Double { top + (1 - accuracy) * plotHeight }
        for tick in stride(from: 0.0, through: 1.0, by: 0.2) {
            svg.line(x1: left, y1: y(tick), x2: left + plotWidth, y2: y(tick), stroke: "#ddd")
            svg.text("\(Int((tick * 100).rounded())) %", x: left - 6, y: y(tick) + 4, anchor: "end")
        }
        let slot = plotWidth / Double(Swift.max(labels.count, 1))
        for (index, label) in labels.enumerated() {
            let p = pooled(comparisons, strategy: index)
            let x0 = left + Double(index) * slot + slot * 0.15, bar = slot * 0.35
            for (offset, value, colour) in [(0.0, p.real, "#1f77b4"), (bar, p.simulated, "#ff7f0e")] where !value.isNaN {
                svg.rect(x: x0 + offset, y: y(value), width: bar, height: top + plotHeight - y(value), fill: colour)
            }
            // The real figure's 90 % interval (pooled over the comparisons' sessions).
            let interval = comparisons.count > 1 ? pooledInterval(comparisons, strategy: index) : comparisons[0].strategies[index].realInterval
            if !interval.low.isNaN {
                svg.line(x1: x0 + bar / 2, y1: y(interval.low), x2: x0 + bar / 2, y2: y(interval.high), stroke: "black", width: 1.5)
            }
            svg.text(label, x: x0 + bar, y: top + plotHeight + 12, rotated: 30, size: 10)
        }
        svg.rect(x: left, y: top, width: plotWidth, height: plotHeight, fill: "none", stroke: "black")
        svg.text("chose the nearest till", x: 16, y: top + plotHeight / 2, rotated: -90, anchor: "middle")
        // RSSI histograms.
        let hLeft = 640.0, hWidth = 320.0
        let real = RSSIHistogram.merge(comparisons.map(\.realHistogram)), simulated = RSSIHistogram.merge(comparisons.map(\.simulatedHistogram))
        let peak = Swift.max(real.fractions.max() ?? 0, simulated.fractions.max() ?? 0, 0.01)
        func hx(_ bin: Int) -> Double { hLeft + (Double(bin) + 0.5) / Double(RSSIHistogram.bins) * hWidth }
        func hy(_ fraction: Double) -> Double { top + (1 - fraction / peak) * plotHeight }
        for (histogram, colour) in [(real, "#1f77b4"), (simulated, "#ff7f0e")] {
            svg.polyline(histogram.fractions.enumerated().map { (hx($0.offset), hy($0.element)) }, stroke: colour, width: 2)
        }
        for bin in stride(from: 0, to: RSSIHistogram.bins, by: 5) {
            svg.text("\(RSSIHistogram.low + bin * RSSIHistogram.width)", x: hx(bin), y: top + plotHeight + 16, anchor: "middle")
        }
        svg.rect(x: hLeft, y: top, width: hWidth, height: plotHeight, fill: "none", stroke: "black")
        svg.text("RSSI (dBm), share of readings", x: hLeft + hWidth / 2, y: top + plotHeight + 34, anchor: "middle")
        let legendY = top + plotHeight + 150
        svg.rect(x: left, y: legendY - 10, width: 12, height: 12, fill: "#1f77b4")
        svg.text("real recording (line: its 90 % interval)", x: left + 18, y: legendY)
        svg.rect(x: left + 270, y: legendY - 10, width: 12, height: 12, fill: "#ff7f0e")
        svg.text("twin (mean over seeds)", x: left + 288, y: legendY)
        if !lowerRows.isEmpty { lowerPanel(lowerRows, tracks: comparisons.count, into: &svg, top: timeTop, rowHeight: rowHeight) }
        return svg.text
    }

    /// One row of the SVG's lower panel: a figure's name and, per track, its real 90 % interval and the twin's mean over seeds.
    typealias PanelRow = (name: String, cells: [(low: Double, high: Double, simulated: Double)])

    /// The lower panel's rows: the time structure (`TimeStructure`), then `strongest` by walking direction (`WalkingDirectionSplit`).
    static func panelRows(_ comparisons: [TwinComparison]) -> [PanelRow] {
        // A track without a figure keeps its place (a cell of NaN draws nothing), so each track's offset is its own.
        let none = (low: Double.nan, high: Double.nan, simulated: Double.nan)
        let times = comparisons.map(\.timeFigures)
        let names = times.first?.map(\.real.name) ?? []
        var rows: [PanelRow] = names.indices.map { index in
            (names[index], times.map { figures in
                figures.indices.contains(index) ? (figures[index].real.low, figures[index].real.high, figures[index].simulated) : none
            })
        }
        if comparisons.first?.realDirection != nil {
            rows += WalkingDirectionSplit.Group.allCases.enumerated().map { index, group in
                ("\(WalkingDirectionSplit.strategy.rawValue) right, \(group.rawValue)", comparisons.map { c in
                    guard c.directionFigures.indices.contains(index) else { return none }
                    let figure = c.directionFigures[index]
                    return figure.hasInterval ? (figure.real.low, figure.real.high, figure.simulated) : (.nan, .nan, figure.simulated)
                })
            }
        }
        return rows
    }

    /// The lower panel, one row per figure: each track's real 90 % interval (a bar) and the twin's mean
    /// over seeds (a dot; red outside the interval), on one scale from -0.5 to 1.
    static func lowerPanel(_ rows: [PanelRow], tracks: Int, into svg: inout SVGDocument, top: Double, rowHeight: Double) {
        let left = 330.0, right = 950.0
        func x(_ value: Double) -> Double { left + (Swift.min(Swift.max(value, -0.5), 1) + 0.5) / 1.5 * (right - left) }
        svg.text("Time structure of '\(TwinComparison.timeStrategy.rawValue)', the readings and '\(WalkingDirectionSplit.strategy.rawValue)' by walking direction, "
                 + "track by track: real 90 % interval (bar), twin (dot; red outside, grey with no interval)", x: 16, y: top, size: 13)
        for tick in [-0.5, 0, 0.5, 1] {
            svg.line(x1: x(tick), y1: top + 10, x2: x(tick), y2: top + 14 + rowHeight * Double(rows.count), stroke: "#ddd")
            svg.text(Figures.text(tick, digits: 1), x: x(tick), y: top + 28 + rowHeight * Double(rows.count), anchor: "middle")
        }
        for (index, row) in rows.enumerated() {
            let base = top + 24 + rowHeight * Double(index)
            svg.text(row.name, x: left - 8, y: base + 4, size: 11, anchor: "end")
            for (track, cell) in row.cells.enumerated() {
                let offset = (Double(track) - Double(tracks - 1) / 2) * 3.5
                if !cell.low.isNaN {
                    svg.line(x1: x(cell.low), y1: base + offset, x2: x(cell.high), y2: base + offset, stroke: "#1f77b4", width: 2)
                }
                if !cell.simulated.isNaN {
                    // Grey where the recording has no interval to hold the twin against.
                    let inside = cell.simulated >= cell.low && cell.simulated <= cell.high
                    svg.circle(x: x(cell.simulated), y: base + offset, r: 2.2, fill: cell.low.isNaN ? "#999" : inside ? "#ff7f0e" : "#c0392b", opacity: 1)
                }
            }
        }
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
