import MizanProtocol
import MizanGeometry
/// A grid over the floor (every `step` metres, `margin` beyond the outermost
/// tills, the phone at the calibration's `phoneHeight`) holding, for every
/// cell, the RSSI each till is expected to read there, its distance to each
/// cell, and a prior log-probability that a phone is there.
///
/// Built from the calibrated log-distance model alone (`position`), or with a
/// calibration walk (`fingerprint`): each cell's expected RSSI becomes a
/// kernel-weighted mean of the walk's readings near it (Gaussian, `bandwidth`
/// metres, cut at 3 bandwidths), shrunk towards the model with the weight of
/// `modelWeight` readings; and the prior follows where the walk went (Gaussian,
/// `pathPrior` metres), floored so that no cell is impossible.
/// See `docs/selection-strategies.md`.
public struct RadioMap: Hashable, Sendable {
    /// Ascending id.
    public let tills: [TillID]
    public let step: Double
    package let xs: [Double]
    package let ys: [Double]
    /// `distances[cell * tills.count + till]`: 3-D, metres, the phone at `phoneHeight`.
    let distances: [Double]
    /// `expected[cell * tills.count + till]`, dBm.
    let expected: [Double]
    /// Natural log; all zero without a path prior.
    let logPrior: [Double]
    public let sigma: Double
    /// `position`, or `fingerprint bandwidth=B pathPrior=P` (for labels).
    public let kind: String

    /// Fixed settings, picked in an exploratory study that compared their
    /// leave-one-track-out scores on all six Danis tracks: not themselves
    /// cross-validated (`docs/selection-strategies.md` says which and why).
    public static let defaultStep = 0.5
    public static let defaultMargin = 1.0
    /// A fingerprint cell with readings of total kernel weight w gets
    /// `(w * their mean + modelWeight * model) / (w + modelWeight)`.
    public static let modelWeight = 1.0
    /// The prior of a cell the walk never came near: `priorFloor / cells` (against 1 over all cells).
    public static let priorFloor = 0.01
    /// Grids are coarsened (step doubled) until they hold at most this many cells, and at most
    /// `maximumEntries` (cell, till) pairs: a map keeps two numbers a pair (400 MB at most).
    public static let maximumCells = 250_000
    public static let maximumEntries = 25_000_000

    public var cellCount: Int { xs.count * ys.count }

    /// The model-only map: expected RSSI from `survey.calibration`, a flat prior.
    public init(survey: SiteSurvey, bandwidth: Double = 0, pathPrior: Double = 0, step: Double = defaultStep, margin: Double = defaultMargin) {
        let placements = survey.tills
        tills = placements.map(\.till)
        let lowX = placements.map(\.x).min() ?? 0, lowY = placements.map(\.y).min() ?? 0
        let grid = Self.grid(over: placements, step: step, margin: margin)
        let xs = (0..<grid.columns).map { lowX - margin + Double($0) * grid.step }
        let ys = (0..<grid.rows).map { lowY - margin + Double($0) * grid.step }
        self.step = grid.step
        self.xs = xs
        self.ys = ys
        let calibration = survey.calibration
        let z = calibration.phoneHeight
        let offsets = placements.map { calibration.offset(of: $0.till) }
        let pathLoss = calibration.pathLoss
        var distances: [Double] = []
        var expected: [Double] = []
        distances.reserveCapacity(xs.count * ys.count * placements.count)
        expected.reserveCapacity(xs.count * ys.count * placements.count)
        for x in xs {
            for y in ys {
                for (index, till) in placements.enumerated() {
                    let distance = ((x - till.x) * (x - till.x) + (y - till.y) * (y - till.y) + (z - till.z) * (z - till.z)).squareRoot()
                    distances.append(distance)
                    expected.append(pathLoss.meanRSSI(distance: distance) + offsets[index])
                }
            }
        }
        self.distances = distances
        sigma = calibration.packetSigma > 0 && calibration.packetSigma.isFinite ? calibration.packetSigma : 1
        let walk = survey.walk.filter { $0.rssi != RSSISample.notAvailable && $0.x.isFinite && $0.y.isFinite }
        kind = walk.isEmpty || (bandwidth <= 0 && pathPrior <= 0) ? "position" : "fingerprint bandwidth=\(bandwidth) pathPrior=\(pathPrior)"
        if bandwidth > 0, !walk.isEmpty {
            expected = Self.fingerprint(expected, walk: walk, tills: tills, xs: xs, ys: ys, step: step, bandwidth: bandwidth)
        }
        self.expected = expected
        logPrior = pathPrior > 0 && !walk.isEmpty
            ? Self.pathPrior(walk, xs: xs, ys: ys, step: step, bandwidth: pathPrior)
            : [Double](repeating: 0, count: xs.count * ys.count)
    }

