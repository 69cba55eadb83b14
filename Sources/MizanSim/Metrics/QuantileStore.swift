import MizanRadio
import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The values of one figure (a time in seconds), for its quantiles, in bounded
/// memory: every value exactly up to `exactLimit` values, so quantiles are
/// exact (nearest rank, as `Percentiles`); past that, a log-bucket sketch
/// (DDSketch; Masson, Rim and Lee, 2019) whose quantiles are within a relative
/// error of `relativeError` (0.1 %) of the exact ones, in at most a few
/// thousand buckets. Either way the result does not depend on the order the
/// values came in.
struct QuantileStore: Sendable {
    static let exactLimit = 1 << 20
    static let relativeError = 0.001
    private static let gamma = (1 + relativeError) / (1 - relativeError)
    private static let logGamma = log(gamma)

    /// Values kept exactly before the store becomes a sketch.
    let exactLimit: Int
    private(set) var count = 0
    private var exact: [Double] = []
    /// Bucket i holds values in (gamma^(i-1), gamma^i]; zeros (and negatives) apart.
    private var buckets: [Int: Int]?
    private var zeros = 0

    init(exactLimit: Int = QuantileStore.exactLimit) { self.exactLimit = exactLimit }

    var isExact: Bool { buckets == nil }

    mutating func add(_ value: Double) {
        count += 1
        if buckets == nil {
            exact.append(value)
            if exact.count > exactLimit { toSketch() }
        } else {
            bucket(value)
        }
    }

    var percentiles: Percentiles {
        guard let buckets else { return Percentiles(exact) }
        // Nearest rank over the buckets in order; each bucket answers with its midpoint.
        let keys = buckets.keys.sorted()
        func rank(_ p: Double) -> Double? {
            guard count > 0 else { return nil }
            let target = Swift.max(1, Int((p * Double(count)).rounded(.up)))
            var seen = zeros
            if seen >= target { return 0 }
            for key in keys {
                seen += buckets[key] ?? 0
                if seen >= target { return 2 * pow(Self.gamma, Double(key)) / (Self.gamma + 1) }
            }
            return keys.last.map { 2 * pow(Self.gamma, Double($0)) / (Self.gamma + 1) }
        }
        return Percentiles(count: count, p50: rank(0.5), p90: rank(0.9), p99: rank(0.99))
    }

    private mutating func toSketch() {
        buckets = [:]
        let values = exact
        exact = []
        for value in values { bucket(value) }
    }

    private mutating func bucket(_ value: Double) {
        guard value > 0, value.isFinite else { zeros += 1; return }
        buckets?[Int((log(value) / Self.logGamma).rounded(.up)), default: 0] += 1
    }
}
