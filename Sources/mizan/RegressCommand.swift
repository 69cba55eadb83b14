import MizanRehearsal
import MizanSim
import MizanFormats

/// `mizan regress drop-mid-handshake`: drops the link at every step and instant of the handshake, over many seeds.
enum RegressCommand {
    static let usage = """
    usage: mizan regress drop-mid-handshake [--seeds N] [--out DIR] [--seed S --drop DROP [--trace FILE]]

    Runs the real host and phone over the simulated medium (one till, one phone)
    and drops the link at every protocol step from the phone's key to the result,
    at offsets inside each message's flight, and at instants across the
    handshake, with N seeds each. Prints per drop how often each (host ending,
    phone ending) pair occurred and writes DIR/drop-mid-handshake.csv and .svg.
    Exits 1 if the agreement rule rejects any pair or a transaction never ends,
    printing the seed and a command that replays it.
      --seeds N     seeds 1 to N for every drop (default 200)
      --out DIR     where to write the CSV and the SVG chart (default: .; a run of
                    --seed or --drop writes them only where --out is given)
      --seed S      run this one seed only
      --drop DROP   run this drop only (a label of the table, e.g. after-pick+3.75ms)
      --trace FILE  with --seed and --drop: write that run's trace, one JSON line per event
    """

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan regress", arguments)
        if args.wantsHelp { print(usage); return 0 }
        guard let name = args.positional() else { throw UsageError("mizan regress: which regression? (drop-mid-handshake)\n\n\(usage)") }
        guard name == "drop-mid-handshake" else { throw UsageError("mizan regress: unknown regression '\(name)' (expected drop-mid-handshake)") }
        let count = try args.integer("--seeds", in: UInt64(1)...UInt64(1_000_000))
        let outGiven = try args.folder("--out")
        let out = outGiven ?? "."
        let single = try args.integer("--seed", in: UInt64(0)...UInt64.max)
        let dropLabel = try args.value("--drop")
        let tracePath = try args.value("--trace")
        try args.finish()
        // A part of the table (one seed, one drop) is written only where --out says.
        let writes = outGiven != nil || (single == nil && dropLabel == nil)
        var outputs = OutputPaths("mizan regress")
        if writes { outputs.folder("--out", out, writing: ["drop-mid-handshake.csv", "drop-mid-handshake.svg"]) }
        outputs.file("--trace", tracePath)
        try outputs.check()
        if count != nil, single != nil { throw UsageError("mizan regress: give --seeds or --seed, not both") }

        var cases = DropRegression.cases
        if let dropLabel {
            cases = cases.filter { $0.label == dropLabel }
            guard !cases.isEmpty else {
                throw UsageError("mizan regress: unknown drop '\(dropLabel)'; expected one of: " + DropRegression.cases.map(\.label).joined(separator: ", "))
            }
        }
        try outputs.make()
        if let tracePath {
            guard let seed = single, let drop = cases.first, dropLabel != nil else {
                throw UsageError("mizan regress: --trace needs --seed and --drop (one run)")
            }
            let file = try OutputFile(path: tracePath)
            _ = try DropRegression.run(drop, seed: seed, trace: TraceWriter { file.writeLine($0) })
            try file.close()
        }
        let seeds: [UInt64] = single.map { [$0] } ?? Array(1...(count ?? 200))

        let progress = Progress(total: .seconds(cases.count * seeds.count))
        Interrupt.install()
        var ran = 0
        let table = try DropRegression.run(cases: cases, seeds: seeds, stopping: { Interrupt.requested }) { done, _ in
            ran = done
            progress.show(.seconds(done))
        }
        progress.finish()
        if Interrupt.requested, ran < cases.count * seeds.count {
            print(RegressText.render(table, seeds: seeds.count))
            printError("mizan regress: stopped by \(Interrupt.name) after \(ran) of \(cases.count * seeds.count) runs: the table above is of those; nothing written")
            return Interrupt.status
        }

        print(RegressText.render(table, seeds: seeds.count))
        if writes {
            let csv = out + "/drop-mid-handshake.csv"
            let svg = out + "/drop-mid-handshake.svg"
            try TextFile.write(RegressionCSV.render(table), to: csv)
            let title = "drop mid-handshake: pairs of endings per drop (\(seeds.count) seed\(seeds.count == 1 ? "" : "s") each)"
            try TextFile.write(RegressionChart.render(table, title: title), to: svg)
            print("wrote \(csv) and \(svg)")
        }
        guard table.violations.isEmpty else {
            for violation in table.violations {
                printError("violation: \(violation.drop.label), seed \(violation.seed): \(violation.description)")
                printError("  replay: mizan regress drop-mid-handshake --seed \(violation.seed) --drop \(violation.drop.label) --trace trace.jsonl")
            }
            return 1
        }
        return 0
    }
}
