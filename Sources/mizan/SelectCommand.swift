import MizanSelection
import MizanProtocol
import MizanFormats
import MizanSim
import MizanRecordings

/// `mizan select`: replays a recorded trace and says how often a strategy chose the nearest till.
enum SelectCommand {
    static let usage = """
    usage: mizan select --tills FILE --trace FILE [--strategy S [parameters]] [--every S] [--json]
                        [--calibration FILE] [--walk FILE]

    Replays a trace in RSSI trace format v1 (docs/rssi-trace-format.md): every
    --every seconds (default 0.5) a session starts, asks the strategy after one
    window and again every window until it names a till (or 10 s pass), and the
    choice is held against the till truly nearest the phone at that moment.
    Prints accuracy overall, accuracy where the nearest till is at least 1 m
    closer than the second, and the median extra distance to the chosen till.
      --tills FILE  tills.csv (till,x,y,z)
      --trace FILE  trace.csv (t,phone,till,rssi,x,y,z)
      --every S     seconds between session starts (default 0.5, from 0.01 to 3600);
                    at most 2,000,000 sessions (phone-seconds / S) in one replay,
                    and at most 4e9 replay steps (MIZAN_REPLAY_LIMIT=N raises it);
                    position and fingerprint weigh every cell of their map against
                    each sample: at most 1.6e11 cell-samples (MIZAN_MAP_LIMIT=N
                    raises it; docs/running-a-floor.md, input limits)
      --json        print one JSON object instead of text
      --calibration FILE  position, fingerprint: mizan calibrate's output (default:
                          fitted on --walk)
      --walk FILE   position, fingerprint: a calibration walk (trace.csv with the
                    same tills); fingerprint requires it. Scoring on the walk
                    itself is in-sample: `mizan evaluate` is the honest score.
    \(StrategyArguments.usage)
    """

    /// The most sessions one replay makes (each is kept until the accuracy is counted).
    static let maximumSessions = 2_000_000

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan select", arguments)
        if args.wantsHelp { print(usage); return 0 }
        guard let tills = try args.value("--tills") else { throw UsageError("mizan select: --tills FILE is required") }
        guard let tracePath = try args.value("--trace") else { throw UsageError("mizan select: --trace FILE is required") }
        let every = try args.number("--every", in: 0.01...3600) ?? 0.5
        let json = try args.flag("--json")
        let calibrationPath = try args.value("--calibration")
        let walkPath = try args.value("--walk")
        let spec = try StrategyArguments.read(&args)
        try args.finish(elsewhere: StrategyArguments.elsewhere(spec))

        if spec.needsSurvey {
            if spec.name == .fingerprint || spec.base == .fingerprint, walkPath == nil {
                throw UsageError("mizan select: fingerprint learns from a calibration walk: --walk FILE is required")
            }
            if calibrationPath == nil, walkPath == nil {
                throw UsageError("mizan select: '\(spec.name.rawValue)' needs --calibration FILE (mizan calibrate's output) or --walk FILE")
            }
        } else if calibrationPath != nil || walkPath != nil {
            throw UsageError("mizan select: --calibration and --walk are for the position-based strategies (position, fingerprint)")
        }

        let trace = try RSSITrace.read(tillsPath: tills, tracePath: tracePath)
        // Memory grows with the sessions replayed: bound them before replaying any.
        let sessions = trace.sessions(every: every)
        guard sessions <= Double(maximumSessions) else {
            throw UsageError("mizan select: \(tracePath) records \(Int(trace.phoneSeconds)) phone-seconds: at --every \(every) that is about \(Int(sessions)) sessions, over the limit of \(maximumSessions); give a larger --every")
        }
        // Time grows with the samples each session scores and the tills it ranks: bound the steps as well.
        try WorkLimit.replays("mizan select").check(TraceReplay.work(trace, every: every, scanWindow: spec.value(.window)),
            "\(tracePath) at --every \(every) (about \(Int(sessions)) sessions, \(trace.rows.count) samples, \(trace.tills.count) tills)")
        var survey: SiteSurvey?
        if spec.needsSurvey {
            // Each decision scores every cell of the map: bound the cells scored as well.
            let map = WorkLimit.mapWork(over: trace.placements, sessions: sessions, samples: trace.rows.count,
                                        window: spec.value(.window), every: every)
            try WorkLimit.maps("mizan select").check(map.work,
                "\(tracePath) at --every \(every) (about \(Int(sessions)) sessions, \(trace.rows.count) samples) on a map of \(map.cells) cells over \(tills)'s tills")
            let walk = try walkPath.map { path throws(InputError) in try RSSITrace.read(tillsPath: tills, tracePath: path) }
            let calibration: TillCalibration
            if let calibrationPath {
                calibration = try CalibrationFile.read(path: calibrationPath)
                try CalibrationFile.checkTills(calibration.offsets.map(\.till), calibration: calibrationPath, known: Set(trace.tills.map(\.id)), tillsPath: tills)
            } else if let walk {
                calibration = try Calibration(walk).model
            } else {
                throw UsageError("mizan select: '\(spec.name.rawValue)' needs --calibration FILE or --walk FILE")
            }
            survey = SiteSurvey(tills: trace.placements, calibration: calibration, walk: walk?.walk ?? [])
        }
        let strategy: SelectionStrategy
        do { strategy = try spec.strategy(survey: survey) } catch { throw UsageError("mizan select: \(error.description)") }
        let accuracy = SelectionAccuracy(TraceReplay(strategy: strategy, every: every).decisions(trace))
        print(json ? SelectionReport.json(accuracy, strategy: spec, every: every) : SelectionReport.text(accuracy, strategy: spec, every: every))
        return 0
    }
}
