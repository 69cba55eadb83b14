/// How a phone picks a till from the advertising packets it heard: a pure
/// function from samples to a till, or `nil` for "not yet".
public enum SelectionStrategy: Hashable, Sendable {
    /// The till with the highest mean RSSI over the last `window` (WORKLOADS.md W2).
    case highestMean(window: Duration)

    public static let `default` = SelectionStrategy.highestMean(window: .seconds(1))

    /// How long the phone scans before it first asks for a decision.
    public var scanWindow: Duration {
        switch self {
        case let .highestMean(window): window
        }
    }

    /// The chosen till, or `nil` when nothing was heard. Ties go to the lower
    /// till id, so the choice never depends on the order of a dictionary.
    public func choose(from samples: [RSSISample], now: Duration) -> TillID? {
        switch self {
        case let .highestMean(window):
            var sums: [TillID: (total: Int, count: Int)] = [:]
            for sample in samples where sample.at > now - window && sample.rssi != RSSISample.notAvailable {
                sums[sample.till, default: (0, 0)].total += sample.rssi
                sums[sample.till, default: (0, 0)].count += 1
            }
            var best: (till: TillID, mean: Double)?
            for (till, sum) in sums {
                let mean = Double(sum.total) / Double(sum.count)
                if let current = best, mean < current.mean || (mean == current.mean && till > current.till) { continue }
                best = (till, mean)
            }
            return best?.till
        }
    }
}
