import Testing
import MizanProtocol
@testable import MizanSelection

@Suite struct SelectionStrategyTests {
    static let one = TillID(1), two = TillID(2), three = TillID(3)

    static func s(_ till: TillID, _ rssi: Int, _ ms: Int) -> RSSISample { RSSISample(till: till, rssi: rssi, at: .milliseconds(ms)) }

    /// Till 1: one loud outlier among weak packets; till 2: steady and fairly strong.
    static let outlier = [s(one, -50, 100), s(two, -62, 150), s(one, -80, 200), s(two, -61, 250), s(one, -79, 300), s(two, -63, 350)]

    @Test func strongestSampleFollowsTheLoudestSinglePacket() {
        #expect(SelectionStrategy.strongestSample(window: .seconds(1)).choose(from: Self.outlier, now: .milliseconds(400)) == Self.one)
    }

    @Test func meanMedianEmaAndKalmanAreNotFooledByOneLoudPacket() {
        let now = Duration.milliseconds(400)
        #expect(SelectionStrategy.highestMean(window: .seconds(1)).choose(from: Self.outlier, now: now) == Self.two)
        #expect(SelectionStrategy.highestMedian(window: .seconds(1)).choose(from: Self.outlier, now: now) == Self.two)
        #expect(SelectionStrategy.exponentialMean(window: .seconds(1), timeConstant: .milliseconds(200)).choose(from: Self.outlier, now: now) == Self.two)
        #expect(SelectionStrategy.kalman(window: .seconds(1), processNoise: 1, measurementNoise: 40).choose(from: Self.outlier, now: now) == Self.two)
    }

