import MizanFormats
import MizanSim

/// What `mizan evaluate` prints and writes: a text table, CSV (one row per
/// family and track, plus the pooled, mean-of-tracks, difference-from-baseline
/// and in-sample rows) and JSON Lines. Every cross-validated figure over all
/// tracks comes with a 95 % bootstrap interval over the tracks
/// (`TrackBootstrap`); the difference is against `baseline` (`strongest`).
public enum CrossValidationReport {
    public static let baseline = "strongest"

    static func percent(_ value: Double) -> String { Figures.percent(value) }
    static func signed(_ value: Double) -> String { Figures.signedPercent(value) }
    static func interval(_ i: TrackBootstrap.Interval, _ format: (Double) -> String = CrossValidationReport.percent) -> String { "[\(format(i.low)), \(format(i.high))]" }

    /// The intervals of one outcome: pooled, mean of tracks, and pooled minus the baseline's (nil without a baseline).
    public struct Intervals: Sendable {
        public let pooled: TrackBootstrap.Interval
        public let meanOfTracks: TrackBootstrap.Interval
        public let difference: (value: Double, interval: TrackBootstrap.Interval)?
    }

    public static func intervals(_ outcome: CrossValidation.Outcome, baseline: CrossValidation.Outcome?) -> Intervals {
        let folds = outcome.folds.map(\.accuracy)
        let bootstrap = TrackBootstrap(tracks: folds.count)
        var difference: (Double, TrackBootstrap.Interval)?
        if let baseline, baseline.folds.map(\.phone) == outcome.folds.map(\.phone) {
            difference = (outcome.crossValidated.accuracy - baseline.crossValidated.accuracy,
                          bootstrap.pooledDifference(folds, minus: baseline.folds.map(\.accuracy)))
        }
        return Intervals(pooled: bootstrap.pooled(folds), meanOfTracks: bootstrap.meanOfTracks(folds), difference: difference)
    }

    static func baselineOutcome(in outcomes: [CrossValidation.Outcome]) -> CrossValidation.Outcome? {
        outcomes.first { $0.family == baseline }
    }

    public static func text(_ outcomes: [CrossValidation.Outcome], every: Double, window: Double) -> String {
        let tracks = outcomes.first?.folds.map(\.phone) ?? []
        var lines = [
            "leave-one-track-out over \(tracks.count) tracks: window \(Figures.text(window, digits: 3)) s, a session every \(Figures.text(every, digits: 3)) s",
            "accuracy in % (cross-validated: every left-out session pooled; tracks: mean [lowest, highest] of the \(tracks.count) left-out tracks;",
            "[95 %]: bootstrap over the left-out tracks, \(TrackBootstrap.resamples) resamples; vs \(baseline): pooled difference in points, same resamples)",
            "",
            "strategy | cross-validated [95 %] | tracks mean [min, max] [95 %] | vs \(baseline) [95 %] | in-sample | decided p50 / p99 s | in-sample choice",
            "---|---|---|---|---|---|---",
        ]
        let reference = baselineOutcome(in: outcomes)
        for outcome in outcomes {
            let cv = outcome.crossValidated
            let ci = intervals(outcome, baseline: reference)
            let times = "\(cv.timeToDecide.p50.map { Figures.text($0, digits: 2) } ?? "n/a") / \(cv.timeToDecide.p99.map { Figures.text($0, digits: 2) } ?? "n/a")"
            let versus = ci.difference.map { "\(signed($0.value)) \(interval($0.interval, signed))" } ?? "n/a"
            lines.append("\(outcome.family) | \(percent(cv.accuracy)) (\(cv.right)/\(cv.sessions)) \(interval(ci.pooled)) | \(percent(outcome.meanOfTracks)) [\(percent(outcome.lowest)), \(percent(outcome.highest))] \(interval(ci.meanOfTracks)) | \(versus) | \(percent(outcome.inSample.accuracy)) | \(times) | \(outcome.inSampleChoice.label)")
        }
        lines += ["", "left-out track accuracy in %:", "", "strategy | " + tracks.joined(separator: " | "), "---" + String(repeating: "|---", count: tracks.count)]
        for outcome in outcomes {
            lines.append("\(outcome.family) | " + outcome.folds.map { percent($0.accuracy.accuracy) }.joined(separator: " | "))
        }
        return lines.joined(separator: "\n")
    }

