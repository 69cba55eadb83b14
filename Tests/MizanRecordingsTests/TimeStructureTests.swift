import Testing
import MizanProtocol
import MizanSelection
import MizanTime
import MizanGeometry
@testable import MizanRecordings

/// The time structure of a recording: how often the choice changes, how
/// long wrong choices last, and how long each link's residual holds.
@Suite struct TimeStructureTests {
    @Test func aResidualThatAlternatesEveryBinIsAnticorrelatedAtOneBinAndCorrelatedAtTwo() {
        let series: [[Double?]] = [[1, -1, 1, -1, 1, -1], [1, -1, 1, -1]]
        #expect(abs(TimeStructure.autocorrelation(series, lag: 1) + 1) < 1e-12)
        #expect(abs(TimeStructure.autocorrelation(series, lag: 2) - 1) < 1e-12)
        // Missing bins make no pair.
        #expect(TimeStructure.autocorrelation([[1, nil, -1, nil]], lag: 1).isNaN)
    }

    /// One phone by till 1 for 5 s, then by till 2, till 1 the louder throughout: the
    /// choice never changes, and every wrong choice is followed by another.
    static func recording(slowResidual: Bool) -> RSSITrace {
        let tills = [RSSITrace.Till(id: TillID(1), position: Position(x: 0, y: 0, z: 1)),
                     RSSITrace.Till(id: TillID(2), position: Position(x: 10, y: 0, z: 1))]
        var rows: [RSSITrace.Row] = []
        // A residual that holds for 2 s at a time, or one drawn afresh for every 0.25 s bin.
        var generator = SeededGenerator(seed: 3)
        let quick = (0..<40).map { _ in generator.next() % 2 == 0 ? 3 : -3 }
        for k in 0..<200 {
            let t = Double(k) * 0.05 + 0.025, x = k < 100 ? 1.0 : 9.0
            let wobble = slowResidual ? (Int(t / 2) % 2 == 0 ? 3 : -3) : quick[Int(t / 0.25)]
            rows.append(RSSITrace.Row(t: t, phone: "p", till: TillID(1), rssi: -50 + wobble, position: Position(x: x, y: 0, z: 1)))
            rows.append(RSSITrace.Row(t: t, phone: "p", till: TillID(2), rssi: -70 + wobble, position: Position(x: x, y: 0, z: 1)))
        }
        return RSSITrace(tills: tills, rows: rows)
    }

    static func figures(slowResidual: Bool) -> [String: TimeStructure.Figure] {
        let trace = recording(slowResidual: slowResidual)
        let decisions = TraceReplay(strategy: .highestMean(window: .milliseconds(500)), every: 0.5).decisions(trace)
        let structure = TimeStructure(decisions: decisions, trace: trace, every: 0.5, generator: SeededGenerator(seed: 1))
        return Dictionary(uniqueKeysWithValues: structure.figures.map { ($0.name, $0) })
    }

    @Test func aChoiceThatNeverChangesHasNoChangesAndItsWrongStreakNeverBreaks() throws {
        let figures = Self.figures(slowResidual: true)
        #expect(try #require(figures["chosen till changes per step"]).value == 0)
        #expect(try #require(figures["wrong after wrong"]).value == 1)
    }

    @Test func aSlowResidualHoldsItsAutocorrelationWhereAQuickOneDoesNot() throws {
        let slow = Self.figures(slowResidual: true), quick = Self.figures(slowResidual: false)
        let at = "residual autocorrelation at 0.5 s"
        #expect(try #require(slow[at]).value > 0.5)
        #expect(abs(try #require(quick[at]).value) < 0.4)
        let figure = try #require(slow[at])
        #expect(figure.low <= figure.value && figure.value <= figure.high)
    }
}

/// The twin scores the position-based strategies when it has training tracks
/// to learn from: the real side from the recorded tracks, the simulated side
/// from the same tracks simulated seed by seed.
@Suite struct TwinSurveyStrategyTests {
    @Test func positionAndFingerprintAreScoredWithTrainingTracksAndLeftOutWithout() throws {
        let recording = DigitalTwinTests.recording(phones: ["a", "b", "c"])
        let twin = DigitalTwin(radio: .danisDefault)
        let real = twin.simulate(recording, seed: 9)
        let strategies = TwinComparison.defaultStrategies(withSurvey: true)
        #expect(strategies.contains { $0.name == .fingerprint } && strategies.contains { $0.name == .position })
        let held = real.only { $0 == "a" }, others = real.only { $0 != "a" }
        let simulated = [1, 2].map { twin.simulate(held, seed: UInt64($0)) }
        let training = TwinComparison.Training(real: others, simulated: [1, 2].map { twin.simulate(others, seed: UInt64($0)) })
        let with = TwinComparison(name: "a", real: held, simulated: simulated, strategies: strategies, every: 0.5, training: training)
        let labels = with.strategies.map(\.strategy.name)
        #expect(labels.contains(.fingerprint) && labels.contains(.position))
        let fingerprint = try #require(with.strategies.first { $0.strategy.name == .fingerprint })
        #expect(fingerprint.simulated.count == 2)
        #expect(fingerprint.real.sessions > 10)
        let without = TwinComparison(name: "a", real: held, simulated: simulated, strategies: strategies, every: 0.5)
        #expect(!without.strategies.contains { $0.strategy.needsSurvey })
        #expect(without.strategies.count == with.strategies.count - 2)
    }
}
