import MizanGeometry
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MizanProtocol
import MizanSim
@testable import MizanRecordings
@testable import MizanRadio
@testable import MizanTime

@Suite struct TwinFidelityTests {
    @Test func aBlockOfOneSessionGivesTheBinomialIntervalOfIndependentSessions() {
        // 400 sessions, exactly half right: a 90 % interval is 0.5 ± 1.645 sqrt(0.25 / 400) = ± 0.041.
        let outcomes = (0..<400).map { $0 % 2 == 0 }
        let interval = AccuracyInterval(outcomes: outcomes, block: 1, resamples: 4000, generator: SeededGenerator(seed: 11))
        #expect(interval.accuracy == 0.5)
        #expect(interval.low > 0.5 - 0.041 - 0.008 && interval.low < 0.5 - 0.041 + 0.008, "low \(interval.low)")
        #expect(interval.high > 0.5 + 0.041 - 0.008 && interval.high < 0.5 + 0.041 + 0.008, "high \(interval.high)")
    }

    @Test func theIntervalCoversAKnownBinomialRateAboutNineTimesInTen() {
        // 120 recordings of 200 independent sessions each right with probability 0.3.
        var draws = SeededGenerator(seed: 5)
        var covered = 0
        for repeat_ in 0..<120 {
            let outcomes = (0..<200).map { _ in draws.unitInterval() < 0.3 }
            let interval = AccuracyInterval(outcomes: outcomes, block: 1, resamples: 400, generator: SeededGenerator(seed: UInt64(repeat_)))
            if interval.contains(0.3) { covered += 1 }
        }
        #expect(covered >= 96 && covered <= 117, "covered \(covered) of 120")
    }

    @Test func blocksWidenTheIntervalWhenNeighbouringSessionsAgree() {
        // Runs of ten right then ten wrong: single sessions look like 200 independent coin flips, which they are not.
        let outcomes = (0..<200).map { ($0 / 10) % 2 == 0 }
        let single = AccuracyInterval(outcomes: outcomes, block: 1, generator: SeededGenerator(seed: 1))
        let blocked = AccuracyInterval(outcomes: outcomes, block: 10, generator: SeededGenerator(seed: 1))
        #expect(blocked.high - blocked.low > 1.5 * (single.high - single.low))
        #expect(blocked.contains(0.5) && single.contains(0.5))
        #expect(AccuracyInterval.block(every: 0.5) == 10)
    }

    @Test func anIntervalOfNoSessionsIsNotANumber() {
        let interval = AccuracyInterval(outcomes: [], block: 10, generator: SeededGenerator(seed: 1))
        #expect(interval.accuracy.isNaN && interval.low.isNaN && !interval.contains(0.5))
    }

    @Test func aTwinComparedWithItselfMostlyLiesInItsOwnInterval() {
        // Three "recordings" are the twin at seeds 1-3; seeds 11-15 are the twin. A perfect model.
        let twin = DigitalTwin(radio: .danisDefault)
        let comparisons = (UInt64(1)...3).map { seed in
            let recording = twin.simulate(DigitalTwinTests.recording(), seed: seed)
            return TwinComparison(name: "self \(seed)", real: recording, simulated: (11...15).map { twin.simulate(recording, seed: $0) },
                                  strategies: TwinComparison.defaultStrategies(), every: 0.5)
        }
        let comparison = comparisons[0]
        let summary = TwinReport.Summary(comparisons)
        #expect(summary.cells == 21 && summary.perfectTrials == 105)
        // One room's interval leaves out how rooms differ: on this 60 s walk past four tills, `mean` scores
        // 50-81 % over fifteen seeds. So the twins' mean lies in a recording's interval only some of the
        // time, while each seed's own interval covers the others' mean most of the time.
        #expect(summary.withinInterval >= 5, "\(summary.withinInterval) of 21")
        #expect(summary.coverageShare > 0.7, "coverage \(summary.coverageShare)")
        let json = TwinReport.json([comparison])
        #expect(json.contains("\"realInterval\"") && json.contains("\"summary\"") && json.contains("\"perfectModelWithin5Points\""))
        #expect(TwinReport.table([comparison]).contains("A perfect model would put"))
    }

