#if canImport(Glibc)
import Glibc
#endif

/// A log-normal distribution of durations, given by its median and the
/// standard deviation of its logarithm.
public struct LogNormal: Hashable, Sendable {
    public var median: Duration
    public var sigma: Double

    public init(median: Duration, sigma: Double) {
        self.median = median
        self.sigma = sigma
    }

    /// One draw, capped at 60 s (so that no draw overflows a duration).
    func sample(_ generator: inout SeededGenerator) -> Duration {
        let seconds = median.seconds * exp(sigma * generator.normal())
        return .seconds(Swift.min(seconds, 60))
    }
}
