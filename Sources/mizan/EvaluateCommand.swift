import MizanFormats
import MizanSelection
import MizanSim
import MizanRecordings

/// `mizan evaluate`: leave-one-track-out cross-validation of every strategy family on a trace.
enum EvaluateCommand {
    static let usage = """
    usage: mizan evaluate --tills FILE --trace FILE [--window S] [--every S] [--family NAME ...] [--csv FILE] [--json FILE]
                          [--tradeoff FILE] [--tradeoff-svg FILE]

    Scores each strategy family honestly on a trace in RSSI trace format v1
    (docs/rssi-trace-format.md) with at least 3 phones (tracks): for each track,
    the family's parameters are tuned over a fixed grid on the other tracks
    (and a position-based strategy is calibrated on them, its fingerprint
    learnt from them), then scored on the track left out; sessions as in
    `mizan select`. Prints, per family, the cross-validated accuracy (every
    left-out session pooled), the mean and range over the left-out tracks,
    and the in-sample accuracy (tuned and calibrated on every track, scored on
    them), then the accuracy on each left-out track. Every figure over all
    tracks has a 95 % interval from a bootstrap over the left-out tracks, and
    each family's pooled difference from 'strongest' (always scored, as the
    baseline) has one too: a difference whose interval holds 0 is no win.
    The grids: docs/selection-strategies.md. Work: the sessions scored over
    every family, fold and candidate (and --tradeoff's) may be at most 5,000,000
    (the six Danis tracks, every family, are about 2,400,000);
    MIZAN_EVALUATE_LIMIT=N raises it. Their replays may take at most 4e9 steps
    (MIZAN_REPLAY_LIMIT=N). The position-based families weigh every cell of
    their map against each sample: at most 1.6e11 cell-samples (the six Danis
    tracks: 8.2e10); MIZAN_MAP_LIMIT=N raises it.
      --tills FILE   tills.csv (till,x,y,z)
      --trace FILE   trace.csv (t,phone,till,rssi,x,y,z)
      --window S     every strategy's window, not tuned (default 1)
      --every S      seconds between session starts (default 0.5)
      --family NAME  evaluate only this family (repeatable; strongest, the baseline, always),
                     e.g. fingerprint, 'confident(strongest)', fingerprint+motion
      --csv FILE     one row per family and left-out track, plus pooled, mean-of-tracks,
                     minus-strongest (with intervals) and in-sample rows
      --json FILE    one JSON object per family (JSON Lines)
      --tradeoff FILE      also accuracy against time to decide: confident over
                           strongest, mean, position and fingerprint at margins
                           0-12 dB and deadlines 2 and 3 s, leave-one-track-out (CSV)
      --tradeoff-svg FILE  the same as a chart
    """

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan evaluate", arguments)
        if args.wantsHelp { print(usage); return 0 }
        guard let tills = try args.value("--tills") else { throw UsageError("mizan evaluate: --tills FILE is required") }
        guard let tracePath = try args.value("--trace") else { throw UsageError("mizan evaluate: --trace FILE is required") }
        let window = try args.number("--window", in: StrategyParameter.window.range) ?? 1
        let every = try args.number("--every", in: 0.01...3600) ?? 0.5
        let families = try args.values("--family")
        let csvPath = try args.value("--csv")
        let jsonPath = try args.value("--json")
        let tradeOffPath = try args.value("--tradeoff")
        let tradeOffSVGPath = try args.value("--tradeoff-svg")
        try args.finish()
        var outputs = OutputPaths("mizan evaluate")
        outputs.file("--csv", csvPath)
        outputs.file("--json", jsonPath)
        outputs.file("--tradeoff", tradeOffPath)
        outputs.file("--tradeoff-svg", tradeOffSVGPath)
        outputs.input(tills, tracePath)
        try outputs.check()

