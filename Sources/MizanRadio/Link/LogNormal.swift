import MizanTime
#if canImport(Glibc)
import Glibc
#endif

/// A log-normal distribution of durations, given by its median and the
/// standard deviation of its logarithm. Made by the link profiles in this
/// module (its memberwise initialiser is the synthesised, internal one).
public struct LogNormal: Hashable, Sendable {
    public var median: Duration
    public var sigma: Double

    /// One draw, capped at 60 s (so that no draw overflows a duration).
    func sample(_ generator: inout SeededGenerator) -> Duration {
        let seconds = median.seconds * exp(sigma * generator.normal())
        return .seconds(Swift.min(seconds, 60))
    }
}
