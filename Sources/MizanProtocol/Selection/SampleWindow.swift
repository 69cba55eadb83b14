/// The samples of the last `window` before `now` (`now - window < at <= now`),
/// grouped per till, tills in ascending id order and each till's samples in the
/// order they were heard. "Not available" samples are left out.
public struct SampleWindow: Sendable {
    public let tills: [(till: TillID, samples: [RSSISample])]

    public init(_ samples: [RSSISample], now: Duration, window: Duration) {
        var byTill: [TillID: [RSSISample]] = [:]
        for sample in samples where sample.at > now - window && sample.at <= now && sample.rssi != RSSISample.notAvailable {
            byTill[sample.till, default: []].append(sample)
        }
        tills = byTill.keys.sorted().map { ($0, byTill[$0] ?? []) }
    }
}
