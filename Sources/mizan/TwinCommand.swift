import MizanSim
import MizanFormats
import MizanRecordings
import MizanRadio

/// `mizan twin`: a digital twin of a recorded room (docs/digital-twin.md).
enum TwinCommand {
    static let usage = """
    usage: mizan twin --tills FILE --trace FILE (--fit-trace FILE | --radio FILE) [--seed N] [--out DIR]
           mizan twin --tills FILE --trace FILE (--fit-trace FILE | --radio FILE) --compare [--seeds N] [--every S] [--no-room-map] [--own-exponents] [--no-direction] [--elevation-loss] [--json FILE] [--svg FILE]
           mizan twin --tills FILE --trace FILE --leave-one-out [--seeds N] [--every S] [--no-room-map] [--own-exponents] [--no-direction] [--elevation-loss] [--json FILE] [--svg FILE]

    Puts the tills of a recording (RSSI trace format v1) where they were, moves
    a simulated phone along each recorded phone's path at the recorded times,
    and writes what the tills hear as a trace in format v1 (docs/digital-twin.md,
    docs/signal-model.md).
      --tills FILE      tills.csv of the recording
      --trace FILE      trace.csv of the recording
      --fit-trace FILE  fit the radio (path loss, offsets, shadowing, fading,
                        advertising, scanning) on this trace (same tills), e.g.
                        the other tracks
      --radio FILE      or take it from `mizan calibrate` output or a floor
                        file's radio section (shares of the spread and the
                        scanning as fitted on the Danis tracks)
      --seed N          the simulation's seed (default 1)
      --out DIR         write tills.csv and trace.csv there (default: trace.csv on stdout)
      --compare         score every strategy (defaults, 1 s window) on the real
                        and the simulated traces (seeds 1...N) side by side, with
                        packets per receiver per second and RSSI histograms
      --leave-one-out   for each phone (track): fit on the other phones, simulate
                        it, compare (the README's six-track table)
      --no-room-map     leave out the room's own shadowing where the training
                        tracks passed (in by default; docs/digital-twin.md)
      --own-exponents   keep each till's own exponent, not drawn toward the
                        shared one as far as the training leaves it in doubt
      --no-direction    leave out the carried device's gain by direction (fitted
                        and in by default)
      --elevation-loss  also fit the tills' loss toward steep angles per mounting
                        height (an experiment: worse in both rooms)
      --seeds N         seeds to average over (default 5)
      --every S         seconds between session starts (default 0.5)
      --json FILE       also write the comparison as one JSON object
      --svg FILE        also draw it: accuracy per strategy and RSSI histograms
    Work: the phone-seconds recorded (each track a second more) times the
    tills times the seeds (one
    without --compare or --leave-one-out; times the tracks with
    --leave-one-out) may be at most 1,000,000 till-seconds; MIZAN_TWIN_LIMIT=N
    raises it. The comparisons' replays may take at most 4e9 steps
    (MIZAN_REPLAY_LIMIT=N), their position-based strategies weigh at most 1.6e11
    cell-samples (MIZAN_MAP_LIMIT=N), and the fits correlate at most 1e10 pairs
    of residuals (MIZAN_FIT_LIMIT=N).
    """

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan twin", arguments)
        if args.wantsHelp { print(usage); return 0 }
        guard let tillsPath = try args.value("--tills") else { throw UsageError("mizan twin: --tills FILE is required") }
        guard let tracePath = try args.value("--trace") else { throw UsageError("mizan twin: --trace FILE is required") }
        let fitPath = try args.value("--fit-trace")
        let radioPath = try args.value("--radio")
        let leaveOneOut = try args.flag("--leave-one-out")
        let compare = try args.flag("--compare")
        if try args.flag("--room-map") {
            throw UsageError("mizan twin: the room map is part of every fit; --no-room-map leaves it out")
        }
        let structure = TwinFit.Structure(roomMap: !(try args.flag("--no-room-map")), shrinkExponents: !(try args.flag("--own-exponents")),
                                          direction: !(try args.flag("--no-direction")), elevation: try args.flag("--elevation-loss"))
        let givenSeed = try args.integer("--seed", in: UInt64.min...UInt64.max)
        let givenSeeds = try args.integer("--seeds", in: 1...1000)
        let givenEvery = try args.number("--every", in: 0.01...3600)
        let outDirectory = try args.folder("--out")
        let jsonPath = try args.value("--json")
        let svgPath = try args.value("--svg")
        try args.finish()
        let sources = [fitPath, radioPath].compactMap { $0 }.count + (leaveOneOut ? 1 : 0)
        guard sources == 1 else { throw UsageError("mizan twin: give exactly one of --fit-trace FILE, --radio FILE or --leave-one-out") }
        if compare && leaveOneOut { throw UsageError("mizan twin: give --compare or --leave-one-out, not both (--leave-one-out compares each track)") }
        try checkSettings(comparing: compare || leaveOneOut, mode: leaveOneOut ? "--leave-one-out" : "--compare", fitted: radioPath == nil,
                          given: [("--seed", givenSeed != nil), ("--out", outDirectory != nil), ("--seeds", givenSeeds != nil), ("--every", givenEvery != nil),
                                  ("--json", jsonPath != nil), ("--svg", svgPath != nil), ("--no-room-map", !structure.roomMap),
                                  ("--own-exponents", !structure.shrinkExponents), ("--no-direction", !structure.direction),
                                  ("--elevation-loss", structure.elevation)])
        let seed = givenSeed ?? 1
        let seeds = givenSeeds ?? 5
        let every = givenEvery ?? 0.5
        if compare || leaveOneOut, seeds < 2 {
            throw UsageError("mizan twin: \(leaveOneOut ? "--leave-one-out" : "--compare") needs --seeds of at least 2: it sets each seed against the mean of the others, and one seed has no others; got \(seeds)")
        }

