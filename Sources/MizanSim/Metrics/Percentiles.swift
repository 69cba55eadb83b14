import MizanRadio
import MizanTime
/// Nearest-rank percentiles of a sample.
public struct Percentiles: Hashable, Sendable {
    public let count: Int
    public let p50: Double?
    public let p90: Double?
    public let p99: Double?

    public init(_ values: [Double]) {
        let sorted = values.sorted()
        count = sorted.count
        func rank(_ p: Double) -> Double? {
            guard !sorted.isEmpty else { return nil }
            let index = Swift.max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1)
            return sorted[Swift.min(index, sorted.count - 1)]
        }
        p50 = rank(0.5)
        p90 = rank(0.9)
        p99 = rank(0.99)
    }

    init(count: Int, p50: Double?, p90: Double?, p99: Double?) {
        self.count = count
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
    }
}
