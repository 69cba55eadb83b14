import Testing
import MizanTestSupport
import MizanProtocol
import MizanGeometry
@testable import MizanSelection

/// The position-based strategy on synthetic readings whose answer is known:
/// three tills in a row 4 m apart, readings drawn from the calibrated model.
@Suite struct PositionStrategyTests {
    static let tills = [
        TillPlacement(till: TillID(1), position: Position(x: 0, y: 0, z: 1)),
        TillPlacement(till: TillID(2), position: Position(x: 4, y: 0, z: 1)),
        TillPlacement(till: TillID(3), position: Position(x: 8, y: 0, z: 1)),
    ]
    static let calibration = TillCalibration(referenceRSSI: -60, pathLossExponent: 2, packetSigma: 5, offsets: [], phoneHeight: 1)

    static func position(_ survey: SiteSurvey = SiteSurvey(tills: tills, calibration: calibration)) -> SelectionStrategy {
        .nearestOnMap(window: .seconds(1), map: RadioMap(survey: survey))
    }

    /// Every till heard at `x, y` every 100 ms from `from` to `to` seconds; `noise` dB (seeded) on each reading.
    static func readings(at position: (Double) -> (x: Double, y: Double), from: Int, to: Int, noise: Double = 0,
                         offset: [Double] = [0, 0, 0], seed: UInt64 = 1) -> [RSSISample] {
        var generator = SplitMix64(seed: seed)
        var samples: [RSSISample] = []
        for tenth in (from * 10)..<(to * 10) {
            let (x, y) = position(Double(tenth) / 10)
            for (index, till) in tills.enumerated() {
                let distance = ((x - till.x) * (x - till.x) + (y - till.y) * (y - till.y)).squareRoot()
                let spread = noise * (Double(generator.next() % 2001) / 1000 - 1)
                let rssi = calibration.meanRSSI(till: till.till, distance: distance) + offset[index] + spread
                samples.append(RSSISample(till: till.till, rssi: Int(rssi.rounded()), at: .milliseconds(tenth * 100)))
            }
        }
        return samples
    }

    @Test func theModelReadsTheReferenceAtOneMetreAndFallsTwentyDecibelsPerDecadeAtExponentTwo() {
        #expect(abs(Self.calibration.meanRSSI(till: TillID(1), distance: 1) - -60) < 1e-9)
        #expect(abs(Self.calibration.meanRSSI(till: TillID(1), distance: 10) - -80) < 1e-9)
        #expect(abs(Self.calibration.meanRSSI(till: TillID(1), distance: 0.01) - -40) < 1e-9, "under 0.1 m counts as 0.1 m")
        #expect(abs(Logarithm.natural(2.718_281_828_459_045) - 1) < 1e-14)
        #expect(abs(Logarithm.decimal(1e-300) - -300) < 1e-9)
    }

    @Test func aPhoneStandingStillNearATillChoosesIt() {
        for (x, expected) in [(0.5, 1), (3.6, 2), (4.4, 2), (7.5, 3)] {
            let samples = Self.readings(at: { _ in (x, 0.6) }, from: 0, to: 2, noise: 4, seed: UInt64(x * 10))
            #expect(Self.position().choose(from: samples, now: .seconds(2)) == TillID(UInt32(expected)), "standing at x = \(x)")
        }
    }

    @Test func aPhoneWalkingALineIsGivenTheTillItIsPassing() {
        // 1 m/s from x = -1 to x = 9; the choice at t uses the last second's readings.
        let walk: (Double) -> (x: Double, y: Double) = { t in (-1 + t, 0.8) }
        let samples = Self.readings(at: walk, from: 0, to: 10)
        for t in 1...10 {
            let x = walk(Double(t)).x
            let expected = x < 2 ? 1 : x < 6 ? 2 : 3
            guard abs(x - 2) > 0.6, abs(x - 6) > 0.6 else { continue } // the last second straddles a boundary
            #expect(Self.position().choose(from: samples, now: .seconds(t)) == TillID(UInt32(expected)), "at t = \(t) s, x = \(x)")
        }
    }