    /// `accuracy` is a fraction; `ciLow`/`ciHigh` its 95 % track-bootstrap
    /// interval (empty on per-track and in-sample rows). `mean-of-tracks` rows
    /// hold the mean of the left-out tracks' accuracies; `minus-strongest` rows
    /// the pooled difference from the baseline (a fraction, may be negative).
    public static let csvHeader = "strategy,evaluation,track,sessions,decided,right,accuracy,ciLow,ciHigh,decideP50,decideP99,parameters"

    public static func csvRows(_ outcome: CrossValidation.Outcome, baseline: CrossValidation.Outcome?) -> [String] {
        func n(_ value: Double) -> String { Figures.csv(value) }
        func row(_ evaluation: String, _ track: String, _ a: SelectionAccuracy, _ parameters: String,
                 accuracy: Double? = nil, interval: TrackBootstrap.Interval? = nil) -> String {
            [outcome.family, evaluation, track, String(a.sessions), String(a.decided), String(a.right), n(accuracy ?? a.accuracy),
             interval.map { n($0.low) } ?? "", interval.map { n($0.high) } ?? "",
             a.timeToDecide.p50.map { Figures.text($0, digits: 3) } ?? "", a.timeToDecide.p99.map { Figures.text($0, digits: 3) } ?? "", parameters]
                .joined(separator: ",")
        }
        let ci = intervals(outcome, baseline: baseline)
        var rows = outcome.folds.map { row("cross-validated", $0.phone, $0.accuracy, $0.chosen.label) }
        rows.append(row("cross-validated", "all", outcome.crossValidated, "tuned per track", interval: ci.pooled))
        rows.append(row("mean-of-tracks", "all", outcome.crossValidated, "tuned per track", accuracy: outcome.meanOfTracks, interval: ci.meanOfTracks))
        if let difference = ci.difference {
            rows.append(row("minus-\(Self.baseline)", "all", outcome.crossValidated, "tuned per track", accuracy: difference.value, interval: difference.interval))
        }
        rows.append(row("in-sample", "all", outcome.inSample, outcome.inSampleChoice.label))
        return rows
    }

    public static func csv(_ outcomes: [CrossValidation.Outcome]) -> String {
        let reference = baselineOutcome(in: outcomes)
        return ([csvHeader] + outcomes.flatMap { csvRows($0, baseline: reference) }).joined(separator: "\n") + "\n"
    }

    /// One JSON object per family; intervals as `[low, high]`.
    public static func jsonLine(_ outcome: CrossValidation.Outcome, baseline: CrossValidation.Outcome?) -> String {
        let ci = intervals(outcome, baseline: baseline)
        func n(_ value: Double?) -> JSON { .figure(value) }
        func interval(_ low: Double, _ high: Double) -> JSON { .array([n(low), n(high)]) }
        let folds: [JSON] = outcome.folds.map { fold in
            .object([("track", .string(fold.phone)), ("sessions", .int(fold.accuracy.sessions)),
                     ("right", .int(fold.accuracy.right)), ("accuracy", n(fold.accuracy.accuracy)),
                     ("tuned", .string(fold.chosen.label)),
                     ("trainedOn", .array(fold.trainedOn.map(JSON.string)))])
        }
        return JSON.object([
            ("strategy", .string(outcome.family)),
            ("crossValidated", n(outcome.crossValidated.accuracy)),
            ("sessions", .int(outcome.crossValidated.sessions)),
            ("right", .int(outcome.crossValidated.right)),
            ("crossValidatedInterval", interval(ci.pooled.low, ci.pooled.high)),
            ("meanOfTracks", n(outcome.meanOfTracks)),
            ("meanOfTracksInterval", interval(ci.meanOfTracks.low, ci.meanOfTracks.high)),
            ("baseline", .string(Self.baseline)),
            ("minusBaseline", ci.difference.map { n($0.value) } ?? .null),
            ("minusBaselineInterval", ci.difference.map { interval($0.interval.low, $0.interval.high) } ?? .null),
            ("lowestTrack", n(outcome.lowest)),
            ("highestTrack", n(outcome.highest)),
            ("inSample", n(outcome.inSample.accuracy)),
            ("inSampleChoice", .string(outcome.inSampleChoice.label)),
            ("decideP50", n(outcome.crossValidated.timeToDecide.p50)),
            ("decideP99", n(outcome.crossValidated.timeToDecide.p99)),
            ("folds", .array(folds)),
        ]).spaced
    }
}
