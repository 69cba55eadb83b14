import MizanTime
#if canImport(Glibc)
import Glibc
#endif

/// The per-packet spread and fading of the path-loss model as a discrete
/// distribution of dB offsets: what `SignalModel.Fresh.packetRSSI(mean:generator:)` adds to a
/// link's mean, tabulated once by quadrature (no draws), so that the chance a
/// packet is lost at a given mean is a sum rather than a simulation.
package struct PacketSpread {
    /// Offsets, dB, and their probabilities (summing to 1).
    let offsets: [Double]
    let weights: [Double]
    /// For `lossBound`: the offsets in `boundSegments` runs of about equal length, each run's first
    /// offset and its weight.
    private let segmentStarts: [Double]
    private let segmentWeights: [Double]
    static let boundSegments = 16

    init(_ model: SignalModel.Fresh) {
        // The normal spread on a grid of 41 points over +-5 sigma.
        var normal: [(Double, Double)] = [(0, 1)]
        if model.spread > 0 {
            normal = Self.standardNormal(points: 41).map { ($0.0 * model.spread, $0.1) }
        }
        // Rician fading: |LOS + scatter (i + jq)|^2 in dB, over a 2D grid of the two normals.
        var fading: [(Double, Double)] = [(0, 1)]
        if let kdB = model.fadingKdB {
            let (los, scatter) = RicianFade.parts(kFactordB: kdB)
            let grid = Self.standardNormal(points: 31)
            fading = []
            for (zi, wi) in grid {
                for (zq, wq) in grid {
                    let i = los + scatter * zi
                    let q = scatter * zq
                    fading.append((10 * log10(Swift.max(i * i + q * q, 1e-12)), wi * wq))
                }
            }
        }
        // Their sum, gathered into 0.25 dB bins: an array over the bins' range (a dictionary's hashing
        // costs far more per draw), summed in the same order, and the bins nothing fell in left out.
        let binWidth = 0.25
        func bin(_ a: Double, _ b: Double) -> Int { Int(((a + b) / binWidth).rounded()) }
        var lowest = Int.max, highest = Int.min
        for (a, _) in normal {
            for (b, _) in fading {
                let index = bin(a, b)
                lowest = Swift.min(lowest, index)
                highest = Swift.max(highest, index)
            }
        }
        var sums = [Double](repeating: 0, count: highest - lowest + 1), filled = [Bool](repeating: false, count: sums.count)
        for (a, wa) in normal {
            for (b, wb) in fading {
                let index = bin(a, b) - lowest
                sums[index] += wa * wb
                filled[index] = true
            }
        }
        let kept = sums.indices.filter { filled[$0] }
        let offsets = kept.map { Double($0 + lowest) * binWidth }, weights = kept.map { sums[$0] }
        self.offsets = offsets
        self.weights = weights
        let length = Swift.max((weights.count + Self.boundSegments - 1) / Self.boundSegments, 1)
        let starts = Array(stride(from: 0, to: weights.count, by: length))
        segmentStarts = starts.map { offsets[$0] }
        segmentWeights = starts.map { weights[$0..<Swift.min($0 + length, weights.count)].reduce(0, +) }
    }

    /// The chance that one packet on a link of mean RSSI `mean` is lost.
    func lossProbability(mean: Double, model: SignalModel.Fresh) -> Double {
        var lost = 0.0
        for (offset, weight) in zip(offsets, weights) {
            lost += weight * model.packetErrorRate(rssi: mean + offset)
        }
        return Swift.min(Swift.max(lost, 0), 1)
    }

    /// An upper bound on `lossProbability(mean:model:)` from 16 error rates
    /// instead of hundreds: each run of offsets at the rate of its first
    /// (the lowest RSSI of the run: the rate never rises with the RSSI). The
    /// margin covers the exact sum's rounding (a few hundred additions, each
    /// within 2^-53 of a sum at most 1) and last-place errors of the C
    /// library's `exp`.
    func lossBound(mean: Double, model: SignalModel.Fresh) -> Double {
        // A rate that does not fall with the RSSI (a slope set to 0 or below through the Swift API;
        // a floor file cannot) has no such bound: none short of certain loss.
        guard model.perSlope > 0 else { return 1 }
        var bound = 0.0
        for (start, weight) in zip(segmentStarts, segmentWeights) {
            bound += weight * model.packetErrorRate(rssi: mean + start)
        }
        return Swift.min(bound + 1e-12, 1)
    }

    /// A standard normal on `points` evenly spaced points over +-5, weights normalised.
    private static func standardNormal(points: Int) -> [(Double, Double)] {
        let step = 10.0 / Double(points - 1)
        let raw = (0..<points).map { k -> (Double, Double) in
            let z = -5 + step * Double(k)
            return (z, exp(-z * z / 2))
        }
        let total = raw.reduce(0) { $0 + $1.1 }
        return raw.map { ($0.0, $0.1 / total) }
    }
}
