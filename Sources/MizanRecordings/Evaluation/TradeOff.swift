import MizanFormats
import MizanSim

/// Accuracy against time to decide: `confident` (decide once the best leads
/// by `margin`, or at `deadline`) over each base family, at several margins
/// and deadlines, scored leave-one-track-out. For each left-out track the
/// base's own parameters (and a position-based base's calibration and walk)
/// come from `CrossValidation.tune` on the other tracks; the margin and the
/// deadline are the curve's axes, not tuned. Margin 0 decides at the first ask.
public struct TradeOff: Sendable {
    public struct Point: Sendable {
        public let base: String
        public let deadline: Double
        public let margin: Double
        public let accuracy: SelectionAccuracy
        /// Mean seconds from a session's start to its decision, over decided sessions.
        public let meanTime: Double
        /// Sessions decided within `window` + 1 ms of their start, over all sessions.
        public let decidedAtFirstAsk: Double
    }

    public static let margins: [Double] = [0, 1, 2, 3, 4, 6, 8, 12]
    public static let deadlines: [Double] = [2, 3]
    public static let bases: [StrategyName] = [.strongest, .mean, .position, .fingerprint]

    public let validation: CrossValidation
    public let window: Double

    public init(every: Double, window: Double) {
        validation = CrossValidation(every: every)
        self.window = window
    }

    public func run(on trace: RSSITrace) throws(CalibrationError) -> [Point] {
        let grids: [(StrategyName, TuningGrid)]
        do { grids = try Self.baseGrids(window: window) } catch { throw CalibrationError(error.description) }
        var points: [Point] = []
        for (name, grid) in grids {
            // [deadline][margin] -> decisions pooled over the left-out tracks.
            var pooled = [[TraceDecision]](repeating: [], count: Self.deadlines.count * Self.margins.count)
            for phone in trace.phones {
                let training = trace.keeping(phones: trace.phones.filter { $0 != phone })
                let base = try validation.tune(grid, on: training)
                for (d, deadline) in Self.deadlines.enumerated() {
                    for (m, margin) in Self.margins.enumerated() {
                        guard let spec = try? StrategySpec(name: .confident, base: name,
                                                           values: base.parameters.map { ($0, base.value($0)) } + [(.margin, margin), (.deadline, deadline)])
                        else { continue }
                        pooled[d * Self.margins.count + m] += try validation.score(spec, trainedOn: training, scoredOn: trace.keeping(phones: [phone]))
                    }
                }
            }
            for (d, deadline) in Self.deadlines.enumerated() {
                for (m, margin) in Self.margins.enumerated() {
                    let decisions = pooled[d * Self.margins.count + m]
                    let times = decisions.filter { $0.chosen != nil }.map { $0.at - $0.start }
                    let first = decisions.filter { $0.chosen != nil && $0.at - $0.start <= window + 0.001 }.count
                    points.append(Point(base: name.rawValue, deadline: deadline, margin: margin, accuracy: SelectionAccuracy(decisions),
                                        meanTime: times.isEmpty ? .nan : times.reduce(0, +) / Double(times.count),
                                        decidedAtFirstAsk: decisions.isEmpty ? .nan : Double(first) / Double(decisions.count)))
                }
            }
        }
        return points
    }

    /// About how many sessions `run` scores on `trace`, per base: its tuning on each fold's
    /// training tracks (as `CrossValidation.sessionScores`, less the in-sample pass) and every
    /// margin and deadline on each left-out track. What a command checks against its work limit.
    public func sessionScores(on trace: RSSITrace) throws(StrategyError) -> [(grid: TuningGrid, scores: Double)] {
        let tracks = Double(trace.phones.count), sessions = trace.sessions(every: validation.every)
        return try Self.baseGrids(window: window).map { _, grid in
            (grid, validation.sessionScores(grid, on: trace) * tracks / (tracks + 1) + Double(Self.deadlines.count * Self.margins.count) * sessions)
        }
    }

    /// Each base's own tuning grid (as in `TuningGrid.standard`).
    static func baseGrids(window: Double) throws(StrategyError) -> [(StrategyName, TuningGrid)] {
        let standard = try TuningGrid.standard(window: window)
        return bases.compactMap { name in standard.first { $0.family == name.rawValue }.map { (name, $0) } }
    }

