import MizanProtocol
/// How one till's samples (in the order heard, at least one) become its score.
enum RSSISummary {
    static func strongest(_ samples: ArraySlice<RSSISample>) -> Double {
        Double(samples.reduce(Int.min) { Swift.max($0, $1.rssi) })
    }

    static func mean(_ samples: ArraySlice<RSSISample>) -> Double {
        Double(samples.reduce(0) { $0 + $1.rssi }) / Double(samples.count)
    }

    /// The middle value; with an even count, the mean of the two middle values.
    static func median(_ samples: ArraySlice<RSSISample>) -> Double {
        let sorted = samples.map(\.rssi).sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The exponentially weighted mean: a sample heard `age` before the newest
    /// weighs `exp(-age / timeConstant)`, so packets heard at the same instant
    /// (one advertising event on three channels) weigh alike. A zero time
    /// constant keeps only the newest instant.
    static func exponentialMean(_ samples: ArraySlice<RSSISample>, timeConstant: Duration) -> Double {
        guard let newest = samples.map(\.at).max() else { return -.infinity }
        var total = 0.0, weights = 0.0
        for sample in samples {
            let weight = timeConstant > .zero
                ? ExponentialDecay.factor((newest - sample.at) / timeConstant)
                : (sample.at == newest ? 1 : 0)
            total += weight * Double(sample.rssi)
            weights += weight
        }
        return weights > 0 ? total / weights : Double(samples[samples.index(before: samples.endIndex)].rssi)
    }

    static func kalman(_ samples: ArraySlice<RSSISample>, processNoise: Double, measurementNoise: Double) -> Double {
        var track: KalmanTrack?
        for sample in samples {
            if track == nil {
                track = KalmanTrack(first: sample, measurementNoise: measurementNoise)
            } else {
                track?.update(with: sample, processNoise: processNoise, measurementNoise: measurementNoise)
            }
        }
        return track?.estimate ?? -.infinity
    }
}