    /// The grid of a map over `placements`: `step` (the default for one that is not a positive
    /// number) doubled until the grid holds at most `maximumCells` cells and `maximumEntries`
    /// (cell, till) pairs, and its columns (x) and rows (y). A map scores every cell for every
    /// decision, so its cells are what a replay's work grows with.
    public static func grid(over placements: [TillPlacement], step: Double = defaultStep, margin: Double = defaultMargin)
        -> (step: Double, columns: Int, rows: Int) {
        let lowX = placements.map(\.x).min() ?? 0, highX = placements.map(\.x).max() ?? 0
        let lowY = placements.map(\.y).min() ?? 0, highY = placements.map(\.y).max() ?? 0
        var step = step > 0 && step.isFinite ? step : Self.defaultStep
        func count(_ low: Double, _ high: Double) -> Int {
            let span = (high - low + 2 * margin) / step
            return span.isFinite && span < 1e7 ? Int(span) + 1 : 10_000_000
        }
        while count(lowX, highX) * count(lowY, highY) > Self.maximumCells
            || count(lowX, highX) * count(lowY, highY) * Swift.max(placements.count, 1) > Self.maximumEntries { step *= 2 }
        return (step, count(lowX, highX), count(lowY, highY))
    }

    /// Calls `body(cell, squared distance)` for every cell within 3 `bandwidth` of (x, y).
    private static func forEachCell(near x: Double, _ y: Double, xs: [Double], ys: [Double], step: Double, bandwidth: Double,
                                    _ body: (Int, Double) -> Void) {
        guard let firstX = xs.first, let firstY = ys.first else { return }
        let reach = 3 * bandwidth
        let lowI = Swift.max(0, Int(((x - reach - firstX) / step).rounded(.up)))
        let highI = Swift.min(xs.count - 1, Int(((x + reach - firstX) / step).rounded(.down)))
        let lowJ = Swift.max(0, Int(((y - reach - firstY) / step).rounded(.up)))
        let highJ = Swift.min(ys.count - 1, Int(((y + reach - firstY) / step).rounded(.down)))
        guard lowI <= highI, lowJ <= highJ else { return }
        for i in lowI...highI {
            let dx = xs[i] - x
            for j in lowJ...highJ {
                let dy = ys[j] - y
                body(i * ys.count + j, dx * dx + dy * dy)
            }
        }
    }

    private static func fingerprint(_ model: [Double], walk: [SurveySample], tills: [TillID], xs: [Double], ys: [Double],
                                    step: Double, bandwidth: Double) -> [Double] {
        let width = tills.count
        var sums = [Double](repeating: 0, count: model.count)
        var weights = [Double](repeating: 0, count: model.count)
        let scale = 1 / (2 * bandwidth * bandwidth)
        for sample in walk {
            guard let index = Self.index(of: sample.till, in: tills) else { continue }
            forEachCell(near: sample.x, sample.y, xs: xs, ys: ys, step: step, bandwidth: bandwidth) { cell, squared in
                let weight = ExponentialDecay.factor(squared * scale)
                sums[cell * width + index] += weight * Double(sample.rssi)
                weights[cell * width + index] += weight
            }
        }
        return model.indices.map { (sums[$0] + modelWeight * model[$0]) / (weights[$0] + modelWeight) }
    }