    @Test func medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        let samples = [Self.s(Self.one, -60, 0), Self.s(Self.one, -70, 10), Self.s(Self.one, -64, 20), Self.s(Self.one, -90, 30)]
        let scores = SelectionStrategy.highestMedian(window: .seconds(1)).scores(from: samples, now: .milliseconds(30))
        #expect(scores.score(of: Self.one) == -67)
    }

    @Test func samplesOutsideTheWindowDoNotCount() {
        let samples = [Self.s(Self.one, -40, 0), Self.s(Self.two, -70, 900)]
        #expect(SelectionStrategy.highestMean(window: .milliseconds(500)).choose(from: samples, now: .seconds(1)) == Self.two)
        #expect(SelectionStrategy.highestMean(window: .milliseconds(500)).choose(from: samples, now: .milliseconds(100)) == Self.one,
                "a sample heard after now does not count either")
    }

    @Test func emaWeighsRecentSamplesMore() {
        // Till 1 was loud long ago and is weak now; till 2 is steady in between.
        let samples = [Self.s(Self.one, -50, 0), Self.s(Self.two, -65, 0), Self.s(Self.one, -75, 900), Self.s(Self.two, -65, 900)]
        #expect(SelectionStrategy.highestMean(window: .seconds(1)).choose(from: samples, now: .milliseconds(900)) == Self.one)
        #expect(SelectionStrategy.exponentialMean(window: .seconds(1), timeConstant: .milliseconds(100)).choose(from: samples, now: .milliseconds(900)) == Self.two)
    }

    @Test func kalmanWithLittleProcessNoiseAveragesAndWithMuchFollowsTheNewest() {
        let samples = [Self.s(Self.one, -60, 0), Self.s(Self.one, -60, 100), Self.s(Self.one, -80, 200)]
        let smooth = SelectionStrategy.kalman(window: .seconds(1), processNoise: 0, measurementNoise: 10).scores(from: samples, now: .milliseconds(200))
        let nimble = SelectionStrategy.kalman(window: .seconds(1), processNoise: 100_000, measurementNoise: 10).scores(from: samples, now: .milliseconds(200))
        #expect(abs((smooth.score(of: Self.one) ?? 0) - (-200.0 / 3)) < 1e-9, "no process noise: the plain mean")
        #expect((nimble.score(of: Self.one) ?? 0) < -79.9)
    }

    @Test func tiesGoToTheLowerTillWhateverTheOrderHeard() {
        let samples = [Self.s(Self.three, -60, 0), Self.s(Self.two, -60, 10), Self.s(Self.one, -70, 20)]
        for strategy: SelectionStrategy in [.strongestSample(window: .seconds(1)), .highestMean(window: .seconds(1)), .highestMedian(window: .seconds(1)),
                                            .exponentialMean(window: .seconds(1), timeConstant: .seconds(1)),
                                            .kalman(window: .seconds(1), processNoise: 1, measurementNoise: 40)] {
            #expect(strategy.choose(from: samples, now: .milliseconds(20)) == Self.two, "\(strategy)")
            #expect(strategy.choose(from: samples.reversed(), now: .milliseconds(20)) == Self.two, "\(strategy)")
        }
    }

    @Test func nothingHeardIsNotYet() {
        #expect(SelectionStrategy.highestMean(window: .seconds(1)).choose(from: [], now: .seconds(1)) == nil)
        let unavailable = [RSSISample(till: Self.one, rssi: RSSISample.notAvailable, at: .zero)]
        #expect(SelectionStrategy.strongestSample(window: .seconds(1)).choose(from: unavailable, now: .seconds(1)) == nil)
    }

    @Test func hysteresisKeepsTheIncumbentUnlessBeatenByTheMargin() {
        let samples = [Self.s(Self.one, -62, 0), Self.s(Self.two, -60, 10)]
        let sticky = SelectionStrategy.hysteresis(base: .highestMean(window: .seconds(1)), margin: 3)
        #expect(sticky.choose(from: samples, now: .milliseconds(10), incumbent: Self.one) == Self.one, "2 dB is under the 3 dB margin")
        #expect(sticky.choose(from: samples, now: .milliseconds(10), incumbent: nil) == Self.two, "no incumbent: the base decides")
        let loud = samples + [Self.s(Self.two, -52, 20)]
        #expect(sticky.choose(from: loud, now: .milliseconds(20), incumbent: Self.one) == Self.two, "6 dB beats the margin")
        #expect(sticky.choose(from: [Self.s(Self.two, -70, 0)], now: .milliseconds(10), incumbent: Self.one) == Self.two,
                "an incumbent not heard in the window is not kept")
    }

    @Test func confidentOrWaitWaitsForTheMarginThenDecides() {
        let close = [Self.s(Self.one, -60, 100), Self.s(Self.two, -62, 110)]
        let confident = SelectionStrategy.confidentOrWait(base: .highestMean(window: .seconds(1)), margin: 5, deadline: .seconds(3))
        #expect(confident.choose(from: close, now: .seconds(1)) == nil, "a 2 dB lead is not yet confident")
        let clear = [Self.s(Self.one, -55, 100), Self.s(Self.two, -62, 110)]
        #expect(confident.choose(from: clear, now: .seconds(1)) == Self.one, "a 7 dB lead is")
        #expect(confident.choose(from: [Self.s(Self.two, -80, 100)], now: .seconds(1)) == Self.two, "a till heard alone leads by any margin")
    }

    @Test func confidentOrWaitDecidesAtItsDeadline() {
        let close = [Self.s(Self.one, -60, 2_000), Self.s(Self.two, -62, 2_100)]
        let confident = SelectionStrategy.confidentOrWait(base: .highestMean(window: .seconds(10)), margin: 5, deadline: .seconds(3))
        #expect(confident.choose(from: close, now: .milliseconds(2_900), since: .zero) == nil)
        #expect(confident.choose(from: close, now: .seconds(3), since: .zero) == Self.one)
        #expect(confident.choose(from: close, now: .seconds(3)) == nil, "without `since`, the deadline runs from the first sample (2 s)")
        #expect(confident.choose(from: close, now: .seconds(5)) == Self.one)
    }

    @Test func wrappersScanAsOftenAsTheirBase() {
        let base = SelectionStrategy.highestMedian(window: .milliseconds(750))
        #expect(SelectionStrategy.confidentOrWait(base: .hysteresis(base: base, margin: 1), margin: 2, deadline: .seconds(3)).scanWindow == .milliseconds(750))
    }

    @Test func findAsksAgainWhileConfidentOrWaitSaysNotYet() {
        let strategy = SelectionStrategy.confidentOrWait(base: .highestMean(window: .seconds(1)), margin: 5, deadline: .seconds(3))
        let find = Find(config: Find.Config(chooser: strategy))
        var state = Find.initialState
        _ = find.reduce(&state, .tapStart)
        _ = find.reduce(&state, .advertisementSeen(Self.s(Self.one, -60, 100)))
        _ = find.reduce(&state, .advertisementSeen(Self.s(Self.two, -61, 150)))
        #expect(find.reduce(&state, .scanWindowElapsed(now: .seconds(1))) == [.startScanWindow(.seconds(1))])
        _ = find.reduce(&state, .advertisementSeen(Self.s(Self.one, -60, 3_050)))
        _ = find.reduce(&state, .advertisementSeen(Self.s(Self.two, -61, 3_060)))
        #expect(find.reduce(&state, .scanWindowElapsed(now: .milliseconds(3_100))) == [.stopScan, .startConnect(Self.one)])
    }

    @Test func exponentialDecayMatchesKnownValues() {
        #expect(abs(ExponentialDecay.factor(1) - 0.36787944117144233) < 1e-12)
        #expect(abs(ExponentialDecay.factor(10) - 4.5399929762484854e-05) < 1e-15)
        #expect(ExponentialDecay.factor(0) == 1)
    }
}
