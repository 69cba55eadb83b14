import MizanProtocol
extension RadioMap {
    /// The map's posterior for a moving phone: a forward filter over the
    /// window's samples in steps of `PayerMotion.binLength` (oldest first).
    /// It starts flat; each step multiplies in the likelihood of the step's
    /// samples, and between steps the position diffuses by `motion` (the
    /// random walk's variance). The walk's prior weighs the position at the
    /// end, where the phone is now; with speed 0 this is the static posterior.
    /// Returns each cell's weight, the highest 1.
    func movingPosterior(_ heard: [(index: Int, rssi: Double, at: Duration)], now: Duration, motion: PayerMotion) -> [Double] {
        let width = tills.count
        let scale = 1 / (2 * sigma * sigma)
        let bin = PayerMotion.binLength
        // Step k holds the samples with now - (k+1)·bin < at <= now - k·bin; k = 0 is the newest.
        func step(of at: Duration) -> Int { Swift.max(0, Int(((now - at) / bin).rounded(.up)) - 1) }
        let steps = (heard.map { step(of: $0.at) }.max() ?? 0) + 1
        var byStep = [[(index: Int, rssi: Double)]](repeating: [], count: steps)
        for sample in heard { byStep[step(of: sample.at)].append((sample.index, sample.rssi)) }
        let perStep = motion.variance(over: bin / .seconds(1))
        var posterior = [Double](repeating: 1, count: cellCount)
        var squares = [Double](repeating: 0, count: cellCount)
        for k in stride(from: steps - 1, through: 0, by: -1) {
            let samples = byStep[k]
            if !samples.isEmpty {
                var least = Double.infinity
                for cell in 0..<cellCount where posterior[cell] > 0 {
                    let row = cell * width
                    var sum = 0.0
                    for (index, rssi) in samples {
                        let residual = rssi - expected[row + index]
                        sum += residual * residual
                    }
                    squares[cell] = sum
                    least = Swift.min(least, sum)
                }
                Self.normalise(&posterior) { cell in ExponentialDecay.factor((squares[cell] - least) * scale) }
            }
            if k > 0 { diffuse(&posterior, variance: perStep) }
        }
        let likeliest = logPrior.max() ?? 0
        Self.normalise(&posterior) { cell in ExponentialDecay.factor(likeliest - logPrior[cell]) }
        return posterior
    }

    /// Multiplies each cell's weight by `factor(cell)` (cells at 0 stay 0) and
    /// scales the highest to 1.
    private static func normalise(_ weights: inout [Double], _ factor: (Int) -> Double) {
        var highest = 0.0
        for cell in weights.indices where weights[cell] > 0 {
            weights[cell] *= factor(cell)
            highest = Swift.max(highest, weights[cell])
        }
        guard highest > 0 else { return }
        for cell in weights.indices { weights[cell] /= highest }
    }

    /// Spreads `weights` by a random walk with per-axis `variance` (m²): the
    /// discrete diffusion `[a, 1 - 2a, a]` along x then y, repeated so that
    /// `a <= 1/4` and the variances add up to `variance` exactly. Mass that
    /// would leave the grid stays in the edge cell, so none is lost.
    package func diffuse(_ weights: inout [Double], variance: Double) {
        guard variance > 0, step > 0 else { return }
        let total = variance / (step * step) // in cells²
        let passes = Swift.max(1, Int((total / 0.5).rounded(.up)))
        let a = total / Double(passes) / 2
        let columns = ys.count, rows = xs.count
        var scratch = weights
        for _ in 0..<passes {
            // Along x: cell (i, j) = i * columns + j, neighbours i ± 1.
            for i in 0..<rows {
                for j in 0..<columns {
                    let here = weights[i * columns + j]
                    let left = i > 0 ? weights[(i - 1) * columns + j] : here
                    let right = i + 1 < rows ? weights[(i + 1) * columns + j] : here
                    scratch[i * columns + j] = (1 - 2 * a) * here + a * (left + right)
                }
            }
            // Along y: neighbours j ± 1.
            for i in 0..<rows {
                let row = i * columns
                for j in 0..<columns {
                    let here = scratch[row + j]
                    let down = j > 0 ? scratch[row + j - 1] : here
                    let up = j + 1 < columns ? scratch[row + j + 1] : here
                    weights[row + j] = (1 - 2 * a) * here + a * (down + up)
                }
            }
        }
    }
}