    public static let csvHeader = "base,deadline,margin,sessions,decided,right,accuracy,decideMean,decideP50,decideP90,decidedAtFirstAsk"

    public static func csvRow(_ point: Point) -> String {
        func n(_ value: Double?, _ digits: Int = 3) -> String { Figures.csv(value, digits: digits) }
        let a = point.accuracy
        return [point.base, n(point.deadline), n(point.margin), String(a.sessions), String(a.decided), String(a.right), n(a.accuracy, 4),
                n(point.meanTime), n(a.timeToDecide.p50), n(a.timeToDecide.p90), n(point.decidedAtFirstAsk, 4)].joined(separator: ",")
    }

    /// Accuracy (y) against mean time to decide (x), one line per base and
    /// deadline (dashed: the shorter deadline), each point labelled with its margin.
    public static func svg(_ points: [Point], title: String) -> String {
        var document = SVGDocument(width: 760, height: 640)
        let left = 70.0, top = 50.0, width = 640.0, height = 380.0
        let times = points.map(\.meanTime).filter(\.isFinite)
        let accuracies = points.map(\.accuracy.accuracy).filter(\.isFinite)
        let lowX = ((times.min() ?? 1) * 2).rounded(.down) / 2, highX = ((times.max() ?? 3) * 2).rounded(.up) / 2
        let lowY = ((accuracies.min() ?? 0) * 20).rounded(.down) / 20, highY = ((accuracies.max() ?? 1) * 20).rounded(.up) / 20
        func x(_ t: Double) -> Double { left + (highX > lowX ? (t - lowX) / (highX - lowX) : 0.5) * width }
        func y(_ a: Double) -> Double { top + (highY > lowY ? (highY - a) / (highY - lowY) : 0.5) * height }
        document.text(title, x: 380, y: 24, size: 15, anchor: "middle")
        for tick in stride(from: lowY, through: highY + 1e-9, by: 0.05) {
            document.line(x1: left, y1: y(tick), x2: left + width, y2: y(tick), stroke: "#ddd")
            document.text("\(Figures.text(tick * 100, digits: 0)) %", x: left - 6, y: y(tick) + 4, anchor: "end")
        }
        for tick in stride(from: lowX, through: highX + 1e-9, by: 0.5) {
            document.line(x1: x(tick), y1: top, x2: x(tick), y2: top + height, stroke: "#eee")
            document.text("\(Figures.text(tick, digits: 1)) s", x: x(tick), y: top + height + 16, anchor: "middle")
        }
        document.text("mean time from Start to the choice (margins in dB beside the points)", x: left + width / 2, y: top + height + 36, anchor: "middle")
        let colours = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd"]
        var legend = 0
        for (b, base) in bases.enumerated() {
            for deadline in deadlines {
                let line = points.filter { $0.base == base.rawValue && $0.deadline == deadline && $0.meanTime.isFinite }
                guard !line.isEmpty else { continue }
                let colour = colours[b % colours.count]
                for (from, to) in zip(line, line.dropFirst()) {
                    document.line(x1: x(from.meanTime), y1: y(from.accuracy.accuracy), x2: x(to.meanTime), y2: y(to.accuracy.accuracy),
                                  stroke: colour, width: 2, dashed: deadline != deadlines.last)
                }
                for point in line {
                    document.circle(x: x(point.meanTime), y: y(point.accuracy.accuracy), r: 3, fill: colour)
                    if deadline == deadlines.last {
                        document.text(Figures.text(point.margin, digits: 1), x: x(point.meanTime) + 5, y: y(point.accuracy.accuracy) - 5, size: 10, fill: colour)
                    }
                }
                document.line(x1: left, y1: top + height + 52 + 16 * Double(legend), x2: left + 24, y2: top + height + 52 + 16 * Double(legend),
                              stroke: colour, width: 2, dashed: deadline != deadlines.last)
                document.text("confident(\(base.rawValue)), deadline \(Figures.text(deadline, digits: 1)) s",
                              x: left + 30, y: top + height + 56 + 16 * Double(legend), size: 11)
                legend += 1
            }
        }
        return document.text
    }
}