        var outputs = OutputPaths("mizan twin")
        outputs.folder("--out", outDirectory, writing: ["tills.csv", "trace.csv"])
        outputs.file("--json", jsonPath)
        outputs.file("--svg", svgPath)
        outputs.input(tillsPath, tracePath, fitPath, radioPath)
        try outputs.check()

        let recording = try RSSITrace.read(tillsPath: tillsPath, tracePath: tracePath)
        let fitRecording = try fitPath.map { path throws in try RSSITrace.read(tillsPath: tillsPath, tracePath: path) }
        // The simulation's work and output grow with the phone-seconds recorded and the tills heard: bound them before any is simulated.
        // Leave one out also simulates, fold by fold, the other tracks as the position strategies' walk: about every track once more per fold.
        let runs = (compare || leaveOneOut ? seeds : 1) * (leaveOneOut ? recording.phones.count : 1)
        // Each track counts a second more than it records: a track of one instant is still simulated and fitted.
        func work(_ trace: RSSITrace) -> Double { (trace.phoneSeconds + Double(trace.phones.count)) * Double(trace.tills.count) }
        try WorkLimit.twin.check(work(recording) * Double(runs),
                                 "\(tracePath) (\(Int(recording.phoneSeconds)) phone-seconds and \(recording.phones.count) tracks, counted a second more each, \(recording.tills.count) tills, \(runs) simulation\(runs == 1 ? "" : "s") of it)")
        // --compare also simulates the --fit-trace's tracks at every seed (the position strategies learn from them).
        if compare, let fitPath, let fitRecording {
            try WorkLimit.twin.check((work(recording) + work(fitRecording)) * Double(seeds),
                                     "\(tracePath) with \(fitPath) (\(Int(fitRecording.phoneSeconds)) phone-seconds and \(fitRecording.phones.count) tracks more, \(seeds) simulations of both)")
        }
        // A fit correlates pairs of residuals near in place or time, as many as the square of a dense recording's rows.
        let pairLimit = try WorkLimit.fits.value()
        if let fitPath, let fitRecording {
            try WorkLimit.fits.check(TwinFit.pairs(in: fitRecording), "\(fitPath) (\(fitRecording.rows.count) rows)")
        } else if leaveOneOut {
            try WorkLimit.fits.check(Double(recording.phones.count) * TwinFit.pairs(in: recording),
                                     "\(tracePath) (\(recording.rows.count) rows, fitted once for each of its \(recording.phones.count) tracks)")
        }
        let radioFile = try radioPath.map { path throws in (path, try TwinRadio.read(path: path)) }
        if let (path, radio) = radioFile {
            try CalibrationFile.checkTills(Array(radio.offsets.keys), calibration: path, known: Set(recording.tills.map(\.id)), tillsPath: tillsPath)
        }
        try outputs.make()
        // The position-based strategies need training tracks to learn from: --fit-trace's, or the other tracks.
        let strategies = TwinComparison.defaultStrategies(withSurvey: radioPath == nil)
        if !recording.hasHeadings { noteWalkingHeadings(tracePath) }
        let seedList = (1...UInt64(seeds)).map { $0 }
        var comparisons: [TwinComparison]
        if leaveOneOut {
            guard recording.phones.count >= 2 else { throw InputError(path: tracePath, "--leave-one-out needs at least two phones (tracks)") }
            let folds: [TwinLeaveOneOut.Fold]
            do { folds = try TwinLeaveOneOut.folds(recording, structure: structure, maximumPairs: pairLimit) } catch {
                throw InputError(path: tracePath, "cannot fit the radio without one of its tracks: \(error.description)")
            }
            // Each held-out track is simulated with the radio fitted to the others: bound its replays by that radio.
            try checkReplays(folds.map { fold in (recording.only { $0 == fold.phone }, fold.fit.radio.advertising) },
                             tracePath: tracePath, tillsPath: tillsPath, strategies: strategies, seeds: seeds, every: every)
            comparisons = TwinLeaveOneOut.compare(recording, folds: folds, seeds: seedList, strategies: strategies, every: every)
        } else {
            let radio: TwinRadio
            var fit: TwinFit?
            if let fitPath, let training = fitRecording {
                if !training.hasHeadings, fitPath != tracePath { noteWalkingHeadings(fitPath) }
                do { fit = try TwinFit(training, structure: structure, maximumPairs: pairLimit) } catch { throw InputError(path: fitPath, "cannot fit the radio: \(error.description)") }
                radio = fit?.radio ?? TwinRadio.danisDefault
                for item in fit?.assumed ?? [] { printError("mizan twin: \(fitPath) does not give the \(item); taken from the Danis fit") }
            } else if let (path, read) = radioFile {
                radio = read
                printError("mizan twin: \(path) gives the reference RSSI, the exponent and the spread (and a calibration's till offsets); how the spread splits, the fades' lengths and channel K, the sensitivity, the advertising and the scanning are taken from the Danis fit (docs/digital-twin.md)")
            } else {
                throw UsageError("mizan twin: give exactly one of --fit-trace FILE, --radio FILE or --leave-one-out")
            }
            let twin = DigitalTwin(radio: radio)
            if compare {
                try checkReplays([(recording, radio.advertising)], tracePath: tracePath, tillsPath: tillsPath,
                                 strategies: strategies, seeds: seeds, every: every)
            }
            guard compare else {
                let simulated = twin.simulate(recording, seed: seed)
                if let outDirectory { try simulated.write(to: outDirectory) } else { print(simulated.csvText().trace, terminator: "") }
                return 0
            }
            let training = fitRecording.map { tracks in
                TwinComparison.Training(real: tracks, simulated: seedList.map { twin.simulate(tracks, seed: $0) })
            }
            comparisons = [TwinComparison(name: "all", real: recording, simulated: seedList.map { twin.simulate(recording, seed: $0) },
                                          strategies: strategies, every: every, fit: fit, training: training)]
        }
        for spec in strategies where !(comparisons.first?.strategies.contains { $0.strategy == spec } ?? false) {
            printError("mizan twin: \(spec.label) is left out of the comparison: its survey could not be fitted on the training tracks\(leaveOneOut ? " of one of the folds" : "")")
        }
        if fitPath == nil {
            for comparison in comparisons {
                for item in comparison.fit?.assumed ?? [] {
                    printError("mizan twin: the tracks other than \(comparison.name) do not give the \(item); taken from the Danis fit")
                }
            }
        }
        print(TwinReport.table(comparisons), terminator: "")
        if let jsonPath { try TextFile.write(TwinReport.json(comparisons), to: jsonPath) }
        if let svgPath {
            try TextFile.write(TwinReport.svg(comparisons, title: "Recording against its twin (\(seeds) seeds; every \(Figures.text(every, digits: 2)) s)"), to: svgPath)
        }
        return 0
    }

    /// Says that a trace without headings has its carriers face the way they walk (`RecordedPath`).
    static func noteWalkingHeadings(_ path: String) {
        printError("mizan twin: \(path) has no heading column: its carriers face the way they walk (positions 0.5 s either side; standing, the way they last faced)")
    }

    /// The replays a comparison makes, bounded before any is made (`WorkLimit.replays`, and
    /// `WorkLimit.maps` for the position-based strategies): each strategy replays each of
    /// `parts` (the recording, or each track held out) and, at every seed, its twin, whose
    /// tracks are the recording's, each till heard at most as often as the twin's radio
    /// advertises (`advertising`: every packet on every channel).
    static func checkReplays(_ parts: [(trace: RSSITrace, advertising: AdvertisingSchedule)], tracePath: String, tillsPath: String,
                             strategies: [StrategySpec], seeds: Int, every: Double) throws(UsageError) {
        var steps = 0.0, cellSamples = 0.0, cells = 0, sessions = 0.0, samples = 0.0
        for (trace, advertising) in parts {
            let recorded = Double(trace.rows.count)
            let simulated = Swift.max(recorded, advertising.mostPackets(tracks: trace.phones.count, seconds: trace.phoneSeconds) * Double(trace.tills.count))
            sessions += trace.sessions(every: every)
            samples += recorded
            for spec in strategies {
                let window = spec.value(.window)
                for (rows, count) in [(recorded, 1.0), (simulated, Double(seeds))] {
                    steps += count * TraceReplay.work(sessions: trace.sessions(every: every), tills: trace.tills, samples: rows, every: every, scanWindow: window)
                    guard spec.needsSurvey else { continue }
                    let map = WorkLimit.mapWork(over: trace.placements, sessions: trace.sessions(every: every), samples: Int(rows), window: window, every: every)
                    cells = map.cells
                    cellSamples += count * map.work
                }
            }
        }
        let what = "\(tracePath) at --every \(every) (about \(Int(sessions)) sessions, \(Int(samples)) samples, \(parts.first?.trace.tills.count ?? 0) tills), replayed by \(strategies.count) strategies on it and \(seeds) twins"
        try WorkLimit.replays("mizan twin").check(steps, what)
        try WorkLimit.maps("mizan twin").check(cellSamples, "\(what), its position-based strategies on a map of \(cells) cells over \(tillsPath)'s tills")
    }

    /// Every option has an effect in the mode chosen, or is refused naming the mode:
    /// one simulation (`--seed`, `--out`) or a comparison over seeds (`--seeds`,
    /// `--every`, `--json`, `--svg`); the structure flags (`--no-room-map`, `--own-exponents`,
    /// `--no-direction`, `--elevation-loss`) shape a fit, so they need a radio that is fitted
    /// (`--fit-trace`, `--leave-one-out`), not read.
    static func checkSettings(comparing: Bool, mode: String, fitted: Bool, given: [(name: String, present: Bool)]) throws(UsageError) {
        let present = Set(given.filter(\.present).map(\.name))
        for name in ["--seed", "--out"] where comparing && present.contains(name) {
            throw UsageError("mizan twin: \(name) is for one simulation, and \(mode) runs seeds 1 to N (--seeds N) and writes no recording; leave \(name) out, or give --json FILE or --svg FILE")
        }
        for name in ["--seeds", "--every", "--json", "--svg"] where !comparing && present.contains(name) {
            throw UsageError("mizan twin: \(name) goes with --compare or --leave-one-out; one simulation (without them) runs one seed (--seed) and writes its recording")
        }
        for name in ["--no-room-map", "--own-exponents", "--no-direction", "--elevation-loss"] where !fitted && present.contains(name) {
            throw UsageError("mizan twin: \(name) is fitted on training tracks (--fit-trace FILE or --leave-one-out), and --radio takes the radio as it is written; leave \(name) out, or fit the radio")
        }
    }
}