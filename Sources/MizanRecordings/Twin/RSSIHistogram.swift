/// RSSI readings in 2 dB bins from -110 to -40 dBm (readings outside go to
/// the end bins), with their mean and standard deviation.
public struct RSSIHistogram: Hashable, Sendable {
    public static let low = -110, width = 2, bins = 35
    public let counts: [Int]
    public let mean: Double
    public let sd: Double

    public init(_ readings: [Int]) {
        var counts = [Int](repeating: 0, count: Self.bins)
        var sum = 0.0, squares = 0.0
        for rssi in readings {
            let bin = Swift.min(Self.bins - 1, Swift.max(0, (rssi - Self.low) / Self.width))
            counts[bin] += 1
            sum += Double(rssi)
            squares += Double(rssi) * Double(rssi)
        }
        let n = Double(readings.count)
        self.counts = counts
        mean = n > 0 ? sum / n : .nan
        sd = n > 1 ? Swift.max(0, (squares - sum * sum / n) / (n - 1)).squareRoot() : .nan
    }

    public var total: Int { counts.reduce(0, +) }
    public var fractions: [Double] { let t = Double(Swift.max(total, 1)); return counts.map { Double($0) / t } }

    /// The shared area of two normalised histograms: 1 identical, 0 disjoint.
    public func overlap(_ other: RSSIHistogram) -> Double {
        zip(fractions, other.fractions).reduce(0) { $0 + Swift.min($1.0, $1.1) }
    }
}
