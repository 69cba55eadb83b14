import MizanSelection
import MizanProtocol
import MizanFormats
import MizanSim

/// Leave-one-track-out: for each phone (track) of a trace, every candidate of
/// a `TuningGrid` is scored on the *other* phones only, the best is kept, and
/// it is scored on the phone left out. A position-based candidate's calibration
/// and walk come from the other phones too; so that tuning never scores a
/// fingerprint on the walk it learnt from, such a candidate is itself scored
/// leave-one-out within the training phones. The left-out phone's rows are
/// never read before its own scoring.
///
/// In-sample, for comparison: the candidate that does best on all phones,
/// calibrated on all of them, scored on all of them.
public struct CrossValidation: Sendable {
    public struct Fold: Hashable, Sendable {
        public let phone: String
        /// The phones it was tuned and calibrated on.
        public let trainedOn: [String]
        public let chosen: StrategySpec
        public let accuracy: SelectionAccuracy
    }

    public struct Outcome: Sendable {
        public let family: String
        public let folds: [Fold]
        /// Every left-out session pooled.
        public let crossValidated: SelectionAccuracy
        public let inSampleChoice: StrategySpec
        public let inSample: SelectionAccuracy

        /// The mean of the folds' accuracies (each track weighs alike).
        public var meanOfTracks: Double { folds.map(\.accuracy.accuracy).reduce(0, +) / Double(Swift.max(1, folds.count)) }
        public var lowest: Double { folds.map(\.accuracy.accuracy).min() ?? .nan }
        public var highest: Double { folds.map(\.accuracy.accuracy).max() ?? .nan }
    }

    public let every: Double

    public init(every: Double) { self.every = every }

    /// Needs at least three phones (a position-based candidate is tuned
    /// leave-one-out within the other phones, and each inner fold needs a walk).
    /// About how many sessions `run` scores for `grid` on `trace`: each of its
    /// T folds and the in-sample pass score every candidate over about the
    /// whole trace's sessions; a candidate that learns from a survey does so
    /// once per inner fold, with a survey fitted for each (counted as T times
    /// as many). What a command checks against its work limit before it starts.
    public func sessionScores(_ grid: TuningGrid, on trace: RSSITrace) -> Double {
        let tracks = Double(trace.phones.count)
        let sessions = trace.sessions(every: every)
        let surveyFactor = grid.candidates.contains(where: \.needsSurvey) ? tracks : 1
        return (tracks + 1) * Double(grid.candidates.count) * sessions * surveyFactor
    }

    public func run(_ grid: TuningGrid, on trace: RSSITrace) throws(CalibrationError) -> Outcome {
        let phones = trace.phones
        guard phones.count >= 3 else { throw CalibrationError("cross-validation needs at least 3 phones (tracks), the trace has \(phones.count)") }
        guard !grid.candidates.isEmpty else { throw CalibrationError("strategy family '\(grid.family)' has no candidates") }
        var folds: [Fold] = []
        var pooled: [TraceDecision] = []
        for phone in phones {
            let training = phones.filter { $0 != phone }
            let chosen = try tune(grid, on: trace.keeping(phones: training))
            let decisions = try score(chosen, trainedOn: trace.keeping(phones: training), scoredOn: trace.keeping(phones: [phone]))
            folds.append(Fold(phone: phone, trainedOn: training, chosen: chosen, accuracy: SelectionAccuracy(decisions)))
            pooled += decisions
        }
        let inSampleChoice = try best(grid) { spec throws(CalibrationError) in try score(spec, trainedOn: trace, scoredOn: trace) }
        return Outcome(family: grid.family, folds: folds, crossValidated: SelectionAccuracy(pooled),
                       inSampleChoice: inSampleChoice, inSample: SelectionAccuracy(try score(inSampleChoice, trainedOn: trace, scoredOn: trace)))
    }

    /// The candidate that does best on `training` (only its rows are read).
    public func tune(_ grid: TuningGrid, on training: RSSITrace) throws(CalibrationError) -> StrategySpec {
        let phones = training.phones
        // One survey per inner fold, shared by every candidate.
        var inner: [(phone: String, survey: SiteSurvey?)] = []
        if grid.candidates.contains(where: \.needsSurvey) {
            for phone in phones { inner.append((phone, try training.keeping(phones: phones.filter { $0 != phone }).survey())) }
        }
        return try best(grid) { spec throws(CalibrationError) in
            guard spec.needsSurvey else { return try score(spec, trainedOn: training, scoredOn: training) }
            var decisions: [TraceDecision] = []
            for (phone, survey) in inner {
                decisions += replay(spec, survey: survey, on: training.keeping(phones: [phone]))
            }
            return decisions
        }
    }

    /// Decisions on `scoredOn` with a survey (if the spec needs one) from `trainedOn`.
    func score(_ spec: StrategySpec, trainedOn: RSSITrace, scoredOn: RSSITrace) throws(CalibrationError) -> [TraceDecision] {
        replay(spec, survey: spec.needsSurvey ? try trainedOn.survey() : nil, on: scoredOn)
    }

    private func replay(_ spec: StrategySpec, survey: SiteSurvey?, on trace: RSSITrace) -> [TraceDecision] {
        guard let strategy = try? spec.strategy(survey: survey) else { return [] } // never: a survey is given when needed
        return TraceReplay(strategy: strategy, every: every).decisions(trace)
    }

    /// The candidate with the most right decisions; ties to the earlier one.
    private func best(_ grid: TuningGrid, _ decisions: (StrategySpec) throws(CalibrationError) -> [TraceDecision]) throws(CalibrationError) -> StrategySpec {
        var best: (spec: StrategySpec, right: Int)?
        for spec in grid.candidates {
            let right = try decisions(spec).filter(\.isRight).count
            if best == nil || right > (best?.right ?? 0) { best = (spec, right) }
        }
        return best?.spec ?? grid.candidates[0]
    }
}
