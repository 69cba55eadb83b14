import Testing
import MizanProtocol
@testable import MizanSelection

/// `SampleWindow` groups by a counting sort when the till ids in the window
/// are dense and by a dictionary when they are sparse: both must give the
/// groups a plain reference grouping gives, in the same order.
@Suite struct SampleWindowTests {
    /// The grouping spelled out: filter, then per till in ascending id order, samples in the order heard.
    static func reference(_ samples: [RSSISample], now: Duration, window: Duration) -> [(TillID, [Int])] {
        let kept = samples.filter { $0.at > now - window && $0.at <= now && $0.rssi != RSSISample.notAvailable }
        return Set(kept.map(\.till)).sorted().map { till in (till, kept.filter { $0.till == till }.map(\.rssi)) }
    }

    static func samples(ids: [UInt32], count: Int, seed: UInt64) -> [RSSISample] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { index in
            let till = TillID(ids[Int(next() % UInt64(ids.count))])
            let rssi = next() % 17 == 0 ? RSSISample.notAvailable : -40 - Int(next() % 60)
            return RSSISample(till: till, rssi: rssi, at: .milliseconds(index))
        }
    }

    @Test(arguments: [
        [UInt32](1...200),                       // dense: the counting sort
        [1, 7, 1_000_000, 4_000_000_000, 42],    // sparse: the dictionary
        [UInt32.max, UInt32.max - 1],            // ids at the top of the range
    ])
    func groupsAsTheReferenceDoes(ids: [UInt32]) {
        for seed in UInt64(1)...5 {
            let samples = Self.samples(ids: ids, count: 3_000, seed: seed)
            let now = Duration.milliseconds(2_500), window = Duration.seconds(1)
            let groups = SampleWindow(samples, now: now, window: window).tills.map { ($0.till, $0.samples.map(\.rssi)) }
            let expected = Self.reference(samples, now: now, window: window)
            #expect(groups.map(\.0) == expected.map(\.0))
            #expect(groups.map(\.1) == expected.map(\.1))
        }
    }

    @Test func anEmptyWindowHasNoTills() {
        #expect(SampleWindow([], now: .seconds(1), window: .seconds(1)).tills.isEmpty)
        let late = [RSSISample(till: TillID(3), rssi: -50, at: .seconds(5))]
        #expect(SampleWindow(late, now: .seconds(1), window: .seconds(1)).tills.isEmpty)
    }
}
