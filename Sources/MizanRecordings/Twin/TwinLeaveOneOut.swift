import MizanSim
import MizanFormats

/// Leave one track out: for each phone (track) of a trace, fit the twin's
/// radio on the other phones only, simulate the held-out one over the seeds,
/// and compare it with its recording. The position-based strategies learn
/// from the other phones as a calibration walk: recorded for the real side,
/// simulated by the twin (the same seed) for the simulated side.
public enum TwinLeaveOneOut {
    /// One fold: the track held out and the radio fitted on the others.
    public struct Fold: Sendable {
        public let phone: String
        public let fit: TwinFit
    }

    /// Every fold's fit, before any track is simulated (a command bounds the simulations and
    /// replays from the radios fitted). `structure`: how each fold's `TwinFit` is built;
    /// `maximumPairs` bounds each fit's pairs of residuals.
    public static func folds(_ trace: RSSITrace, structure: TwinFit.Structure = TwinFit.Structure(),
                             maximumPairs: Double = TwinFit.maximumPairs) throws(CalibrationError) -> [Fold] {
        var folds: [Fold] = []
        for phone in trace.phones {
            folds.append(Fold(phone: phone, fit: try TwinFit(trace.only { $0 != phone }, structure: structure, maximumPairs: maximumPairs)))
        }
        return folds
    }

    /// Each fold's held-out track simulated over the seeds and compared with its recording, every
    /// fold with the same strategies in the same order: a position-based strategy that one fold
    /// could not score (its survey could not be fitted on the other tracks) is left out of all.
    public static func compare(_ trace: RSSITrace, folds: [Fold], seeds: [UInt64], strategies: [StrategySpec], every: Double) -> [TwinComparison] {
        let comparisons = folds.map { fold in
            let held = trace.only { $0 == fold.phone }
            let others = trace.only { $0 != fold.phone }
            let twin = DigitalTwin(radio: fold.fit.radio)
            let training = strategies.contains(where: \.needsSurvey)
                ? TwinComparison.Training(real: others, simulated: seeds.map { twin.simulate(others, seed: $0) }) : nil
            return TwinComparison(name: fold.phone, real: held, simulated: seeds.map { twin.simulate(held, seed: $0) },
                                  strategies: strategies, every: every, fit: fold.fit, training: training)
        }
        return aligned(comparisons, strategies: strategies)
    }

    /// `comparisons` with the rows of the `strategies` every one of them scored, in that order.
    static func aligned(_ comparisons: [TwinComparison], strategies: [StrategySpec]) -> [TwinComparison] {
        let shared = strategies.filter { spec in comparisons.allSatisfy { comparison in comparison.strategies.contains { $0.strategy == spec } } }
        return comparisons.map { $0.keeping(shared) }
    }

    /// `folds`, then `compare`.
    public static func run(_ trace: RSSITrace, seeds: [UInt64], strategies: [StrategySpec], every: Double,
                           structure: TwinFit.Structure = TwinFit.Structure()) throws(CalibrationError) -> [TwinComparison] {
        compare(trace, folds: try folds(trace, structure: structure), seeds: seeds, strategies: strategies, every: every)
    }
}
