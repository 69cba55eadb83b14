import MizanFormats
import MizanSim

/// What `mizan evaluate` prints and writes: a text table, CSV (one row per
/// family and track, plus the pooled and in-sample rows) and JSON Lines.
public enum CrossValidationReport {
    static func percent(_ value: Double) -> String { value.isNaN ? "n/a" : Decimals.format(value * 100, digits: 1) }

    public static func text(_ outcomes: [CrossValidation.Outcome], every: Double, window: Double) -> String {
        let tracks = outcomes.first?.folds.map(\.phone) ?? []
        var lines = [
            "leave-one-track-out over \(tracks.count) tracks: window \(Decimals.format(window, digits: 3)) s, a session every \(Decimals.format(every, digits: 3)) s",
            "accuracy in % (cross-validated: every left-out session pooled; tracks: mean [lowest, highest] of the six left-out tracks)",
            "",
            "strategy | cross-validated | tracks mean [min, max] | in-sample | decided p50 / p99 s | in-sample choice",
            "---|---|---|---|---|---",
        ]
        for outcome in outcomes {
            let cv = outcome.crossValidated
            let times = "\(cv.timeToDecide.p50.map { Decimals.format($0, digits: 2) } ?? "n/a") / \(cv.timeToDecide.p99.map { Decimals.format($0, digits: 2) } ?? "n/a")"
            lines.append("\(outcome.family) | \(percent(cv.accuracy)) (\(cv.right)/\(cv.sessions)) | \(percent(outcome.meanOfTracks)) [\(percent(outcome.lowest)), \(percent(outcome.highest))] | \(percent(outcome.inSample.accuracy)) | \(times) | \(outcome.inSampleChoice.label)")
        }
        lines += ["", "left-out track accuracy in %:", "", "strategy | " + tracks.joined(separator: " | "), "---" + String(repeating: "|---", count: tracks.count)]
        for outcome in outcomes {
            lines.append("\(outcome.family) | " + outcome.folds.map { percent($0.accuracy.accuracy) }.joined(separator: " | "))
        }
        return lines.joined(separator: "\n")
    }

    public static let csvHeader = "strategy,evaluation,track,sessions,decided,right,accuracy,decideP50,decideP99,parameters"

    public static func csvRows(_ outcome: CrossValidation.Outcome) -> [String] {
        func row(_ evaluation: String, _ track: String, _ a: SelectionAccuracy, _ parameters: String) -> String {
            [outcome.family, evaluation, track, String(a.sessions), String(a.decided), String(a.right), Decimals.format(a.accuracy, digits: 4),
             a.timeToDecide.p50.map { Decimals.format($0, digits: 3) } ?? "", a.timeToDecide.p99.map { Decimals.format($0, digits: 3) } ?? "", parameters]
                .joined(separator: ",")
        }
        return outcome.folds.map { row("cross-validated", $0.phone, $0.accuracy, $0.chosen.label) }
            + [row("cross-validated", "all", outcome.crossValidated, "tuned per track"),
               row("in-sample", "all", outcome.inSample, outcome.inSampleChoice.label)]
    }

    /// One JSON object per family.
    public static func jsonLine(_ outcome: CrossValidation.Outcome) -> String {
        func n(_ value: Double?) -> String { value.map { $0.isFinite ? JSONText.number($0) : "null" } ?? "null" }
        let folds = outcome.folds.map { fold in
            JSONText.object([("track", JSONText.string(fold.phone)), ("sessions", String(fold.accuracy.sessions)),
                             ("right", String(fold.accuracy.right)), ("accuracy", n(fold.accuracy.accuracy)),
                             ("tuned", JSONText.string(fold.chosen.label)),
                             ("trainedOn", "[" + fold.trainedOn.map { JSONText.string($0) }.joined(separator: ",") + "]")])
        }
        return JSONText.object([
            ("strategy", JSONText.string(outcome.family)),
            ("crossValidated", n(outcome.crossValidated.accuracy)),
            ("sessions", String(outcome.crossValidated.sessions)),
            ("right", String(outcome.crossValidated.right)),
            ("meanOfTracks", n(outcome.meanOfTracks)),
            ("lowestTrack", n(outcome.lowest)),
            ("highestTrack", n(outcome.highest)),
            ("inSample", n(outcome.inSample.accuracy)),
            ("inSampleChoice", JSONText.string(outcome.inSampleChoice.label)),
            ("decideP50", n(outcome.crossValidated.timeToDecide.p50)),
            ("decideP99", n(outcome.crossValidated.timeToDecide.p99)),
            ("folds", "[" + folds.joined(separator: ",") + "]"),
        ])
    }
}
