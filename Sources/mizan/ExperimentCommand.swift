import MizanFormats
import MizanRecordings

/// `mizan rssi-experiment EXP.json`: nearest-till accuracy on simulated rows of tills.
enum ExperimentCommand {
    static let usage = """
    usage: mizan rssi-experiment EXP.json [--csv FILE] [--svg FILE]

    Runs every combination of the axes in EXP.json (docs/rssi-experiment.md):
    a payer at the middle till of a row taps Start, the phone's Find machine
    scans packets from the path-loss model and picks a till with each strategy.
    Prints one CSV row per cell: accuracy, wrong-till rate, time to decide.
    Work: at most 3e9 till-packets (cells x seeds x tills x each till's
    packets on every channel until the 10 s deadline, the most a session
    draws; MIZAN_EXPERIMENT_LIMIT=N raises it) and, for the position-based cells,
    1.6e11 cell-samples weighed (MIZAN_MAP_LIMIT=N raises it).
      --csv FILE  write the CSV there instead of stdout
      --svg FILE  also draw accuracy against till spacing, a line per strategy
    """

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan rssi-experiment", arguments)
        if args.wantsHelp { print(usage); return 0 }
        let csvPath = try args.value("--csv")
        let svgPath = try args.value("--svg")
        guard let path = args.positional() else { throw UsageError("mizan rssi-experiment: needs EXP.json\n\n\(usage)") }
        try args.finish()
        var outputs = OutputPaths("mizan rssi-experiment")
        outputs.file("--csv", csvPath)
        outputs.file("--svg", svgPath)
        outputs.input(path)
        try outputs.check()

        let plan = try ExperimentPlan.load(path: path)
        // The sessions and what position-based decisions weigh grow with every list: bound both before any cell runs.
        let work = plan.work
        try WorkLimit.experiment.check(work.tillPackets, "\(path) (\(work.cells) cells x \(plan.seeds) seeds x \(plan.tills) tills x each till's packets until the deadline)")
        try WorkLimit.maps("mizan rssi-experiment").check(work.cellSamples, "\(path), its position-based cells,")
        try outputs.make()
        let total = plan.cells.count
        let progress = Progress(total: .seconds(total))
        let results = ExperimentRunner(plan: plan).run { done, _ in progress.show(.seconds(done)) }
        progress.finish()
        let csv = ([ExperimentResult.csvHeader] + results.map(\.csvRow)).joined(separator: "\n") + "\n"
        if let csvPath { try TextFile.write(csv, to: csvPath) } else { print(csv, terminator: "") }
        if let svgPath {
            try TextFile.write(AccuracyPlot.svg(results, title: "Chose the nearest till (\(plan.seeds) seeds per point)"), to: svgPath)
        }
        return 0
    }
}
