import MizanProtocol
import MizanSim
import MizanTime
import MizanFormats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a recording's errors and signals are laid out in time, the figures
/// that tell quick noise from something slow holding the wrong till on top:
///
/// - `changes`: how often the till a strategy chooses changes from one
///   session to the next of a phone (sessions every `every` seconds);
/// - `wrongPersistence`: after a wrong choice, how often the next session's
///   is wrong too; the mean wrong streak is `every / (1 - p)` seconds;
/// - `autocorrelation`: the correlation of each link's RSSI residual (the
///   reading less a path loss fitted on the recording itself: an intercept
///   per till and one slope in log distance) with itself `lag` seconds later,
///   the residuals averaged over 0.25 s bins, pooled over links.
///
/// Each with its 90 % interval: the two shares by the circular block
/// bootstrap of `AccuracyInterval` over the sessions in time order, the
/// autocorrelations by a bootstrap over links (a link's bins move together).
public struct TimeStructure: Sendable {
    public struct Figure: Sendable {
        public let name: String
        public let value: Double
        public let low: Double
        public let high: Double

        public func contains(_ x: Double) -> Bool { x >= low && x <= high }
    }

    public let figures: [Figure]

    /// The lags of the autocorrelation, seconds.
    public static let lags: [Double] = [0.25, 0.5, 1, 2, 4, 8]
    static let bin = 0.25

    /// The figures of `decisions` (one strategy's, per phone in time order) and of `trace`'s readings.
    /// Without `intervals`, each figure's low and high are its value (a twin's seed, where only the value is compared).
    public init(decisions: [TraceDecision], trace: RSSITrace, every: Double, generator: SeededGenerator, intervals: Bool = true) {
        var changes: [Bool] = [], persistence: [Bool] = []
        var byPhone: [String: [TraceDecision]] = [:], order: [String] = []
        for decision in decisions {
            if byPhone[decision.phone] == nil { order.append(decision.phone) }
            byPhone[decision.phone, default: []].append(decision)
        }
        for phone in order {
            let sessions = (byPhone[phone] ?? []).sorted { $0.start < $1.start }
            for (previous, next) in zip(sessions, sessions.dropFirst()) {
                changes.append(previous.chosen != next.chosen)
                if !previous.isRight { persistence.append(!next.isRight) }
            }
        }
        let block = AccuracyInterval.block(every: every)
        let resamples = intervals ? AccuracyInterval.defaultResamples : 1
        let changeInterval = AccuracyInterval(outcomes: changes, block: block, resamples: resamples, generator: generator.split("changes"))
        let persistenceInterval = AccuracyInterval(outcomes: persistence, block: block, resamples: resamples, generator: generator.split("persistence"))
        var figures = [
            Figure(name: "chosen till changes per step", value: changeInterval.accuracy,
                   low: intervals ? changeInterval.low : changeInterval.accuracy, high: intervals ? changeInterval.high : changeInterval.accuracy),
            Figure(name: "wrong after wrong", value: persistenceInterval.accuracy,
                   low: intervals ? persistenceInterval.low : persistenceInterval.accuracy, high: intervals ? persistenceInterval.high : persistenceInterval.accuracy),
        ]
        figures += Self.autocorrelations(trace, generator: generator.split("autocorrelation"), resamples: intervals ? 400 : 0)
        self.figures = figures
    }

    /// The residuals of `trace`'s readings, binned per link: one series per link (phone, till), in order of first row.
    static func binnedResiduals(_ trace: RSSITrace) -> [[Double?]] {
        let positions = Dictionary(trace.tills.map { ($0.id, $0.position) }, uniquingKeysWith: { first, _ in first })
        let rows = trace.rows.filter { $0.rssi != RSSISample.notAvailable && positions[$0.till] != nil }
        func logDistance(_ row: RSSITrace.Row) -> Double {
            log10(Swift.max(row.position.distance(to: positions[row.till] ?? row.position), 0.1))
        }
        // An intercept per till and one slope: least squares within tills.
        var sums: [TillID: (n: Double, x: Double, y: Double)] = [:]
        for row in rows {
            let s = sums[row.till] ?? (0, 0, 0)
            sums[row.till] = (s.n + 1, s.x + logDistance(row), s.y + Double(row.rssi))
        }
        var sxy = 0.0, sxx = 0.0
        for row in rows {
            guard let s = sums[row.till] else { continue }
            let dx = logDistance(row) - s.x / s.n, dy = Double(row.rssi) - s.y / s.n
            sxy += dx * dy
            sxx += dx * dx
        }
        let slope = sxx > 0 ? sxy / sxx : 0
        var series: [[Double?]] = [], index: [String: Int] = [:], starts: [String: Double] = [:]
        var bins: [[(sum: Double, count: Int)]] = []
        for row in rows {
            guard let s = sums[row.till] else { continue }
            let residual = Double(row.rssi) - (s.y / s.n + slope * (logDistance(row) - s.x / s.n))
            let key = "\(row.phone)\u{0}\(row.till.rawValue)"
            if starts[row.phone] == nil { starts[row.phone] = row.t }
            let link: Int
            if let known = index[key] { link = known } else { link = bins.count; index[key] = link; bins.append([]) }
            let at = Int(((row.t - (starts[row.phone] ?? row.t)) / bin).rounded(.down))
            guard at >= 0, at < 10_000_000 else { continue }
            if bins[link].count <= at { bins[link].append(contentsOf: repeatElement((sum: 0.0, count: 0), count: at + 1 - bins[link].count)) }
            bins[link][at].sum += residual
            bins[link][at].count += 1
        }
        for link in bins { series.append(link.map { $0.count > 0 ? $0.sum / Double($0.count) : nil }) }
        return series
    }

    /// The pooled autocorrelation of `series` at `lag` bins: the correlation of the pairs (bin i, bin i + lag) present, about the pooled mean.
    static func autocorrelation(_ series: [[Double?]], lag: Int) -> Double {
        var sum = 0.0, count = 0.0
        for link in series { for case let value? in link { sum += value; count += 1 } }
        guard count > 1 else { return .nan }
        let mean = sum / count
        var variance = 0.0
        for link in series { for case let value? in link { variance += (value - mean) * (value - mean) } }
        variance /= count
        var products = 0.0, pairs = 0.0
        for link in series where link.count > lag {
            for i in 0..<(link.count - lag) {
                guard let a = link[i], let b = link[i + lag] else { continue }
                products += (a - mean) * (b - mean)
                pairs += 1
            }
        }
        return pairs > 0 && variance > 0 ? products / pairs / variance : .nan
    }

    static func autocorrelations(_ trace: RSSITrace, generator: SeededGenerator, resamples: Int = 400) -> [Figure] {
        let series = binnedResiduals(trace)
        var stream = generator
        let drawn: [[[Double?]]] = series.isEmpty ? [] : (0..<Swift.max(resamples, 0)).map { _ in
            (0..<series.count).map { _ in series[Int(stream.next() % UInt64(series.count))] }
        }
        return lags.map { seconds in
            let lag = Int((seconds / bin).rounded())
            let value = autocorrelation(series, lag: lag)
            let values = drawn.map { autocorrelation($0, lag: lag) }.filter { !$0.isNaN }.sorted()
            let low = values.isEmpty ? value : AccuracyInterval.percentile(values, 0.05)
            let high = values.isEmpty ? value : AccuracyInterval.percentile(values, 0.95)
            return Figure(name: "residual autocorrelation at \(Figures.text(seconds, digits: 2)) s", value: value, low: low, high: high)
        }
    }
}
