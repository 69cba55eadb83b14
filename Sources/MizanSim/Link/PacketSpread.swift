#if canImport(Glibc)
import Glibc
#endif

/// The per-packet spread and fading of the path-loss model as a discrete
/// distribution of dB offsets: what `PathLossModel.packetRSSI` adds to a
/// link's mean, tabulated once by quadrature (no draws), so that the chance a
/// packet is lost at a given mean is a sum rather than a simulation.
struct PacketSpread {
    /// Offsets, dB, and their probabilities (summing to 1).
    let offsets: [Double]
    let weights: [Double]

    init(parameters: RadioParameters) {
        // The normal spread on a grid of 41 points over +-5 sigma.
        var normal: [(Double, Double)] = [(0, 1)]
        if parameters.packetSigma > 0 {
            normal = Self.standardNormal(points: 41).map { ($0.0 * parameters.packetSigma, $0.1) }
        }
        // Rician fading: |LOS + scatter (i + jq)|^2 in dB, over a 2D grid of the two normals.
        var fading: [(Double, Double)] = [(0, 1)]
        if let kdB = parameters.ricianKdB {
            let k = pow(10, kdB / 10)
            let los = (k / (k + 1)).squareRoot()
            let scatter = (1 / (2 * (k + 1))).squareRoot()
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
        // Their sum, gathered into 0.25 dB bins.
        let binWidth = 0.25
        var bins: [Int: Double] = [:]
        for (a, wa) in normal {
            for (b, wb) in fading {
                bins[Int(((a + b) / binWidth).rounded()), default: 0] += wa * wb
            }
        }
        let keys = bins.keys.sorted()
        offsets = keys.map { Double($0) * binWidth }
        weights = keys.map { bins[$0] ?? 0 }
    }

    /// The chance that one packet on a link of mean RSSI `mean` is lost.
    func lossProbability(mean: Double, model: PathLossModel) -> Double {
        var lost = 0.0
        for (offset, weight) in zip(offsets, weights) {
            lost += weight * model.packetErrorRate(rssi: mean + offset)
        }
        return Swift.min(Swift.max(lost, 0), 1)
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
