import MizanProtocol
/// A 1-D Kalman filter of one till's RSSI, modelled as a random walk: between
/// samples the variance grows by `processNoise` dB² per second; each sample
/// measures the level with variance `measurementNoise` dB².
struct KalmanTrack: Hashable, Sendable {
    private(set) var estimate: Double
    private(set) var variance: Double
    private(set) var lastAt: Duration

    init(first sample: RSSISample, measurementNoise: Double) {
        estimate = Double(sample.rssi)
        variance = measurementNoise
        lastAt = sample.at
    }

    mutating func update(with sample: RSSISample, processNoise: Double, measurementNoise: Double) {
        let elapsed = Swift.max(0, (sample.at - lastAt) / .seconds(1))
        variance += processNoise * elapsed
        let gain = variance + measurementNoise > 0 ? variance / (variance + measurementNoise) : 1
        estimate += gain * (Double(sample.rssi) - estimate)
        variance *= 1 - gain
        lastAt = sample.at
    }
}