        let grids: [TuningGrid]
        do { grids = try TuningGrid.standard(window: window) } catch { throw UsageError("mizan evaluate: \(error.description)") }
        for family in families where !grids.contains(where: { $0.family == family }) {
            throw UsageError("mizan evaluate: --family expects one of \(grids.map(\.family).joined(separator: ", ")), got '\(family)'")
        }
        // The baseline is always scored: every family's difference from it comes with an interval.
        let chosen = families.isEmpty ? grids : grids.filter { families.contains($0.family) || $0.family == CrossValidationReport.baseline }
        let trace = try RSSITrace.read(tillsPath: tills, tracePath: tracePath)
        let validation = CrossValidation(every: every)
        let tradeOff = tradeOffPath != nil || tradeOffSVGPath != nil ? TradeOff(every: every, window: window) : nil
        // The work grows with tracks, candidates and sessions: bound it before any is scored.
        var scored = chosen.map { (grid: $0, scores: validation.sessionScores($0, on: trace)) }
        if let tradeOff {
            do { scored += try tradeOff.sessionScores(on: trace) } catch { throw UsageError("mizan evaluate: \(error.description)") }
        }
        let what = "\(tracePath) (\(trace.phones.count) tracks, \(Int(trace.phoneSeconds)) phone-seconds) at --every \(every)\(tradeOff == nil ? "" : " with --tradeoff")"
        try WorkLimit.evaluate.check(scored.reduce(0) { $0 + $1.scores }, what)
        // Each session score weighs what one replay's session does: its steps, and on a map its cells.
        let sessions = trace.sessions(every: every)
        try WorkLimit.replays("mizan evaluate").check(scored.reduce(0) { $0 + $1.scores } * TraceReplay.work(trace, every: every, scanWindow: window) / sessions, what)
        let mapped = scored.filter { $0.grid.candidates.contains(where: \.needsSurvey) }
        let map = WorkLimit.mapWork(over: trace.placements, sessions: sessions, samples: trace.rows.count, window: window, every: every)
        try WorkLimit.maps("mizan evaluate").check(mapped.reduce(0) { $0 + $1.scores } * map.work / sessions,
            "\(what), its position-based families (\(mapped.map(\.grid.family).joined(separator: ", "))) on a map of \(map.cells) cells over \(tills)'s tills")
        try outputs.make()
        var outcomes: [CrossValidation.Outcome] = []
        let progress = Progress(total: .seconds(chosen.count + (tradeOff == nil ? 0 : 1)))
        for (index, grid) in chosen.enumerated() {
            do { outcomes.append(try validation.run(grid, on: trace)) } catch {
                throw UsageError("mizan evaluate: \(tracePath): \(error.description)")
            }
            progress.show(.seconds(index + 1))
        }
        // Everything is worked out before anything is written: a trade-off that cannot be fitted leaves no outputs behind.
        var points: [TradeOff.Point] = []
        if let tradeOff {
            do { points = try tradeOff.run(on: trace) } catch {
                throw UsageError("mizan evaluate: \(tracePath): \(error.description)")
            }
            progress.show(.seconds(chosen.count + 1))
        }
        progress.finish()
        print(CrossValidationReport.text(outcomes, every: every, window: window))
        if let csvPath {
            try TextFile.write(CrossValidationReport.csv(outcomes), to: csvPath)
        }
        if let jsonPath {
            let baseline = outcomes.first { $0.family == CrossValidationReport.baseline }
            try TextFile.write(outcomes.map { CrossValidationReport.jsonLine($0, baseline: baseline) }.joined(separator: "\n") + "\n", to: jsonPath)
        }
        if let tradeOffPath {
            try TextFile.write(([TradeOff.csvHeader] + points.map(TradeOff.csvRow)).joined(separator: "\n") + "\n", to: tradeOffPath)
        }
        if let tradeOffSVGPath {
            try TextFile.write(TradeOff.svg(points, title: "Confident-or-wait: accuracy against time to decide (leave-one-track-out)"), to: tradeOffSVGPath)
        }
        return 0
    }
}
