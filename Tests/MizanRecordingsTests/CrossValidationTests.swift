import MizanGeometry
import Foundation
import Testing
import MizanProtocol
import MizanSim
import MizanFormats
@testable import MizanRecordings
@testable import MizanRadio

/// Leave-one-track-out on synthetic tracks built so that the left-out track,
/// if it were used, would change the tuning.
@Suite struct CrossValidationTests {
    static let tills = [0.0, 4, 8].enumerated().map { RSSITrace.Till(id: TillID(UInt32($0.offset + 1)), position: Position(x: $0.element, y: 0, z: 1)) }

    static func rssi(_ x: Double, _ till: RSSITrace.Till) -> Int {
        Int((-60 - 20 * log10(Swift.max(abs(x - till.position.x), 0.3))).rounded())
    }

    /// Walks from till 1 to till 3 at 0.4 m/s, every till heard every 0.25 s.
    static func walker(_ name: String) -> [RSSITrace.Row] {
        (0..<80).flatMap { step in
            let t = Double(step) * 0.25, x = 0.1 * Double(step)
            return tills.map { RSSITrace.Row(t: t, phone: name, till: $0.id, rssi: rssi(x, $0), position: Position(x: x, y: 0.5, z: 1)) }
        }
    }

    /// Stands at till 1 for 60 s; in the second half of every odd second, till 2 bursts loud.
    static func stander(_ name: String) -> [RSSITrace.Row] {
        (0..<240).flatMap { step in
            let t = Double(step) * 0.25, second = step / 4
            return tills.map { till in
                let burst = till.id == TillID(2) && second % 2 == 1 && step % 4 >= 2
                return RSSITrace.Row(t: t, phone: name, till: till.id, rssi: burst ? -40 : rssi(0.5, till), position: Position(x: 0.5, y: 0.5, z: 1))
            }
        }
    }

    static var grid: TuningGrid {
        // "Follow the loudest" is right for walkers; "keep the first choice" is right for the stander.
        TuningGrid(family: "test", candidates: [
            try! StrategySpec(name: .strongest, values: [(.window, 1)]),
            try! StrategySpec(name: .hysteresis, base: .mean, values: [(.window, 1), (.margin, 100)]),
        ])
    }

    @Test func theLeftOutTrackIsNeverUsedToTune() throws {
        let trace = RSSITrace(tills: Self.tills, rows: Self.walker("walker") + Self.stander("stander") + Self.walker("walker2"))
        let outcome = try CrossValidation(every: 0.5).run(Self.grid, on: trace)
        let sticky = Self.grid.candidates[1], loudest = Self.grid.candidates[0]
        // With the stander's 118 sessions counted, keeping the first choice wins ...
        #expect(outcome.inSampleChoice == sticky)
        // ... but the fold that leaves the stander out tunes on the walkers only.
        let standerFold = try #require(outcome.folds.first { $0.phone == "stander" })
        #expect(standerFold.trainedOn == ["walker", "walker2"])
        #expect(standerFold.chosen == loudest)
        #expect(standerFold.accuracy.accuracy < outcome.inSample.accuracy)
        // A walker's fold still sees the stander, so keeps the first choice.
        #expect(outcome.folds.first { $0.phone == "walker" }?.chosen == sticky)
        #expect(outcome.crossValidated.sessions == outcome.folds.reduce(0) { $0 + $1.accuracy.sessions })
    }

    @Test func changingTheLeftOutTrackChangesItsScoreButNotItsTuning() throws {
        let base = Self.walker("a") + Self.walker("b")
        let quiet = RSSITrace(tills: Self.tills, rows: base + Self.walker("c"))
        let loud = RSSITrace(tills: Self.tills, rows: base + Self.stander("c"))
        let validation = CrossValidation(every: 0.5)
        let one = try validation.run(Self.grid, on: quiet).folds.first { $0.phone == "c" }
        let other = try validation.run(Self.grid, on: loud).folds.first { $0.phone == "c" }
        #expect(one?.chosen == other?.chosen)
        #expect(one?.accuracy != other?.accuracy)
    }

    @Test func positionBasedFamiliesAreCalibratedWithoutTheLeftOutTrack() throws {
        let trace = RSSITrace(tills: Self.tills, rows: Self.walker("a") + Self.walker("b") + Self.walker("c"))
        let grid = try TuningGrid.grid("fingerprint", .fingerprint, window: 1, [(.bandwidth, [0, 0.5])])
        let outcome = try CrossValidation(every: 1).run(grid, on: trace)
        #expect(outcome.folds.map(\.trainedOn) == [["b", "c"], ["a", "c"], ["a", "b"]])
        #expect(outcome.crossValidated.accuracy > 0.8, "noise-free walkers: the position is easy")
    }

    @Test func crossValidationNeedsThreeTracks() {
        let trace = RSSITrace(tills: Self.tills, rows: Self.walker("a") + Self.walker("b"))
        #expect(throws: CalibrationError.self) { try CrossValidation(every: 0.5).run(Self.grid, on: trace) }
    }
}

