import Testing
import MizanProtocol
import MizanSim
@testable import MizanRecordings

/// The intervals `mizan evaluate` reports: a bootstrap over left-out tracks.
@Suite struct TrackBootstrapTests {
    /// A fold of `sessions` sessions of which `right` chose the nearest till.
    static func fold(_ right: Int, of sessions: Int) -> SelectionAccuracy {
        SelectionAccuracy((0..<sessions).map { index in
            TraceDecision(phone: "p", start: Double(index), at: Double(index) + 1, chosen: TillID(index < right ? 1 : 2),
                          nearest: TillID(1), nearestDistance: 1, secondDistance: 3, chosenDistance: index < right ? 1 : 3)
        })
    }

    @Test func tracksThatAgreeGiveANarrowIntervalAndTracksThatDisagreeAWideOne() {
        let bootstrap = TrackBootstrap(tracks: 6)
        let alike = (0..<6).map { _ in Self.fold(60, of: 100) }
        let pooled = bootstrap.pooled(alike)
        #expect(abs(pooled.low - 0.6) < 1e-12 && abs(pooled.high - 0.6) < 1e-12)
        let spread = [20, 40, 60, 80, 100, 50].map { Self.fold($0, of: 100) }
        let wide = bootstrap.pooled(spread)
        #expect(wide.low < 0.55 && wide.high > 0.6, "the point estimate, 58.3 %, lies inside, and the interval is wide")
        #expect(wide.high - wide.low > 0.15)
        let mean = bootstrap.meanOfTracks(spread)
        #expect(mean.low <= 0.5833 && mean.high >= 0.5833)
    }

    @Test func aStrategyMinusItselfIsExactlyZeroAndTheDifferenceIsPaired() {
        let bootstrap = TrackBootstrap(tracks: 4)
        let folds = [30, 50, 70, 90].map { Self.fold($0, of: 100) }
        let zero = bootstrap.pooledDifference(folds, minus: folds)
        #expect(zero.low == 0 && zero.high == 0)
        // Better by 5 points on every track: paired, the difference is exactly 5 points
        // although each strategy's own interval is wide.
        let better = [35, 55, 75, 95].map { Self.fold($0, of: 100) }
        let difference = bootstrap.pooledDifference(better, minus: folds)
        #expect(abs(difference.low - 0.05) < 1e-12 && abs(difference.high - 0.05) < 1e-12)
        #expect(bootstrap.pooled(better).high - bootstrap.pooled(better).low > 0.2)
    }

    @Test func theSameSeedGivesTheSameIntervals() {
        let folds = [20, 40, 60, 80, 100, 50].map { Self.fold($0, of: 100) }
        #expect(TrackBootstrap(tracks: 6).pooled(folds) == TrackBootstrap(tracks: 6).pooled(folds))
    }
}