    private static func pathPrior(_ walk: [SurveySample], xs: [Double], ys: [Double], step: Double, bandwidth: Double) -> [Double] {
        var occupancy = [Double](repeating: 0, count: xs.count * ys.count)
        let scale = 1 / (2 * bandwidth * bandwidth)
        for sample in walk {
            forEachCell(near: sample.x, sample.y, xs: xs, ys: ys, step: step, bandwidth: bandwidth) { cell, squared in
                occupancy[cell] += ExponentialDecay.factor(squared * scale)
            }
        }
        let total = occupancy.reduce(0, +)
        let floor = priorFloor / Double(occupancy.count)
        return occupancy.map { Logarithm.natural((total > 0 ? $0 / total : 0) + floor) }
    }

    /// `tills` is ascending: bisection.
    static func index(of till: TillID, in tills: [TillID]) -> Int? {
        var low = 0, high = tills.count
        while low < high {
            let middle = (low + high) / 2
            if tills[middle] < till { low = middle + 1 } else { high = middle }
        }
        return low < tills.count && tills[low] == till ? low : nil
    }

    /// Each heard till's share of the posterior probability that it is the
    /// nearest heard till to the phone, given `window`'s samples (Gaussian
    /// readings with spread `sigma` about the cell's expected RSSI,
    /// independent; the phone standing still, or moving as `motion` says),
    /// as `10 * log10(share)` (0 is certainty; floored at -999; rounded to
    /// 1e-6 dB). Only heard tills compete: one not heard is not advertising
    /// (busy) or out of reach. Empty when no sample is from a till on the map.
    func scores(_ window: SampleWindow, now: Duration, motion: PayerMotion = .standing) -> TillScores {
        var heard: [(index: Int, rssi: Double, at: Duration)] = []
        var candidates: [Int] = [] // ascending: the window groups tills in id order
        window.forEachTill { till, samples in
            guard let index = Self.index(of: till, in: tills) else { return }
            candidates.append(index)
            for sample in samples { heard.append((index, Double(sample.rssi), sample.at)) }
        }
        guard !heard.isEmpty else { return TillScores(entries: []) }
        let weights = motion.speed > 0 ? movingPosterior(heard, now: now, motion: motion) : staticPosterior(heard)
        let width = tills.count
        var mass = [Double](repeating: 0, count: width)
        var total = 0.0
        for cell in weights.indices {
            let weight = weights[cell]
            // The nearest of the tills heard (a till not heard is not
            // advertising, or out of reach: it cannot be chosen); a cell
            // exactly (within 1 µm) between two gives each half.
            let row = cell * width
            var best = candidates[0], bestDistance = distances[row + best], tie = -1
            for index in candidates.dropFirst() {
                let distance = distances[row + index]
                if distance < bestDistance - 1e-6 {
                    best = index
                    bestDistance = distance
                    tie = -1
                } else if distance <= bestDistance + 1e-6, tie < 0 {
                    tie = index
                }
            }
            if tie >= 0 {
                mass[best] += weight / 2
                mass[tie] += weight / 2
            } else {
                mass[best] += weight
            }
            total += weight
        }
        return TillScores(entries: candidates.map { index in
            let share = total > 0 ? mass[index] / total : 0
            // Rounded to 1e-6 dB so that a tie up to rounding is a tie (to the lower id).
            let score = share > 0 ? Swift.max(-999, 10 * Logarithm.decimal(share)) : -999
            return TillScores.Entry(till: tills[index], score: (score * 1e6).rounded() / 1e6)
        })
    }

    /// The phone standing still: every sample weighs the same cell. Each
    /// cell's weight, the highest 1.
    private func staticPosterior(_ heard: [(index: Int, rssi: Double, at: Duration)]) -> [Double] {
        let width = tills.count
        let scale = 1 / (2 * sigma * sigma)
        var logLikelihood = logPrior
        var highest = -Double.infinity
        for cell in logLikelihood.indices {
            let row = cell * width
            var sum = 0.0
            for sample in heard {
                let residual = sample.rssi - expected[row + sample.index]
                sum += residual * residual
            }
            logLikelihood[cell] -= sum * scale
            highest = Swift.max(highest, logLikelihood[cell])
        }
        return logLikelihood.map { ExponentialDecay.factor(highest - $0) }
    }
}
