import Testing
import MizanProtocol
import MizanGeometry
@testable import MizanSelection

/// The position strategies' motion model (`PayerMotion`) on synthetic
/// readings whose answer is known: the same three tills 4 m apart as
/// `PositionStrategyTests`, noise-free readings from the calibrated model.
@Suite struct MotionModelTests {
    static func moving(_ speed: Double, _ survey: SiteSurvey = SiteSurvey(tills: PositionStrategyTests.tills, calibration: PositionStrategyTests.calibration)) -> SelectionStrategy {
        .nearestOnMap(window: .seconds(1), map: RadioMap(survey: survey), motion: PayerMotion(speed: speed))
    }

    @Test func diffusionKeepsTheMassAndSpreadsItByTheRandomWalksVariance() {
        // A wide grid and a point mass in its middle: after diffusing by
        // variance v per axis the mass is still 1, the mean still the middle,
        // and the variance along each axis v (the discrete walk is exact).
        let wide = [TillPlacement(till: TillID(1), position: Position(x: 0, y: 0, z: 1)), TillPlacement(till: TillID(2), position: Position(x: 20, y: 20, z: 1))]
        let map = RadioMap(survey: SiteSurvey(tills: wide, calibration: PositionStrategyTests.calibration))
        let middleX = map.xs.count / 2, middleY = map.ys.count / 2
        var weights = [Double](repeating: 0, count: map.cellCount)
        weights[middleX * map.ys.count + middleY] = 1
        map.diffuse(&weights, variance: 1.7)
        var mass = 0.0, meanX = 0.0, varianceX = 0.0, varianceY = 0.0
        for i in map.xs.indices {
            for j in map.ys.indices {
                let w = weights[i * map.ys.count + j]
                #expect(w >= 0)
                mass += w
                meanX += w * map.xs[i]
                varianceX += w * (map.xs[i] - map.xs[middleX]) * (map.xs[i] - map.xs[middleX])
                varianceY += w * (map.ys[j] - map.ys[middleY]) * (map.ys[j] - map.ys[middleY])
            }
        }
        #expect(abs(mass - 1) < 1e-12)
        #expect(abs(meanX - map.xs[middleX]) < 1e-9)
        #expect(abs(varianceX - 1.7) < 1e-9)
        #expect(abs(varianceY - 1.7) < 1e-9)
    }

    @Test func aPhoneStandingStillNearATillChoosesItWithOrWithoutMotion() {
        for speed in [0, PayerMotion.walkingSpeed] {
            for (x, expected) in [(0.5, 1), (3.6, 2), (7.5, 3)] {
                let samples = PositionStrategyTests.readings(at: { _ in (x, 0.6) }, from: 0, to: 2, noise: 4, seed: UInt64(x * 10))
                #expect(Self.moving(speed).choose(from: samples, now: .seconds(2)) == TillID(UInt32(expected)), "speed \(speed), x = \(x)")
            }
        }
    }

    @Test func aPhoneThatMovedWithinTheWindowIsPlacedWhereItIsNowNotWhereItWasOnAverage() {
        // Standing at till 1 for 0.7 s, then at till 3 for the last 0.3 s: a
        // standing payer's model weighs all ten readings alike and places the
        // phone between them; a fast-moving payer's model lets the old
        // readings fade and follows the new ones.
        let samples = PositionStrategyTests.readings(at: { t in t < 0.7 ? (0, 0.6) : (8, 0.6) }, from: 0, to: 1)
        #expect(Self.moving(0).choose(from: samples, now: .seconds(1)) != TillID(3))
        #expect(Self.moving(5).choose(from: samples, now: .seconds(1)) == TillID(3))
    }

    @Test func withMotionTwoTillsAtEqualDistanceStillTieToTheLowerId() {
        let pair = SiteSurvey(tills: Array(PositionStrategyTests.tills.prefix(2)), calibration: PositionStrategyTests.calibration)
        let samples = PositionStrategyTests.readings(at: { _ in (2, 0) }, from: 0, to: 1).filter { $0.till != TillID(3) }
        let scores = Self.moving(PayerMotion.walkingSpeed, pair).scores(from: samples, now: .seconds(1))
        let one = scores.score(of: TillID(1)) ?? -999, two = scores.score(of: TillID(2)) ?? -999
        #expect(abs(one - two) < 0.01)
        #expect(Self.moving(PayerMotion.walkingSpeed, pair).choose(from: samples, now: .seconds(1)) == TillID(1))
    }

    @Test func speedZeroIsExactlyTheStandingModel() {
        let samples = PositionStrategyTests.readings(at: { t in (-1 + t, 0.8) }, from: 0, to: 3, noise: 5)
        for t in 1...3 {
            #expect(Self.moving(0).scores(from: samples, now: .seconds(t)) == PositionStrategyTests.position().scores(from: samples, now: .seconds(t)))
        }
        #expect(PayerMotion(speed: -1) == .standing && PayerMotion(speed: .nan) == .standing)
    }
}
