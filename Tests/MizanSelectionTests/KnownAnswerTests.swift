@testable import MizanSelection
import Testing
import MizanProtocol
import MizanGeometry

/// Every strategy on synthetic readings whose answer is known (the three
/// tills 4 m apart of `PositionStrategyTests`, readings from the calibrated
/// model): a phone standing near a till, a phone walking a line past all
/// three, and a phone exactly between two tills.
@Suite struct KnownAnswerTests {
    static let names = [
        "strongest", "mean", "median", "ema", "kalman", "hysteresis(mean)", "confident(strongest)",
        "position", "position walking", "fingerprint", "fingerprint walking", "confident(fingerprint)",
    ]

    /// A calibration walk along y = 0.5 from x = -1 to 9, noise-free.
    static let walk: [SurveySample] = PositionStrategyTests.readings(at: { t in (-1 + t, 0.5) }, from: 0, to: 10).map { sample in
        SurveySample(position: Position(x: -1 + sample.at / .seconds(1), y: 0.5, z: 1), till: sample.till, rssi: sample.rssi)
    }

    static func strategy(_ name: String, tills: [TillPlacement] = PositionStrategyTests.tills) -> SelectionStrategy {
        let window = Duration.seconds(1)
        let kept = walk.filter { sample in tills.contains { $0.till == sample.till } }
        let survey = SiteSurvey(tills: tills, calibration: PositionStrategyTests.calibration, walk: kept)
        let fingerprint = RadioMap(survey: survey, bandwidth: 1, pathPrior: 0.5)
        switch name {
        case "strongest": return .strongestSample(window: window)
        case "mean": return .highestMean(window: window)
        case "median": return .highestMedian(window: window)
        case "ema": return .exponentialMean(window: window, timeConstant: .milliseconds(500))
        case "kalman": return .kalman(window: window, processNoise: 2, measurementNoise: 40)
        case "hysteresis(mean)": return .hysteresis(base: .highestMean(window: window), margin: 3)
        case "confident(strongest)": return .confidentOrWait(base: .strongestSample(window: window), margin: 3, deadline: .seconds(3))
        case "position": return .nearestOnMap(window: window, map: RadioMap(survey: survey))
        case "position walking": return .nearestOnMap(window: window, map: RadioMap(survey: survey), motion: PayerMotion(speed: PayerMotion.walkingSpeed))
        case "fingerprint": return .nearestOnMap(window: window, map: fingerprint)
        case "fingerprint walking": return .nearestOnMap(window: window, map: fingerprint, motion: PayerMotion(speed: PayerMotion.walkingSpeed))
        default: return .confidentOrWait(base: .nearestOnMap(window: window, map: fingerprint), margin: 3, deadline: .seconds(3))
        }
    }

    @Test(arguments: names) func aPhoneStandingStillNearATillChoosesIt(_ name: String) {
        let strategy = Self.strategy(name)
        for (x, expected) in [(0.5, 1), (3.6, 2), (4.4, 2), (7.5, 3)] {
            let samples = PositionStrategyTests.readings(at: { _ in (x, 0.6) }, from: 0, to: 2, noise: 4, seed: UInt64(x * 10))
            #expect(strategy.choose(from: samples, now: .seconds(2), since: .zero) == TillID(UInt32(expected)), "\(name), standing at x = \(x)")
        }
    }

    @Test(arguments: names) func aPhoneWalkingALineIsGivenTheTillItIsPassing(_ name: String) {
        // 1 m/s from x = -1 to x = 9 at y = 0.8; each choice from the last second's
        // readings, away from the boundaries between tills (x = 2 and 6).
        let line: (Double) -> (x: Double, y: Double) = { t in (-1 + t, 0.8) }
        let samples = PositionStrategyTests.readings(at: line, from: 0, to: 10)
        let strategy = Self.strategy(name)
        for t in 1...10 {
            let x = line(Double(t)).x
            guard abs(x - 2) > 0.6, abs(x - 6) > 0.6 else { continue }
            let expected = x < 2 ? 1 : x < 6 ? 2 : 3
            #expect(strategy.choose(from: samples, now: .seconds(t), since: .seconds(t - 1)) == TillID(UInt32(expected)), "\(name) at x = \(x)")
        }
    }

    @Test(arguments: names) func twoTillsAtEqualDistanceLeaveItOpenAndATieGoesToTheLowerId(_ name: String) {
        // Tills 1 and 2 only, the phone exactly between them, readings noise-free.
        let pair = Array(PositionStrategyTests.tills.prefix(2))
        let samples = PositionStrategyTests.readings(at: { _ in (2, 0.5) }, from: 0, to: 4).filter { $0.till != TillID(3) }
        let strategy = Self.strategy(name, tills: pair)
        let scores = strategy.scores(from: samples, now: .seconds(1))
        let one = scores.score(of: TillID(1)) ?? -999, two = scores.score(of: TillID(2)) ?? -999
        if name.contains("fingerprint") {
            // Learnt from a walk sampled every 0.1 m: symmetric up to the walk's sampling.
            #expect(abs(one - two) < 0.2, "\(name): \(one) against \(two)")
            #expect(strategy.choose(from: samples, now: .seconds(3), since: .zero) != nil)
        } else {
            #expect(one == two, "\(name): \(one) against \(two)")
            #expect(strategy.choose(from: samples, now: .seconds(1), since: .zero) == (name.hasPrefix("confident") ? nil : TillID(1)), "\(name): no lead, so confident waits")
            #expect(strategy.choose(from: samples, now: .seconds(3), since: .zero) == TillID(1), "\(name): at the deadline, or at once, the lower id")
        }
    }
}
