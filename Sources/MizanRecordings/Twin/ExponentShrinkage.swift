import MizanProtocol

/// Each till's own path-loss exponent, drawn toward the room's shared one by
/// as much as the training recording leaves it in doubt (empirical Bayes).
///
/// Why: a till's own line (`a + b x`, x = -10 log10 d) fits only the spots
/// the training walks passed. Where they cross the room (the Danis tracks)
/// the exponents differ by receiver and keep; where each walk covers its own
/// part of the room (the flat's calibration runs), a till's exponent fitted
/// on three runs ranges from -3.7 to 5.5 and, carried to the fourth run's
/// spots, ranks the tills worse than the shared exponent does
/// (`docs/digital-twin.md`, "Choosing the structure").
///
/// How: the rows are cut into groups (each track's rows in `groupsPerTrack`
/// spans of equal time), and each till's slope refitted leaving one group
/// out (the delete-one-group jackknife) gives its variance `V` over where the
/// rows came from. The slopes' spread across tills, less the mean `V`, is
/// `tau^2` (0 when negative); each till keeps the share `tau^2 / (tau^2 + V)`
/// of its difference from the shared exponent. Its line keeps passing
/// through its rows' mean, so only the slope turns.
public enum ExponentShrinkage {
    /// Spans each track's rows are cut into: a track is one walk, so its
    /// quarters are different places, and a single training track still has
    /// groups to leave out.
    public static let groupsPerTrack = 4
    /// Rows a slope needs (as `ElevationLoss.fitted`'s lines do).
    static let leastRows = 11

    /// One reading: its till, its group, x = -10 log10 d and the value the till's line was fitted to.
    public struct Reading: Sendable {
        public let till: TillID
        public let group: Int
        public let x: Double
        public let value: Double
        public init(till: TillID, group: Int, x: Double, value: Double) {
            self.till = till; self.group = group; self.x = x; self.value = value
        }
    }

    /// The least-squares slope of value on x and the mean x; nil with too few rows or no spread in x.
    static func slope(_ readings: some Sequence<Reading>) -> (slope: Double, meanX: Double)? {
        var n = 0.0, sx = 0.0, sv = 0.0, sxx = 0.0, sxv = 0.0
        for r in readings { n += 1; sx += r.x; sv += r.value; sxx += r.x * r.x; sxv += r.x * r.value }
        guard n >= Double(leastRows) else { return nil }
        let dxx = sxx - sx * sx / n
        guard dxx > 1e-12 * Swift.max(1, sxx) else { return nil }
        return ((sxv - sx * sv / n) / dxx, sx / n)
    }

    /// A till's slope, its jackknife variance over the groups (infinite with under two groups
    /// that leave a slope: nothing then says how it moves with where the rows came from), and
    /// its rows' mean x.
    struct TillSlope { let slope: Double; let variance: Double; let meanX: Double }

    static func tillSlopes(_ readings: [Reading]) -> [TillID: TillSlope] {
        var byTill: [TillID: [Reading]] = [:]
        for reading in readings { byTill[reading.till, default: []].append(reading) }
        var result: [TillID: TillSlope] = [:]
        for (till, rows) in byTill {
            guard let full = slope(rows) else { continue }
            let leftOut = Set(rows.map(\.group)).sorted().compactMap { group in slope(rows.lazy.filter { $0.group != group })?.slope }
            var variance = Double.infinity
            if leftOut.count >= 2 {
                let g = Double(leftOut.count), mean = leftOut.reduce(0, +) / g
                variance = (g - 1) / g * leftOut.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            }
            result[till] = TillSlope(slope: full.slope, variance: variance, meanX: full.meanX)
        }
        return result
    }

    /// Each till's line `(a, b)` with its slope drawn toward `shared`, and the share of its own
    /// difference it keeps. `lines`: each till's own least-squares line, fitted to `readings`.
    public static func shrunk(lines: [TillID: (a: Double, b: Double)], readings: [Reading],
                              shared: Double) -> (lines: [TillID: (a: Double, b: Double)], kept: [TillID: Double]) {
        let slopes = tillSlopes(readings)
        let tills = lines.keys.sorted()
        let known = tills.compactMap { slopes[$0] }.filter(\.variance.isFinite)
        var tau2 = 0.0
        if known.count >= 2 {
            let k = Double(known.count)
            let mean = known.reduce(0) { $0 + $1.slope } / k
            let spread = known.reduce(0) { $0 + ($1.slope - mean) * ($1.slope - mean) } / (k - 1)
            tau2 = Swift.max(0, spread - known.reduce(0) { $0 + $1.variance } / k)
        }
        var result: [TillID: (a: Double, b: Double)] = [:], kept: [TillID: Double] = [:]
        for till in tills {
            guard let line = lines[till] else { continue }
            var share = 0.0
            if let s = slopes[till], s.variance.isFinite, tau2 + s.variance > 0 { share = tau2 / (tau2 + s.variance) }
            let b = shared + share * (line.b - shared)
            result[till] = (line.a + (line.b - b) * (slopes[till]?.meanX ?? 0), b)
            kept[till] = share
        }
        return (result, kept)
    }
}