    @Test func twoTillsAtEqualDistanceShareThePosteriorAndTheTieGoesToTheLowerId() {
        // Two tills 4 m apart, the phone exactly between them, every reading
        // noise-free: a symmetric posterior (the grid is symmetric too).
        let pair = SiteSurvey(tills: Array(Self.tills.prefix(2)), calibration: Self.calibration)
        let samples = Self.readings(at: { _ in (2, 0) }, from: 0, to: 3).filter { $0.till != TillID(3) }
        let scores = Self.position(pair).scores(from: samples, now: .seconds(1))
        let one = scores.score(of: TillID(1)) ?? -999, two = scores.score(of: TillID(2)) ?? -999
        #expect(abs(one - two) < 0.01)
        #expect(one > -3.2 && one < -2.9, "each holds about half the posterior: about -3 dB")
        #expect(Self.position(pair).choose(from: samples, now: .seconds(1)) == TillID(1))
        // Waiting for a 3 dB lead: not yet, until the deadline.
        let confident = SelectionStrategy.confidentOrWait(base: Self.position(pair), margin: 3, deadline: .seconds(3))
        #expect(confident.choose(from: samples, now: .seconds(1), since: .zero) == nil)
        #expect(confident.choose(from: samples, now: .seconds(3), since: .zero) == TillID(1))
    }

    @Test func aFingerprintLearnsATillTheModelMisjudges() {
        // Till 2 reads 12 dB weaker than the model everywhere (a till behind a
        // shelf). Standing 1.5 m from till 2 and 2.5 m from till 1, the model
        // alone picks till 1; a calibration walk past all three tills teaches
        // the map, and the fingerprint picks till 2.
        let offset = [0, -12.0, 0]
        var walk: [SurveySample] = []
        for sample in Self.readings(at: { t in (-1 + t, 0.5) }, from: 0, to: 10, offset: offset) {
            let x = -1 + (sample.at / .seconds(1))
            walk.append(SurveySample(position: Position(x: x, y: 0.5, z: 1), till: sample.till, rssi: sample.rssi))
        }
        let standing = Self.readings(at: { _ in (2.5, 0.5) }, from: 0, to: 1, offset: offset)
        let plain = Self.position()
        let survey = SiteSurvey(tills: Self.tills, calibration: Self.calibration, walk: walk)
        let fingerprint = SelectionStrategy.nearestOnMap(window: .seconds(1), map: RadioMap(survey: survey, bandwidth: 0.5, pathPrior: 0.5))
        #expect(plain.choose(from: standing, now: .seconds(1)) == TillID(1))
        #expect(fingerprint.choose(from: standing, now: .seconds(1)) == TillID(2))
    }

    @Test func aTillNotHeardIsNeverChosenEvenWhereItIsNearest() {
        // Standing at till 2, which is busy and not advertising: the choice is
        // between the tills heard, and till 1's side is as near as till 3's.
        let samples = Self.readings(at: { _ in (4.2, 0.5) }, from: 0, to: 1).filter { $0.till != TillID(2) }
        let scores = Self.position().scores(from: samples, now: .seconds(1))
        #expect(scores.entries.map(\.till) == [TillID(1), TillID(3)])
        #expect(Self.position().choose(from: samples, now: .seconds(1)) == TillID(3), "x = 4.2 is nearer till 3 (x = 8) than till 1 (x = 0)")
    }

    @Test func nothingHeardFromATillOnTheMapIsNotYet() {
        let stranger = [RSSISample(till: TillID(9), rssi: -50, at: .milliseconds(100))]
        #expect(Self.position().choose(from: stranger, now: .seconds(1)) == nil)
        #expect(Self.position().choose(from: [], now: .seconds(1)) == nil)
    }

    @Test func aHugeFloorIsCoarsenedToAGridOfBoundedSize() {
        let far = [TillPlacement(till: TillID(1), position: Position(x: 0, y: 0, z: 1)), TillPlacement(till: TillID(2), position: Position(x: 1e6, y: 1e6, z: 1))]
        let map = RadioMap(survey: SiteSurvey(tills: far, calibration: Self.calibration))
        #expect(map.cellCount <= RadioMap.maximumCells)
        #expect(map.step > RadioMap.defaultStep)
    }

    /// 2,000 tills over 400 x 400 m: the grid is coarsened until the map's (cell, till) pairs fit its bound.
    @Test func aFloorOfManyTillsIsCoarsenedToABoundedNumberOfPairs() {
        let tills = (0..<2_000).map { (index: Int) -> TillPlacement in
            let x = Double(index % 45) * 9, y = Double(index / 45) * 9
            return TillPlacement(till: TillID(UInt32(index + 1)), position: Position(x: x, y: y, z: 1))
        }
        let map = RadioMap(survey: SiteSurvey(tills: tills, calibration: Self.calibration))
        #expect(map.cellCount * tills.count <= RadioMap.maximumEntries)
        #expect(map.cellCount * 4 * tills.count > RadioMap.maximumEntries, "coarsened no further than it needs")
        #expect(map.step > RadioMap.defaultStep)
    }
}
