#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum TwinFitDrift {
    /// One residual of the training trace: its (till, track) series, time, place and value.
    struct SeriesResidual {
        let series: Int
        let t: Double
        let x: Double
        let y: Double
        let residual: Double
    }

    /// What `drift` finds: the track drift's shares of the residual variance and its time
    /// constant; a share of 0 where the pairs do not give it (the link fade held per stand then
    /// stands for what a track holds of its own, as fitted).
    struct DriftFit {
        let share: Double
        let timeConstant: Double
        let offsetShare: Double
    }

    /// Pairs of one (till, track) series, this far apart in time (seconds), give the drift:
    /// the first two its wandering part's size and time constant, the last its constant part.
    static let driftLags: [ClosedRange<Double>] = [0.1...1.2, 2.4...4.8, 19.2...30]
    /// Pairs further apart than this, metres, are left out (the shared field's part is subtracted for the rest).
    static let driftReach = 4.0
    /// Fewer pairs than this in a lag group, and the drift is not fitted.
    static let driftLeastPairs = 31

    /// The track drift (`TrackDrift`) from the training residuals: for pairs
    /// of one (till, track) series in each of `driftLags`, under
    /// `driftReach` apart, the mean of r_i r_j / variance less the shared
    /// field's correlation (`shadowShare` exp(-d / `shadowLength`)); the
    /// last group is the constant part B, and the first two, less B, fall
    /// as an exponential in the lag: its time constant and size at lag 0.
    /// Each (till, track) series in order of time, series in order of their key: what `drift` pairs within.
    static func series(_ residuals: [SeriesResidual]) -> [[SeriesResidual]] {
        var bySeries: [Int: [SeriesResidual]] = [:]
        for residual in residuals { bySeries[residual.series, default: []].append(residual) }
        return bySeries.keys.sorted().map { (bySeries[$0] ?? []).sorted { $0.t < $1.t } }
    }

    /// The widest lag `drift` pairs over, seconds.
    static let widestLag = driftLags.map(\.upperBound).max() ?? 0

    /// How many pairs `drift` looks at: those of one series at most `widestLag` apart.
    static func pairs(_ series: [[SeriesResidual]]) -> Double {
        series.reduce(0) { $0 + pairs(inTime: $1.map(\.t)) }
    }

    /// The pairs of one series' ascending `times` that `drift` looks at.
    static func pairs(inTime times: [Double]) -> Double {
        pairs(times, within: widestLag, closed: true)
    }

    /// The pairs (i < j) of ascending `values` less than `reach` apart (at most, when `closed`), counted
    /// with two pointers: what a pass over each value and the ones after it within reach looks at.
    static func pairs(_ values: [Double], within reach: Double, closed: Bool) -> Double {
        var total = 0.0, end = 0
        for i in values.indices {
            end = Swift.max(end, i + 1)
            while end < values.count, closed ? values[end] - values[i] <= reach : values[end] - values[i] < reach { end += 1 }
            total += Double(end - i - 1)
        }
        return total
    }

    static func drift(_ bySeries: [[SeriesResidual]], variance: Double, shadowShare: Double, shadowLength: Double) -> DriftFit {
        var sums = [Double](repeating: 0, count: driftLags.count), lags = sums, counts = sums
        let widest = widestLag
        for series in bySeries {
            for i in series.indices {
                var j = i + 1
                while j < series.count, series[j].t - series[i].t <= widest {
                    let a = series[i], b = series[j], lag = b.t - a.t
                    j += 1
                    guard let group = driftLags.firstIndex(where: { $0.contains(lag) }) else { continue }
                    let d = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                    guard d < driftReach else { continue }
                    sums[group] += a.residual * b.residual / variance - shadowShare * exp(-d / Swift.max(shadowLength, 1e-6))
                    lags[group] += lag
                    counts[group] += 1
                }
            }
        }
        guard variance > 0, counts.allSatisfy({ $0 >= Double(driftLeastPairs) }) else {
            return DriftFit(share: 0, timeConstant: 1, offsetShare: 0)
        }
        let means = sums.indices.map { sums[$0] / counts[$0] }, at = lags.indices.map { lags[$0] / counts[$0] }
        let constant = Swift.max(0, means[2])
        let near = means[0] - constant, far = means[1] - constant
        guard near > 0, far > 0, far < near else {
            return DriftFit(share: 0, timeConstant: 1, offsetShare: Swift.min(constant, Swift.max(0, 0.9 - shadowShare)))
        }
        let timeConstant = Swift.min(60, Swift.max(0.2, (at[1] - at[0]) / log(near / far)))
        let room = Swift.max(0, 0.9 - shadowShare)
        let offsetShare = Swift.min(constant, room)
        let share = Swift.min(near * exp(at[0] / timeConstant), room - offsetShare)
        return DriftFit(share: share, timeConstant: timeConstant, offsetShare: offsetShare)
    }
}
