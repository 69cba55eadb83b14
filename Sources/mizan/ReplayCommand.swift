import MizanSim
import MizanFormats

/// `mizan replay`: runs a floor again with its seed and prints every event of
/// one transaction, in order, in readable form.
enum ReplayCommand {
    static let usage = """
    usage: mizan replay [--floor FLOOR.json] [--seed N] [--minutes M] [--tills T] [--payers P] --transaction ID [--trace FILE] [--out DIR] [--pcap FILE]

    Runs the floor again with the same seed (the embedded default floor when no
    file is given; give the same overrides as the run) and prints the events
    of transaction ID: its number in transactions.jsonl, from 1.
      --trace FILE  take the events from FILE, the trace the run wrote (mizan run
                    --trace, or trace.jsonl in its --out folder), read as it
                    streams in. The trace must be whole (end with its end
                    record) and be this run's: its end record names the
                    floor (a digest of the file's content and the overrides)
                    and the seed, and its events are the replay's, line
                    for line (the first that differs is named).
      --out DIR     also write the run's folder as 'mizan run --out DIR' does
                    (its summary printed first); open DIR/report.html#transaction=ID
                    at this transaction's diagram
      --pcap FILE   also write the transaction's air as a capture for Wireshark:
                    its till's advertising (a phone alone: the till it chose),
                    its phone's connection request and their link's exchanges,
                    from its start to its end (docs/outputs.md, air.pcapng)
    \(FloorOptions.help)
    """

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan replay", arguments)
        if args.wantsHelp { print(usage); return 0 }
        var floorOptions = try FloorOptions.read(&args)
        floorOptions.path = try args.value("--floor")
        let seed = try args.integer("--seed", in: UInt64(0)...UInt64.max) ?? 1
        guard let number = try args.integer("--transaction", in: 1...Int.max) else {
            throw UsageError("mizan replay: --transaction ID is required\n\n\(usage)")
        }
        let tracePath = try args.value("--trace")
        let outDirectory = try args.folder("--out")
        let pcapPath = try args.value("--pcap")
        // The floor as `mizan run` takes it, in front: it is --floor here.
        try args.finish(unexpected: { $0.hasSuffix(".json") && floorOptions.path == nil ? "give the floor as --floor \($0)" : nil })
        var outputs = OutputPaths("mizan replay")
        outputs.file("--pcap", pcapPath)
        outputs.input(floorOptions.path, tracePath)
        // Checked beside the run's folder, as mizan run declares it (no --pcap in it), which mizan
        // run makes and fills: `outputs` makes only the capture's folder.
        var checked = outputs
        RunFolder.declare(outDirectory, in: &checked)
        try checked.check()
        if let outDirectory {
            // The run's folder, by mizan run's own rules: the same floor, seed and overrides.
            var runArguments: [String] = []
            var rest = arguments[...]
            while let argument = rest.popFirst() {
                switch argument {
                case "--transaction", "--trace", "--out", "--pcap": _ = rest.popFirst()
                case "--floor": if let path = rest.popFirst() { runArguments.insert(path, at: 0) }
                default: runArguments.append(argument)
                }
            }
            let status = try RunCommand.main(runArguments + ["--out", outDirectory])
            guard status == 0 else { return status }
            print("open \(outDirectory)/report.html#transaction=\(number) for its diagram\n")
        }
        let (plan, floorDescription) = try floorOptions.load(command: "mizan replay")
        let run = TraceIdentity(describing: floorDescription, seed: seed)
        guard let (report, transaction) = try replay(plan, run: run, number: number, tracePath: tracePath) else { return 2 }
        let record = report.ledger.settled[number - 1]
        print("transaction \(number) of \(plan.name), seed \(seed): \(transaction.till), \(transaction.phone)")
        print("endings: till \(record.pair.host?.screen.rawValue ?? "-"), phone \(record.pair.phone?.screen.rawValue ?? "-")")
        for event in transaction.events {
            let time = TransactionsFile.seconds(event.time).compact
            print("  \(time) s  \(event.device.padding(9))  \(event.event)\(event.details.isEmpty ? "" : "  " + event.details)")
        }
        if let pcapPath {
            let capture = AirCapture(only: AirCapture.Scope(till: transaction.airTill?.index, phone: transaction.phoneDevice?.index,
                                                            from: transaction.start, to: transaction.end))
            _ = try Floor(plan: plan, seed: seed, air: capture).run()
            try outputs.make()
            try TextFile.write(bytes: capture.pcapng(), to: pcapPath)
            print("wrote \(pcapPath): \(capture.packets) packets of transaction \(number)")
        }
        return 0
    }

    /// The run of `plan` (`run`: its floor's digest and seed), and the events
    /// of its transaction `number`: from the run itself, or read from the
    /// trace it recorded at `tracePath`, which must name the same run.
    /// Nil (after saying so) when the run settled no such transaction.
    static func replay(_ plan: FloorPlan, run: TraceIdentity, number: Int, tracePath: String?) throws -> (FloorReport, TransactionTrace)? {
        let seed = run.seed
        // The run once, to find the transaction.
        let report = try Floor(plan: plan, seed: seed).run()
        guard var transaction = TransactionTrace(report: report, number: number) else {
            printError("mizan replay: no transaction \(number): this run settled \(report.transactions)")
            return nil
        }
        if let tracePath {
            // The same run again, each event compared as it goes with the trace's, which must be this run's,
            // keeping the transaction's events as the trace gives them: the trace is read once, as it streams in.
            let check = try RecordedTraceCheck(path: tracePath)
            _ = try Floor(plan: plan, seed: seed, events: { event in check.compare(event).map { transaction.collect($0) } }).run()
            try check.finish(run: run)
        } else {
            // The same run again (one seed, one run), keeping only the transaction's typed events as they happen: memory stays flat.
            _ = try Floor(plan: plan, seed: seed, events: { transaction.collect($0) }).run()
        }
        return (report, transaction)
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
