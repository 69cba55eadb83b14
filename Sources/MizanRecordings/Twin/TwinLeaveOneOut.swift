import MizanSim
import MizanFormats

/// Leave one track out: for each phone (track) of a trace, fit the twin's
/// radio on the other phones only, simulate the held-out one over the seeds,
/// and compare it with its recording. The position-based strategies learn
/// from the other phones as a calibration walk: recorded for the real side,
/// simulated by the twin (the same seed) for the simulated side.
public enum TwinLeaveOneOut {
    /// `structure`: how each fold's `TwinFit` is built.
    public static func run(_ trace: RSSITrace, seeds: [UInt64], strategies: [StrategySpec], every: Double,
                           structure: TwinFit.Structure = TwinFit.Structure()) throws(CalibrationError) -> [TwinComparison] {
        var out: [TwinComparison] = []
        for phone in trace.phones {
            let held = trace.only { $0 == phone }
            let others = trace.only { $0 != phone }
            let fit = try TwinFit(others, structure: structure)
            let twin = DigitalTwin(radio: fit.radio)
            let training = strategies.contains(where: \.needsSurvey)
                ? TwinComparison.Training(real: others, simulated: seeds.map { twin.simulate(others, seed: $0) }) : nil
            out.append(TwinComparison(name: phone, real: held, simulated: seeds.map { twin.simulate(held, seed: $0) },
                                      strategies: strategies, every: every, fit: fit, training: training))
        }
        return out
    }
}