    @Test func theRoomMapRecoversAFixedFieldThatOtherTracksWalkedThrough() {
        // Three tracks along one line; the room is 4 dB strong for till 1 under x = 5 and 4 dB weak beyond.
        var points: [RoomShadowingMap.Point] = []
        var noise = SeededGenerator(seed: 9)
        for track in 0..<3 {
            for step in 0..<200 {
                let x = Double(step) * 0.05
                points.append(.init(till: TillID(1), x: x, y: 2, track: track, residual: (x < 5 ? 4 : -4) + noise.normal(mean: 0, sd: 1)))
            }
        }
        let map = RoomShadowingMap.fitted(points: points, variance: 17)
        #expect(map.slope > 0.8 && map.explainedShare > 0.7, "slope \(map.slope), explained \(map.explainedShare)")
        #expect(abs((map.mean(till: TillID(1), at: Position(x: 2, y: 2)) ?? 0) - 4) < 1)
        #expect(abs((map.mean(till: TillID(1), at: Position(x: 8, y: 2)) ?? 0) + 4) < 1)
        // Where no track passed, and for a till it has no rows of, it knows nothing.
        #expect(map.mean(till: TillID(1), at: Position(x: 2, y: 6)) == nil)
        #expect(map.mean(till: TillID(2), at: Position(x: 2, y: 2)) == nil)
    }

    @Test func aFittedTwinWithItsRoomMapReplaysByteForByte() throws {
        let recording = DigitalTwinTests.recording(phones: ["a", "b", "c"])
        let fit = try TwinFit(DigitalTwin(radio: .danisDefault).simulate(recording, seed: 2), structure: .init(roomMap: true, elevation: true))
        #expect(fit.radio.roomShadowing != nil)
        let twin = DigitalTwin(radio: fit.radio)
        let first = twin.simulate(recording.only { $0 == "a" }, seed: 4).csvText().trace
        #expect(first == twin.simulate(recording.only { $0 == "a" }, seed: 4).csvText().trace)
    }

    @Test func theElevationFitRecoversALossTowardSteepAnglesForTheTillsMountedHigh() {
        // Two tills at 2.3 m that lose 30 dB per unit sine, two at 1.22 m that lose nothing; phones at 1.8 m.
        let tills = [(1, 0.0, 2.3), (2, 10.0, 2.3), (3, 0.0, 1.22), (4, 10.0, 1.22)].map {
            RSSITrace.Till(id: TillID(UInt32($0.0)), position: Position(x: $0.1, y: 0, z: $0.2))
        }
        var noise = SeededGenerator(seed: 3)
        var readings: [ElevationLoss.Reading] = []
        for step in 0..<400 {
            let phone = Position(x: 0.3 + Double(step) * 0.025, y: 0.5, z: 1.8)
            for till in tills {
                let d = Swift.max(phone.distance(to: till.position), 0.1)
                let x = -10 * log10(d), sine = ElevationLoss.sine(till: till.position, phone: phone)
                let rssi = -60 + 2 * x - (till.position.z > 2 ? 30 * sine : 0) + noise.normal(mean: 0, sd: 2)
                readings.append(ElevationLoss.Reading(till: till.id, x: x, sine: sine, rssi: rssi))
            }
        }
        let fit = ElevationLoss.fitted(readings, tills: tills)
        #expect(abs((fit.loss.coefficients[TillID(1)] ?? 0) - 30) < 4, "\(fit.loss.coefficients)")
        #expect((fit.loss.coefficients[TillID(3)] ?? 0) < 4)
        #expect(abs((fit.lines[TillID(2)]?.b ?? 0) - 2) < 0.3)
        #expect(fit.loss.coefficients[TillID(1)] == fit.loss.coefficients[TillID(2)])
    }
}
