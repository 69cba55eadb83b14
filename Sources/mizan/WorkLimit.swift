import MizanFormats
import MizanSelection
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bound on the work a command will take on, checked before it starts
/// from what its inputs ask for, as `mizan select` bounds its sessions:
/// over it, the command refuses with the figure, the limit and how to raise
/// it (an environment variable, as `MIZAN_INPUT_LIMIT` raises the input size).
struct WorkLimit {
    let command: String
    /// What is counted, in the plural ("till-seconds simulated").
    let unit: String
    let standard: Double
    let variable: String

    /// The limit in force: the variable when set (a number from 1), else the standard.
    func value() throws(UsageError) -> Double {
        guard let text = getenv(variable).map({ String(cString: $0) }) else { return standard }
        guard let number = DecimalNumber.read(text), number >= 1 else {
            throw UsageError("\(command): \(variable) must be a number from 1, got '\(text)'")
        }
        return number
    }

    /// Refuses `work` (`what` says where it comes from) over the limit.
    func check(_ work: Double, _ what: String) throws(UsageError) {
        let limit = try value()
        guard work <= limit else {
            throw UsageError("\(command): \(what) is \(Self.format(work)) \(unit), over the limit of \(Self.format(limit)); ask for less, or raise the limit with \(variable)=N")
        }
    }

    static func format(_ value: Double) -> String {
        value < 1e15 ? String(Int64(value.rounded(.up))) : "\(value)"
    }

    /// `mizan twin`: simulated phone-seconds times the tills each hears, times the seeds (and the
    /// folds of leave one out). The six Danis tracks, leave one out at 10 seeds, are about 300,000
    /// (about 8 s); the standard limit is three times that.
    static let twin = WorkLimit(command: "mizan twin", unit: "till-seconds to simulate", standard: 1_000_000, variable: "MIZAN_TWIN_LIMIT")

    /// `mizan evaluate`: sessions scored, over every family, fold and candidate (a family
    /// that learns from a survey scores each candidate once per inner fold). The six Danis
    /// tracks, every family, are about 2,400,000 (about 85 s on one core); the standard limit is twice that.
    static let evaluate = WorkLimit(command: "mizan evaluate", unit: "session scores", standard: 5_000_000, variable: "MIZAN_EVALUATE_LIMIT")

    /// `mizan rssi-experiment`: the most packets its sessions can draw, every till's on every
    /// channel until the 10 s deadline (`ExperimentPlan.work`). 1,000 sessions of 1,000 tills
    /// at the defaults (100 ms, three channels: 3 x 10^8), which decide after their 1 s window,
    /// take about 1.9 s here, `docs/examples/spacing.json` (2.3 x 10^7) 0.3 s; the standard
    /// limit is 3 x 10^9 (about 20 s where sessions decide after 1 s, about 5 minutes where
    /// every session waits for its deadline).
    static let experiment = WorkLimit(command: "mizan rssi-experiment", unit: "till-packets", standard: 3_000_000_000,
                                      variable: "MIZAN_EXPERIMENT_LIMIT")

    /// `mizan twin`'s fits: the pairs of residuals near in place or time that each fit correlates
    /// (`TwinFit.pairs(in:)`, once a track with `--leave-one-out`). At about 15 ns a pair here
    /// at the slowest seen, the standard limit of 10^10 is about 2.5 minutes.
    static let fits = WorkLimit(command: "mizan twin", unit: "pairs of residuals to correlate", standard: 10_000_000_000, variable: "MIZAN_FIT_LIMIT")

    /// `mizan select`, `mizan evaluate` and `mizan twin`'s comparisons: the most steps their
    /// replays can take (`TraceReplay.work`: each session's asks and its ranking of the tills,
    /// each sample scored by every session that began at most the deadline before it, and each
    /// strategy call's slot for every till id in the trace's span and its own fixed cost).
    /// The costliest step seen is a sample scored by `ema` in a session that waits (70 to 80 ns
    /// here; `mean` deciding at its first ask, about 12 ns): the standard limit of 4 x 10^9 is
    /// about 5 minutes at that rate.
    static func replays(_ command: String) -> WorkLimit {
        WorkLimit(command: command, unit: "replay steps", standard: 4_000_000_000, variable: "MIZAN_REPLAY_LIMIT")
    }

    /// `mizan select`, `mizan evaluate` and `mizan rssi-experiment` with a position-based strategy (position, fingerprint):
    /// each decision weighs every cell of the map (`RadioMap.grid`, which grows with the area the
    /// tills span) against each sample of its window, so the work is those cells times the samples
    /// the decisions weigh (`mapWork`). The six Danis tracks, every family of `mizan evaluate`,
    /// weigh 8.2e10 (about 85 s here with the other families); the 48-fold copy of them replayed every
    /// 0.01 s with fingerprint (2,000,000 sessions) 7.3e10, in about 140 s (about 2 ns a cell-sample);
    /// the standard limit is 1.6e11, about twice the first (about 5 minutes).
    static func maps(_ command: String) -> WorkLimit {
        WorkLimit(command: command, unit: "cell-samples weighed", standard: 160_000_000_000, variable: "MIZAN_MAP_LIMIT")
    }

    /// The map's cells and the cell-samples that `sessions` position-based decisions weigh on it:
    /// each weighs every cell against each sample of its window (a trace's sample falls in the
    /// windows of `window / every` sessions), and every cell once more for the tills it names.
    static func mapWork(over placements: [TillPlacement], sessions: Double, samples: Int, window: Double, every: Double)
        -> (cells: Int, work: Double) {
        let grid = RadioMap.grid(over: placements), cells = grid.columns * grid.rows
        return (cells, Double(cells) * (sessions + Double(samples) * window / every))
    }
}
