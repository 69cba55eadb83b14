import MizanSim
import MizanTime

/// How precisely one recording pins down a strategy's accuracy on its track:
/// a percentile interval from a circular block bootstrap over the sessions in
/// time order.
///
/// Why blocks: sessions start every 0.5 s along a slow walk, so neighbouring
/// sessions see nearly the same samples and the same geometry; on the Danis
/// tracks whether `mean` chose right correlates 0.5-0.7 between consecutive
/// sessions and still 0.1-0.4 at 4 s. Resampling single sessions (a binomial
/// interval) then claims far more precision than a recording has: under the
/// twin, where the seeds are repeat recordings of the same path, its 90 %
/// interval covers the other seeds' mean 69 % of the time; blocks of 2 s
/// cover 91 %, blocks of 5 s (the default) 94 % (20 seeds per Danis track;
/// `mizan twin --leave-one-out` reports this coverage as `twinCoverage`,
/// `docs/digital-twin.md`). Circular, so every
/// session is equally likely to be drawn (a moving block bootstrap draws the
/// ends of a track less often, which biases the interval toward the middle).
public struct AccuracyInterval: Hashable, Sendable {
    /// Right over all sessions, the point estimate.
    public let accuracy: Double
    public let low: Double
    public let high: Double
    /// Two-sided coverage, e.g. 0.9.
    public let level: Double
    /// Sessions per block.
    public let block: Int
    public let resamples: Int

    /// Seconds per block by default (at sessions every 0.5 s: 10 sessions).
    public static let defaultBlockSeconds = 5.0
    public static let defaultResamples = 2000
    public static let defaultLevel = 0.9

    /// The interval of the share of `true` in `outcomes` (in time order):
    /// `resamples` series of `outcomes.count` sessions, each made of blocks of
    /// `block` consecutive sessions (wrapping round the end) starting at
    /// uniform draws from `generator`; the `level` central percentiles of
    /// their shares. Empty outcomes give NaN.
    public init(outcomes: [Bool], block: Int, resamples: Int = defaultResamples, level: Double = defaultLevel,
                generator: SeededGenerator) {
        let n = outcomes.count
        self.block = Swift.max(1, Swift.min(block, Swift.max(n, 1)))
        self.resamples = Swift.max(1, resamples)
        self.level = level
        guard n > 0 else { accuracy = .nan; low = .nan; high = .nan; return }
        let right = outcomes.filter { $0 }.count
        accuracy = Double(right) / Double(n)
        var stream = generator
        var shares: [Double] = []
        shares.reserveCapacity(self.resamples)
        for _ in 0..<self.resamples {
            var drawn = 0, count = 0
            while drawn < n {
                let start = Int(stream.next() % UInt64(n))
                var offset = 0
                while offset < self.block && drawn < n {
                    if outcomes[(start + offset) % n] { count += 1 }
                    offset += 1
                    drawn += 1
                }
            }
            shares.append(Double(count) / Double(n))
        }
        shares.sort()
        let tail = (1 - level) / 2
        low = Self.percentile(shares, tail)
        high = Self.percentile(shares, 1 - tail)
    }

    /// Linear interpolation between order statistics (`sorted` non-empty).
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        let position = p * Double(sorted.count - 1)
        let below = Int(position.rounded(.down)), above = Swift.min(below + 1, sorted.count - 1)
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }

    /// Whether `value` lies in [low, high].
    public func contains(_ value: Double) -> Bool { value >= low && value <= high }

    /// Sessions per block for `seconds` long blocks of sessions every `every` seconds.
    public static func block(seconds: Double = defaultBlockSeconds, every: Double) -> Int {
        every > 0 ? Swift.max(1, Int((seconds / every).rounded())) : 1
    }
}
