import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What each (till, track) pair of a recording holds of its own, on top of
/// the room's shared shadowing field: a part that wanders in time (an
/// Ornstein-Uhlenbeck process, correlation exp(-lag / `timeConstant`)) and a
/// part constant for the whole track. On the furnished flat the residuals of
/// one till and one track stay correlated for seconds whether the robot
/// moves or stands (0.35 at under 0.6 s standing, 0.31 moving), which a fade
/// held per stand walked cannot give, and differ between runs through the
/// same spots (`docs/digital-twin.md`, "What makes real errors persist").
public struct TrackDrift: Hashable, Sendable {
    /// sd of the wandering part, dB, and its time constant, seconds.
    public var sigma: Double
    public var timeConstant: Double
    /// sd of the part constant per (till, track), dB.
    public var offsetSigma: Double

    public init(sigma: Double, timeConstant: Double, offsetSigma: Double) {
        self.sigma = sigma
        self.timeConstant = timeConstant
        self.offsetSigma = offsetSigma
    }

    public static let none = TrackDrift(sigma: 0, timeConstant: 1, offsetSigma: 0)

    public var isNone: Bool { sigma == 0 && offsetSigma == 0 }

    /// One (till, track) pair's drift at each of `times` (ascending, seconds), dB, from `generator`.
    public func values(at times: [Double], generator: inout SeededGenerator) -> [Double] {
        let offset = offsetSigma > 0 ? generator.normal(mean: 0, sd: offsetSigma) : 0
        guard sigma > 0 else { return times.map { _ in offset } }
        var value = generator.normal(mean: 0, sd: sigma)
        var last = times.first ?? 0
        return times.map { time in
            let kept = exp(-Swift.max(0, time - last) / timeConstant)
            value = value * kept + (1 - kept * kept).squareRoot() * generator.normal(mean: 0, sd: sigma)
            last = time
            return value + offset
        }
    }
}
