import MizanSim
import MizanTime

/// How sure a cross-validated accuracy is: a percentile bootstrap over the
/// left-out tracks. Each resample draws as many tracks as there are, with
/// replacement, and recomputes the statistic; the interval holds the middle
/// 95 % of `resamples` such draws. The draws are seeded and the same for every
/// strategy, so two strategies' intervals, and the interval of their
/// difference, come from the same resampled tracks (a paired comparison).
///
/// Tracks, not sessions, are resampled: sessions 0.5 s apart on one walk are
/// far from independent, and what must generalise is a new walk. With six
/// tracks the intervals are wide and themselves rough: read them as "a
/// difference inside this is not a win", not as exact coverage.
public struct TrackBootstrap: Sendable {
    public struct Interval: Hashable, Sendable {
        public let low: Double
        public let high: Double
    }

    public static let resamples = 2_000
    public static let seed: UInt64 = 15

    /// Per resample, how many times each track is drawn.
    let draws: [[Int]]

    public init(tracks: Int, resamples: Int = TrackBootstrap.resamples, seed: UInt64 = TrackBootstrap.seed) {
        var generator = SeededGenerator(seed: seed)
        var draws: [[Int]] = []
        draws.reserveCapacity(resamples)
        for _ in 0..<resamples {
            var counts = [Int](repeating: 0, count: tracks)
            for _ in 0..<tracks { counts[Int(generator.next() % UInt64(Swift.max(1, tracks)))] += 1 }
            draws.append(counts)
        }
        self.draws = draws
    }

    /// Every left-out session pooled (right over sessions of the drawn tracks).
    public func pooled(_ folds: [SelectionAccuracy]) -> Interval {
        interval { counts in Self.pooled(folds, counts) }
    }

    /// The mean of the drawn tracks' accuracies.
    public func meanOfTracks(_ folds: [SelectionAccuracy]) -> Interval {
        interval { counts in
            var sum = 0.0, drawn = 0
            for (fold, count) in zip(folds, counts) where !fold.accuracy.isNaN {
                sum += Double(count) * fold.accuracy
                drawn += count
            }
            return drawn == 0 ? .nan : sum / Double(drawn)
        }
    }

    /// Pooled accuracy of `folds` minus that of `baseline`, on the same draws
    /// (the two scored on the same tracks, in the same order).
    public func pooledDifference(_ folds: [SelectionAccuracy], minus baseline: [SelectionAccuracy]) -> Interval {
        interval { counts in Self.pooled(folds, counts) - Self.pooled(baseline, counts) }
    }

    private static func pooled(_ folds: [SelectionAccuracy], _ counts: [Int]) -> Double {
        var right = 0, sessions = 0
        for (fold, count) in zip(folds, counts) {
            right += count * fold.right
            sessions += count * fold.sessions
        }
        return sessions == 0 ? .nan : Double(right) / Double(sessions)
    }

    /// The 2.5th and 97.5th percentiles of `statistic` over the draws (NaN draws left out).
    private func interval(_ statistic: ([Int]) -> Double) -> Interval {
        let values = draws.map(statistic).filter { !$0.isNaN }.sorted()
        guard !values.isEmpty else { return Interval(low: .nan, high: .nan) }
        func rank(_ p: Double) -> Double { values[Swift.min(values.count - 1, Swift.max(0, Int((p * Double(values.count)).rounded(.down))))] }
        return Interval(low: rank(0.025), high: rank(0.975))
    }
}
