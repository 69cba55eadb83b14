import Testing
import MizanTestSupport
import MizanProtocol
@testable import MizanSelection

/// The default strategy (`highestMean`) scores by per-till sums and counts
/// (`WindowMeans`) instead of grouping the window's samples: the tills, the
/// scores (bit for bit) and the choice must be those of the general path,
/// `TillScores(SampleWindow(...)) { RSSISummary.mean($0) }`.
@Suite struct WindowMeansTests {
    /// The general path the fast one replaces.
    static func grouped(_ samples: [RSSISample], now: Duration, window: Duration) -> TillScores {
        TillScores(SampleWindow(samples, now: now, window: window)) { RSSISummary.mean($0) }
    }

    /// Random samples around the window's edges, some "not available", some
    /// out of time order; a narrow RSSI range and few samples per till make tied means common.
    static func samples(ids: [UInt32], count: Int, rssiSpread: Int, using random: inout SplitMix64) -> [RSSISample] {
        (0..<count).map { _ in
            let till = TillID(ids[random.below(ids.count)])
            let rssi = random.below(19) == 0 ? RSSISample.notAvailable : -60 - random.below(rssiSpread)
            return RSSISample(till: till, rssi: rssi, at: .milliseconds(random.below(3_000)))
        }
    }

    static func bits(_ scores: TillScores) -> [(UInt32, UInt64)] {
        scores.entries.map { ($0.till.rawValue, $0.score.bitPattern) }
    }

    @Test(arguments: [
        [UInt32](1...200),                       // a big floor's ids
        [UInt32](1...3),                         // few tills, many ties
        [1, 7, 1_000_000, 4_000_000_000, 42],    // sparse: the fast path declines, the grouping answers
        [UInt32.max, UInt32.max - 1, 0],         // ids at both ends of the range
    ])
    func theDefaultScoresAndChoosesAsTheGroupedMeanDoes(ids: [UInt32]) {
        var random = SplitMix64(seed: UInt64(ids.count))
        var ties = 0
        for round in 0..<300 {
            let samples = Self.samples(ids: ids, count: random.below(600), rssiSpread: 1 + round % 7, using: &random)
            let now = Duration.milliseconds(random.below(3_200)), window = Duration.milliseconds(1 + random.below(1_500))
            let expected = Self.grouped(samples, now: now, window: window)
            let strategy = SelectionStrategy.highestMean(window: window)
            let scores = strategy.scores(from: samples, now: now)
            #expect(Self.bits(scores).elementsEqual(Self.bits(expected)) { $0 == $1 }, "round \(round)")
            #expect(strategy.choose(from: samples, now: now) == expected.best?.till, "round \(round)")
            if let best = expected.best, expected.entries.contains(where: { $0.till != best.till && $0.score == best.score }) {
                ties += 1
            }
        }
        if ids.count > 1 && ids.count < 200 { #expect(ties > 0, "the rounds include tied best means") }
    }

    @Test func aTiedMeanGoesToTheLowerTill() {
        let samples = [
            RSSISample(till: TillID(9), rssi: -60, at: .milliseconds(100)),
            RSSISample(till: TillID(4), rssi: -62, at: .milliseconds(200)),
            RSSISample(till: TillID(4), rssi: -58, at: .milliseconds(300)),
            RSSISample(till: TillID(6), rssi: -61, at: .milliseconds(400)),
        ]
        let scores = SelectionStrategy.default.scores(from: samples, now: .milliseconds(500))
        #expect(scores.entries.map(\.till) == [TillID(4), TillID(6), TillID(9)])
        #expect(scores.entries.map(\.score) == [-60, -61, -60])
        #expect(SelectionStrategy.default.choose(from: samples, now: .milliseconds(500)) == TillID(4))
    }

    @Test func onlyTheWindowCounts() {
        let samples = [
            RSSISample(till: TillID(1), rssi: -40, at: .milliseconds(500)),   // at now - window: out
            RSSISample(till: TillID(2), rssi: -70, at: .milliseconds(501)),
            RSSISample(till: TillID(1), rssi: -45, at: .milliseconds(1_600)), // after now: out
            RSSISample(till: TillID(3), rssi: RSSISample.notAvailable, at: .milliseconds(900)),
        ]
        let scores = SelectionStrategy.default.scores(from: samples, now: .milliseconds(1_500))
        #expect(scores.entries.map(\.till) == [TillID(2)])
        #expect(SelectionStrategy.default.choose(from: samples, now: .milliseconds(1_500)) == TillID(2))
        #expect(SelectionStrategy.default.choose(from: [], now: .seconds(1)) == nil)
    }
}
